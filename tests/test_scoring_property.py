"""Property: whatever the order, repetition or lateness of presses, each player's score is
the number of distinct questions they answered correctly with their first, in-time press."""

from __future__ import annotations

import asyncio
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.domain.entities import Player
from bot.domain.models import Quiz
from bot.play.service import QuizService
from bot.storage.sqlite.store import SQLiteStore
from tests.support.clocks import FakeClock

PLAYERS = [Player(f"tg:{n}", f"P{n}", "en") for n in range(4)]
QUESTIONS = 3


@dataclass(frozen=True)
class Press:
    player: int
    question: int
    letter: int
    seconds_later: int


@dataclass(frozen=True)
class Close:
    question: int


events = st.lists(
    st.one_of(
        st.builds(
            Press,
            st.integers(0, 3),
            st.integers(0, QUESTIONS - 1),
            st.integers(0, 4),
            st.integers(0, 40),
        ),
        st.builds(Close, st.integers(0, QUESTIONS - 1)),
    ),
    max_size=40,
)


async def play(quizzes: dict[str, Quiz], script: list[Press | Close]) -> tuple[dict, dict]:
    with tempfile.TemporaryDirectory() as folder:
        store = await SQLiteStore.open(Path(folder) / "quiz.db")
        try:
            clock = FakeClock()
            service = QuizService(store, quizzes, clock=clock, rng=random.Random(0))
            posts = []
            for number in range(QUESTIONS):  # one round per question, all open at once
                started = await service.start_round(
                    chat_id=f"chat{number}",
                    player=PLAYERS[0],
                    quiz_id="parallelism",
                    mode="group",
                    questions=1,
                    seconds=30,
                )
                view = await service.post_next(started.round_id)
                assert view is not None
                posts.append(view)
            expected: dict[str, int] = {p.user_id: 0 for p in PLAYERS}
            first_seen: set[tuple[int, int]] = set()
            closed: set[int] = set()
            elapsed = 0
            for event in script:
                if isinstance(event, Close):
                    await service.close(posts[event.question].post.post_id)
                    closed.add(event.question)
                    continue
                clock.advance(event.seconds_later)
                elapsed += event.seconds_later
                view = posts[event.question]
                key = (event.player, event.question)
                in_time = event.question not in closed and elapsed < 30
                if key not in first_seen and in_time and event.letter < 4:
                    first_seen.add(key)
                    if event.letter == view.post.correct_letter_index(view.question):
                        expected[PLAYERS[event.player].user_id] += 1
                await service.press(
                    chat_id=view.post.chat_id,
                    player=PLAYERS[event.player],
                    post_id=view.post.post_id,
                    letter_index=event.letter,
                )
            actual = {p.user_id: 0 for p in PLAYERS}
            for number in range(QUESTIONS):
                for line in await store.scores(f"chat{number}", None):
                    actual[line.user_id] += line.points
            return expected, actual
        finally:
            await store.close()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(script=events)
def test_score_is_distinct_correct_first_answers(
    quizzes: dict[str, Quiz], script: list[Press | Close]
) -> None:
    expected, actual = asyncio.run(play(quizzes, script))
    assert actual == expected
