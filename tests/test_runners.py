"""The runners both chat platforms build (bot/play/runners.py): one pacer for the bot's own
sends, a start-up where one failing runner does not stop the others, and a lost chat."""

from __future__ import annotations

import logging
import random
from datetime import UTC, datetime, time

import pytest

from bot.domain.daily import DailyPost, DailyRule
from bot.domain.models import Quiz
from bot.domain.pacer import TELEGRAM_RATE
from bot.domain.views import ClosedView, QuestionView
from bot.play import daily_pause
from bot.play.runners import ChatLost, Publishers, Runners, build_runners, lose_chat, resume
from bot.play.service import QuizService
from bot.storage.interface import Store
from tests.support.clocks import FakeClock, ManualTimers
from tests.support.rounds import ANA, RecordingPublisher

CHAT = "tg:-100"


class DailyPosts:
    """Records the chats daily questions are posted in."""

    def __init__(self) -> None:
        self.chats: list[str] = []

    async def post_daily(
        self, daily_post: DailyPost, view: QuestionView, previous: ClosedView | None
    ) -> str:
        self.chats.append(daily_post.chat_id)
        return f"msg-{view.post.post_id}"

    async def show_daily_results(self, daily_post: DailyPost, closed: ClosedView) -> None:
        """Yesterday's results: not looked at here."""


class Silent:
    """Review questions and reminders: none are due in these tests."""

    async def post_review_question(self, *_: object) -> str:
        raise AssertionError("no review question is due")

    async def show_review_verdict(self, *_: object) -> None:
        raise AssertionError("no review question is due")

    async def post_review_summary(self, *_: object) -> None:
        raise AssertionError("no review question is due")

    async def send_reminder(self, *_: object) -> None:
        raise AssertionError("no reminder is due")


def runners_on(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> tuple[Runners, ManualTimers, DailyPosts]:
    """One process's runners, as an adapter builds them."""
    service = QuizService(store, quizzes, clock=clock, rng=random.Random(1))
    daily, timers = DailyPosts(), ManualTimers(clock)
    publishers = Publishers(RecordingPublisher(), daily, Silent(), Silent())
    return build_runners(service, publishers, timers, TELEGRAM_RATE, "tg"), timers, daily


async def start_round_and_schedule(runners: Runners) -> None:
    await runners.rounds.start(chat_id=CHAT, channel_ref="", player=ANA, quiz_id="parallelism")
    rule = DailyRule(time(9, 0), "UTC")
    await runners.daily.set(
        chat_id=CHAT, channel_ref="", rule=rule, quiz_names=["parallelism"], player=ANA
    )


def test_the_daily_posts_and_the_reminders_share_one_pacer(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    runners, _, _ = runners_on(store, quizzes, clock)
    assert runners.daily.pacer is runners.reminders.pacer
    assert runners.reminders.platform == "tg"


async def test_one_runner_failing_at_start_up_leaves_the_others_running(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    clock.current = datetime(2026, 3, 4, 8, 0, tzinfo=UTC)
    before, _, _ = runners_on(store, quizzes, clock)
    await start_round_and_schedule(before)
    clock.current = datetime(2026, 3, 4, 9, 30, tzinfo=UTC)  # restarted after 09:00

    def owns(chat_id: str) -> bool:
        raise RuntimeError(f"no shard for {chat_id}")

    after, timers, daily = runners_on(store, quizzes, clock)
    with caplog.at_level(logging.ERROR, logger="bot.play.runners"):
        await resume(after, owns=owns)
        await timers.run_due()
    assert "could not resume the rounds in progress" in caplog.text
    assert daily.chats == [CHAT]  # today's question, late but posted


async def test_a_lost_chat_ends_its_rounds_and_pauses_its_schedules(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    runners, _, _ = runners_on(store, quizzes, clock)
    await start_round_and_schedule(runners)
    reason = daily_pause.BOT_REMOVED
    lost = await lose_chat(runners.rounds, runners.daily, CHAT, reason)
    assert lost == ChatLost(rounds_ended=1, schedules_paused=1)
    assert str(lost) == "1 rounds ended, 1 schedules paused"  # the adapters' log lines
    assert await store.running_rounds() == []
    assert await runners.daily.paused_reason(CHAT, "") == reason
    again = await lose_chat(runners.rounds, None, CHAT, reason)  # no daily runner: none paused
    assert again == ChatLost(rounds_ended=0, schedules_paused=0)
