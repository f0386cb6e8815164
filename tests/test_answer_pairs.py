"""True/False and Yes/No are posted in that order (issue 26, item 11): an imported GIFT
true/false question, played, shows "True, False" at every post, whatever the shuffle draws."""

from __future__ import annotations

import random

from bot.catalog.importers import import_file
from bot.play.service import QuizService
from bot.storage.sqlite.store import SQLiteStore
from tests.support.clocks import FakeClock
from tests.support.rounds import ANA

GIFT = b"The Sun is a star.{T}\n\nPluto is a planet.{F}\n\nWhich is a star?{=Sirius ~Mars ~Io}\n"


async def test_true_false_questions_are_posted_true_then_false(
    sqlite_store: SQLiteStore, clock: FakeClock
) -> None:
    quiz = import_file("sky.gift", GIFT).quiz
    orders: dict[str, set[tuple[int, ...]]] = {question.id: set() for question in quiz.questions}
    for seed in range(12):
        service = QuizService(sqlite_store, {quiz.id: quiz}, clock=clock, rng=random.Random(seed))
        chat = f"tg:-{seed + 1}"
        started = await service.start_round(chat_id=chat, player=ANA, quiz_id=quiz.id, mode="solo")
        while (view := await service.post_next(started.round_id)) is not None:
            shown = [view.question.choices[i].versions[0][1] for i in view.post.order]
            orders[view.question.id].add(view.post.order)
            if len(shown) == 2:
                assert shown == ["True", "False"]
    assert len(orders["which-is-a-star"]) > 1  # the other question is still shuffled
