"""The typed wrong answers a group gives most (issue 27's report): grouped as the matcher
compares them, shown as their most common spelling, the five most common first; and the quiz
page of the report lists them for `text` and `number` questions, on both backends."""

from __future__ import annotations

import random
from pathlib import Path

from bot.catalog.loader import load_quiz
from bot.domain.entities import Player
from bot.domain.judging import Response
from bot.domain.wrong_answers import common_wrong
from bot.play.service import QuizService
from bot.storage.opening import open_store
from tests.support.clocks import FakeClock
from tests.support.paths import TYPES
from tests.support.web import served

QUIZ = load_quiz(TYPES / "every-type.yaml")
CAPITAL = QUIZ.questions[0]
BUBBLE = QUIZ.questions[1]
CHAT = "tg:-100777"


def test_spellings_of_one_answer_are_one_group_shown_as_the_most_common() -> None:
    typed = ["Lyon", "lyon", " LYON.", "Lyon", "Marseille", "Lyön", "Nice", "Nice"]
    assert common_wrong(CAPITAL, typed) == [("Lyon", 5), ("Nice", 2), ("Marseille", 1)]


def test_numbers_group_by_value_in_either_notation() -> None:
    typed = ["0.2", "0,2", "20 %", "0.5", "half", "Half"]
    assert common_wrong(BUBBLE, typed) == [("0,2", 3), ("Half", 2), ("0.5", 1)]  # ties: code order


def test_at_most_five_most_common_first_ties_by_spelling() -> None:
    typed = [*"bcdefg", "a", "a", "h"]
    assert common_wrong(CAPITAL, typed) == [("a", 2), ("b", 1), ("c", 1), ("d", 1), ("e", 1)]


def test_empty_lines_are_not_answers() -> None:
    assert common_wrong(CAPITAL, ["", "  ", "Lyon"]) == [("Lyon", 1)]


async def test_the_quiz_page_lists_the_common_wrong_typed_answers(
    database: Path | str, clock: FakeClock
) -> None:
    store = await open_store(database)
    try:
        service = QuizService(store, {QUIZ.id: QUIZ}, clock=clock, rng=random.Random(3))
        lines = {"ana": "Lyon", "bob": "lyon", "cat": "Marseille", "dora": "Paris"}
        for name, line in lines.items():
            player = Player(f"tg:{len(name)}{name.encode().hex()}", name)
            started = await service.start_round(
                chat_id=CHAT, player=player, quiz_id=QUIZ.id, mode="solo"
            )
            view = await service.post_next(started.round_id)
            assert view is not None
            assert view.question.id == CAPITAL.id
            await service.respond(
                chat_id=CHAT,
                player=player,
                post_id=view.post.post_id,
                response=Response(typed=line),
            )
            await service.finish_round(started.round_id, stopped=True)
    finally:
        await store.close()
    async with served(database, {QUIZ.id: QUIZ}, clock) as web:
        page = await (await web.client.get(web.path(CHAT) + f"quiz/{QUIZ.id}")).text()
    section = page.split(f'id="q-{CAPITAL.id}"', 1)[1].split("</section>", 1)[0]
    assert "Most common wrong answers, as typed" in section
    wrong = section.split('class="common-wrong"', 1)[1].split("</ol>", 1)[0]
    assert "<q>Lyon</q>" in wrong
    assert "×2" in wrong
    assert "<q>Marseille</q>" in wrong
    assert "×1" in wrong
    assert "Paris" not in wrong
    assert 'class="choices"' not in section
