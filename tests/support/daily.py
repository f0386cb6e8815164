"""A daily runner on hand-run timers, with a publisher that records the questions it posts."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, time

from bot.domain.daily import DailyPost, DailyRule
from bot.domain.entities import Player
from bot.domain.models import Quiz
from bot.domain.views import ClosedView, QuestionView
from bot.play.daily_runner import DailyRunner
from bot.play.service import QuizService
from bot.storage.interface import Store
from tests.support.clocks import FakeClock, ManualTimers

ADMIN = Player("tg:9", "Admin", "en")


@dataclass
class QuestionsPosted:
    """Records each daily question posted: (chat, quiz key, question id)."""

    posted: list[tuple[str, str, str]] = field(default_factory=list)

    async def post_daily(
        self, daily_post: DailyPost, view: QuestionView, previous: ClosedView | None
    ) -> str:
        self.posted.append((daily_post.chat_id, view.post.quiz_id, view.post.question_id))
        return f"msg-{view.post.post_id}"

    async def show_daily_results(self, daily_post: DailyPost, closed: ClosedView) -> None:
        return None


def daily_runner(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> tuple[DailyRunner, ManualTimers, QuestionsPosted]:
    timers = ManualTimers(clock)
    publisher = QuestionsPosted()
    service = QuizService(store, quizzes, clock=clock, rng=random.Random(1))
    return DailyRunner(service, publisher, timers), timers, publisher


async def set_daily(runner: DailyRunner, chat: str, names: list[str], at: time = time(9)) -> None:
    await runner.set(
        chat_id=chat, channel_ref="", rule=DailyRule(at, "UTC"), quiz_names=names, player=ADMIN
    )


async def run_until(timers: ManualTimers, clock: FakeClock, until: datetime) -> None:
    """Let time pass: jump to each timer as it falls due, as the event loop would."""
    while (when := timers.next_due()) is not None and when <= until:
        clock.current = max(clock.current, when)
        await timers.run_due()
    clock.current = until
    await timers.run_due()
