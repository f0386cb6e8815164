"""The four runners a chat platform plays with, built, started and told of a lost chat the
same way on Telegram and Discord.

An adapter brings its `Publishers`; `build_runners` puts the round, daily, review and
reminder runners around one service and one set of timers, with one pacer for the daily
posts and the reminders (both are the bot's own sends, outside any command or click, so they
share the platform's rate), and, where any process may serve any chat (Telegram), the sweep
that moves on the rounds a dead process left. `resume` starts them after a start, each on
its own; `lose_chat` is what the bot does when a chat, or one channel of it, is gone.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

from bot.domain.pacer import Pacer
from bot.play.daily_runner import DailyPublisher, DailyRunner
from bot.play.publisher import Publisher
from bot.play.review import ReviewPublisher, ReviewRunner
from bot.play.review_reminders import ReminderRunner, ReminderSender
from bot.play.round_sweep import RoundSweep
from bot.play.rounds import RoundRunner
from bot.play.service import QuizService
from bot.play.timers import Timers

log = logging.getLogger(__name__)
BURST = 5
"""Sends the shared pacer lets out at once before it holds to the platform's rate."""


@dataclass(frozen=True, slots=True)
class Publishers:
    """A platform's side of the runners: what posts rounds, daily and review questions, and
    sends the review reminders."""

    rounds: Publisher
    daily: DailyPublisher
    review: ReviewPublisher
    reminders: ReminderSender


@dataclass(frozen=True, slots=True)
class Runners:
    """The runners built from one platform's publishers; the adapter keeps them where its
    handlers find them (Telegram's QuizApp, the Discord client's attributes)."""

    rounds: RoundRunner
    daily: DailyRunner
    review: ReviewRunner
    reminders: ReminderRunner
    sweep: RoundSweep | None = None
    """Moves on the rounds other processes left (bot/play/round_sweep.py); None: not swept."""


def build_runners(
    service: QuizService,
    publishers: Publishers,
    timers: Timers,
    rate: float,
    platform: str,
    sweep_every: timedelta | None = None,
) -> Runners:
    """`rate`: the platform's sends a second (bot.domain.pacer); `platform`: its id prefix,
    whose users the reminder runner serves; `sweep_every`: how often this process looks
    for rounds another process left (None: never, for a platform where a process alone
    may serve its chats)."""
    pacer = Pacer(rate, burst=BURST)
    rounds = RoundRunner(service, publishers.rounds, timers)
    return Runners(
        rounds=rounds,
        daily=DailyRunner(service, publishers.daily, timers, pacer),
        review=ReviewRunner(service, publishers.review),
        reminders=ReminderRunner(service, publishers.reminders, timers, pacer, platform),
        sweep=None if sweep_every is None else RoundSweep(rounds, sweep_every),
    )


async def resume(runners: Runners, owns: Callable[[str], bool] | None = None) -> None:
    """After a start: the rounds in progress (of the chats `owns`, one Discord shard of
    several), the daily questions, the reminders. Each on its own: one failing is logged
    and the others still start, so no broken chat keeps the bot offline."""
    steps: tuple[tuple[str, Callable[[], Awaitable[None]]], ...] = (
        ("the rounds in progress", lambda: runners.rounds.resume(owns=owns)),
        ("the daily questions", runners.daily.resume),
        ("the review reminders", runners.reminders.resume),
    )
    for what, step in steps:
        try:
            await step()
        except Exception:
            log.exception("could not resume %s", what)
    if runners.sweep is not None:
        runners.sweep.owns = owns
        runners.sweep.start()


@dataclass(frozen=True, slots=True)
class ChatLost:
    """What losing a chat (or one channel of it) stopped, for the adapter's log line."""

    rounds_ended: int
    schedules_paused: int

    def __str__(self) -> str:
        """The log's words for it, the same on every platform."""
        return f"{self.rounds_ended} rounds ended, {self.schedules_paused} schedules paused"


async def lose_chat(
    rounds: RoundRunner,
    daily: DailyRunner | None,
    chat_id: str,
    reason: str,
    channel_ref: str | None = None,
) -> ChatLost:
    """The bot was removed from the chat (or, given `channel_ref`, that channel is gone):
    its rounds end quietly, its daily schedules pause with `reason` (bot.play.daily_pause),
    kept until an admin sets them again."""
    ended = await rounds.end_chat(chat_id, channel_ref)
    paused = await daily.pause_chat(chat_id, reason, channel_ref) if daily is not None else 0
    return ChatLost(ended, paused)
