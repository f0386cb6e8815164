"""Each chat's time zone: set by /timezone, else its daily schedule's, else UTC; "today",
"this week" and calendar streaks follow it, and the board's heading names it."""

from __future__ import annotations

import random
from datetime import UTC, datetime, time

from bot.domain.daily import DailyRule, NewSchedule
from bot.domain.entities import Player
from bot.domain.models import Quiz
from bot.play.service import QuizService
from bot.storage.interface import Store
from bot.text import boards
from tests.support.clocks import FakeClock

CHAT = "tg:-100"
ANA = Player("tg:1", "Ana", "en")


async def schedule_in(store: Store, zone: str) -> None:
    rule = DailyRule(time(9, 0), zone)
    moment = datetime(2026, 3, 3, 14, 0, tzinfo=UTC)
    await store.save_schedule(NewSchedule(CHAT, "", rule, ("parallelism",), "en", "tg:1", moment))


async def test_the_zone_is_the_set_one_else_the_daily_schedules_else_utc(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    service = QuizService(store, quizzes, clock=clock)
    default = await service.zones.of(CHAT)
    assert (default.name, default.source) == ("UTC", "default")
    await schedule_in(store, "America/New_York")
    service.zones.forget(CHAT)
    from_daily = await service.zones.of(CHAT)
    assert (from_daily.name, from_daily.source) == ("America/New_York", "daily")
    assert await service.zones.set(CHAT, "Mars/Olympus") is None
    assert (await service.zones.of(CHAT)).name == "America/New_York"  # nothing changed
    chosen = await service.zones.set(CHAT, "europe/paris")
    assert chosen is not None
    assert (chosen.name, chosen.source) == ("Europe/Paris", "set")
    restarted = QuizService(store, quizzes, clock=clock)  # another worker, or a restart
    assert (await restarted.zones.of(CHAT)).name == "Europe/Paris"
    assert (await restarted.zones.of("tg:-200")).name == "UTC"  # per chat


async def test_today_starts_at_midnight_in_the_chats_zone(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    service = QuizService(store, quizzes, clock=clock, rng=random.Random(1))
    clock.current = datetime(2026, 3, 2, 23, 30, tzinfo=UTC)  # 00:30 on the 3rd in Paris
    started = await service.start_round(
        chat_id=CHAT,
        channel_ref="",
        player=ANA,
        quiz_id="parallelism",
        mode="group",
        questions=1,
        seconds=600,
    )
    view = await service.post_next(started.round_id)
    assert view is not None
    right = view.post.correct_letter_index(view.question)
    await service.press(chat_id=CHAT, player=ANA, post_id=view.post.post_id, letter_index=right)
    clock.current = datetime(2026, 3, 3, 0, 40, tzinfo=UTC)

    in_utc = await service.leaderboard(CHAT, "today", ANA.user_id)
    assert in_utc.top == ()  # yesterday, in UTC
    await service.zones.set(CHAT, "Europe/Paris")
    in_paris = await service.leaderboard(CHAT, "today", ANA.user_id)
    assert [entry.line.points for entry in in_paris.top] == [1]
    heading = boards.leaderboard(in_paris, None, "en").splitlines()[0]
    assert heading == "🏆 Leaderboard, today (Europe/Paris)"
    french = boards.leaderboard(in_paris, None, "fr").splitlines()[0]
    assert french.endswith("(Europe/Paris)")
    all_time = await service.leaderboard(CHAT, "all", ANA.user_id)
    assert boards.leaderboard(all_time, None, "en").splitlines()[0] == ("🏆 Leaderboard, all time")
    stats = await service.stats(CHAT, ANA.user_id)
    assert stats.current_streak == 1  # a correct answer today, in the chat's zone
