"""A question's timer starts when its message is out: a send the rate limiter holds back
does not shorten the time the question is shown for (injected clock, both backends)."""

from __future__ import annotations

import random
from datetime import timedelta

from bot.domain.entities import Player, Round
from bot.domain.models import Quiz
from bot.domain.rules import Accepted
from bot.domain.views import ClosedView, QuestionView, RoundSummary
from bot.play.rounds import RoundRunner
from bot.play.service import QuizService
from bot.storage.interface import Store
from tests.support.clocks import FakeClock, ManualTimers

ANA = Player("tg:1", "Ana", "en")
BEN = Player("tg:2", "Ben", "en")
CHAT = "tg:-5"
HELD_BACK = 7
"""Seconds the (simulated) rate limiter holds each question's send back."""


class SlowPublisher:
    """Sends take HELD_BACK seconds of the injected clock, as under AIORateLimiter."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock

    async def post_question(self, round_: Round, view: QuestionView) -> str:
        self.clock.advance(HELD_BACK)
        return f"msg-{view.post.post_id}"

    async def update_question(self, round_: Round, view: QuestionView, answered: int) -> None:
        pass

    async def show_results(self, round_: Round, closed: ClosedView) -> None:
        pass

    async def post_results(self, round_: Round, closed: ClosedView) -> None:
        pass

    async def post_summary(self, round_: Round, summary: RoundSummary) -> None:
        pass


async def test_the_timer_starts_once_the_question_is_out(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    timers = ManualTimers(clock)
    service = QuizService(store, quizzes, clock=clock, rng=random.Random(1))
    runner = RoundRunner(service, SlowPublisher(clock), timers)
    started_at = clock.now()
    await runner.start(
        chat_id=CHAT, channel_ref="", player=ANA, quiz_id="parallelism", questions=2, seconds=30
    )
    (post,) = await store.open_posts()
    out_at = started_at + timedelta(seconds=HELD_BACK)
    assert post.deadline == out_at + timedelta(seconds=30)  # stored: a restart keeps it
    assert timers.next_due() == post.deadline

    clock.current = out_at + timedelta(seconds=29)  # 36 s after the start: still open
    await timers.run_due()
    view = await service.view(post.post_id)
    assert view is not None
    right = view.post.correct_letter_index(view.question)
    pressed = await runner.press(
        chat_id=CHAT, player=BEN, post_id=post.post_id, letter_index=right
    )
    assert isinstance(pressed.outcome, Accepted)  # judged against the moved deadline

    clock.current = out_at + timedelta(seconds=30)
    await timers.run_due()
    closed = await store.get_post(post.post_id)
    assert closed is not None
    assert closed.closed_at is not None
    (second,) = await store.open_posts()  # the next one was held back too, and gets its 30 s
    assert second.deadline == clock.now() + timedelta(seconds=30)
