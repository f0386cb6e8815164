"""What the store keeps of a typed or picked answer (issue 27), on both backends: the line as
typed, the letters picked, one answer per (post, player), and the migration that adds it."""

from __future__ import annotations

import csv
import io
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from adapters.console import CHAT_ID, console_player
from bot.catalog.loader import load_quiz
from bot.domain.judging import NO_CHOICE, Response
from bot.domain.rules import Accepted, AlreadyAnswered
from bot.domain.views import PressResult, QuestionView
from bot.play.service import QuizService
from bot.storage.opening import open_store
from bot.storage.schema import MIGRATIONS
from bot.storage.sql.answers import RESPONSES_MIGRATION
from bot.text.export import write_csv
from tests.support.clocks import FakeClock
from tests.support.migrations import UNDO_PICKS, roll_back
from tests.support.paths import TYPES

QUIZ = load_quiz(TYPES / "every-type.yaml")
ANA = console_player("Ana", "en")


@asynccontextmanager
async def typed_service(database: Path | str, clock: FakeClock) -> AsyncIterator[QuizService]:
    """The service on a store of `database` with the every-type quiz, closed after."""
    store = await open_store(database)
    try:
        yield QuizService(store, {QUIZ.id: QUIZ}, clock=clock, rng=random.Random(3))
    finally:
        await store.close()


async def answer(service: QuizService, view: QuestionView, response: Response) -> PressResult:
    return await service.respond(
        chat_id=CHAT_ID, player=ANA, post_id=view.post.post_id, response=response
    )


async def first_posts(service: QuizService, count: int) -> list[QuestionView]:
    started = await service.start_round(chat_id=CHAT_ID, player=ANA, quiz_id=QUIZ.id, mode="solo")
    views = []
    for _ in range(count):
        view = await service.post_next(started.round_id)
        assert view is not None
        views.append(view)
    return views


async def test_the_line_typed_is_kept_and_the_first_answer_stands(
    database: Path | str, clock: FakeClock
) -> None:
    async with typed_service(database, clock) as service:
        store = service.store
        capital, bubble = await first_posts(service, 2)
        typed = await answer(service, capital, Response(typed="Pairs"))
        assert isinstance(typed.outcome, Accepted)
        again = await answer(service, capital, Response(typed="Lyon"))
        assert isinstance(again.outcome, AlreadyAnswered)
        assert again.outcome.first.response == "Pairs"
        assert again.outcome.first.correct
        await answer(service, bubble, Response(typed="27 %"))
        stored = await store.get_answer(capital.post.post_id, ANA.user_id)
        assert stored is not None
        assert (stored.choice, stored.correct, stored.response) == (NO_CHOICE, True, "Pairs")
        closed = await service.close(bubble.post.post_id)
        assert closed is not None
        assert [(a.response, a.correct) for a in closed.answers] == [("27 %", True)]


async def test_a_letter_button_does_not_answer_a_multiple_question(
    database: Path | str, clock: FakeClock
) -> None:
    """An old-style press (one letter) on a question answered by a set is refused, and stores
    nothing: the player's whole selection is judged, not their first tap."""
    async with typed_service(database, clock) as service:
        store = service.store
        views = await first_posts(service, 4)
        primes = views[3]
        assert primes.question.type == "multiple"
        pressed = await service.press(
            chat_id=CHAT_ID, player=ANA, post_id=primes.post.post_id, letter_index=0
        )
        assert not isinstance(pressed.outcome, Accepted | AlreadyAnswered)
        assert await store.get_answer(primes.post.post_id, ANA.user_id) is None


async def test_the_migration_keeps_old_answers_and_one_answer_per_player(
    database: Path | str, clock: FakeClock
) -> None:
    async with typed_service(database, clock) as service:
        store = service.store
        views = await first_posts(service, 6)
        choice = views[5]
        right = choice.post.order.index(choice.question.answer)
        await service.press(
            chat_id=CHAT_ID, player=ANA, post_id=choice.post.post_id, letter_index=right
        )
    version = MIGRATIONS.index(RESPONSES_MIGRATION)
    await roll_back(database, version, f"{UNDO_PICKS}; ALTER TABLE answers DROP COLUMN response")
    async with typed_service(database, clock) as service:
        store = service.store
        old = await store.get_answer(choice.post.post_id, ANA.user_id)
        assert old is not None
        assert (old.choice, old.correct, old.response) == (choice.question.answer, True, None)
        typed = views[0]
        for line in ("Paris", "Lyon"):
            await answer(service, typed, Response(typed=line))
        kept = await store.post_answers(typed.post.post_id)
        assert [(a.user_id, a.response) for a in kept] == [(ANA.user_id, "Paris")]


async def test_the_export_writes_the_answer_as_typed(
    database: Path | str, clock: FakeClock
) -> None:
    async with typed_service(database, clock) as service:
        store = service.store
        capital, bubble, stable, primes = await first_posts(service, 4)
        typed = (("=1+1", capital), ("27,3 %", bubble))
        for line, view in typed:
            await answer(service, view, Response(typed=line))
            clock.advance(1)
        true = stable.post.order.index(0)
        await answer(service, stable, Response((true,)))
        clock.advance(1)
        picked = tuple(primes.post.order.index(choice) for choice in (2, 0))
        await answer(service, primes, Response(picked))
        out = io.StringIO()
        write_csv(await store.export_chat(CHAT_ID), out)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert [(row["question"], row["choice"], row["correct"]) for row in rows] == [
        ("capital", "'=1+1", "0"),
        ("bubble", "27,3 %", "1"),
        ("stable", "A", "1"),
        ("primes", "AC", "1"),
    ]
