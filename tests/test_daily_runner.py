"""The daily runner on a real SQLite file, driven by an injected clock and manual timers:
posting instants in several zones and across DST, catch-up and grace, restarts and a second
scheduler that never produce a double post, yesterday's results, streaks."""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time
from pathlib import Path

import pytest

from bot.domain.daily import DailyPost, DailyRule
from bot.domain.entities import NewPost, Player
from bot.domain.models import Quiz
from bot.domain.pacer import Pacer
from bot.domain.views import ClosedView, QuestionView
from bot.play.daily_runner import DailyRunner
from bot.play.gone import ChatGoneError
from bot.play.service import QuizService
from bot.storage.interface import ConstraintError, Store
from bot.storage.opening import open_store
from tests.support.clocks import FakeClock, ManualTimers

ADMIN = Player("tg:9", "Admin", "en")
ANA, BEN, CHLOE = Player("tg:1", "Ana"), Player("tg:2", "Ben"), Player("tg:3", "Chloe")


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


@dataclass
class RecordingDailyPublisher:
    """What a platform would show; `fail_posts` simulates a crash right after the claim."""

    clock: FakeClock
    posts: list[tuple[str, date, datetime, int, int | None]] = field(default_factory=list)
    results: list[tuple[int, int]] = field(default_factory=list)
    fail_posts: bool = False
    held: asyncio.Event | None = None
    """When set, a post waits for it (a send held up by rate limits); `sending` tells when."""
    sending: asyncio.Event = field(default_factory=asyncio.Event)
    gone_chats: set[str] = field(default_factory=set)
    """Chats the bot was removed from: a post there raises ChatGoneError."""
    attempts: list[str] = field(default_factory=list)

    async def post_daily(
        self, daily_post: DailyPost, view: QuestionView, previous: ClosedView | None
    ) -> str:
        self.attempts.append(daily_post.chat_id)
        if daily_post.chat_id in self.gone_chats:
            raise ChatGoneError("Forbidden: bot was kicked from the group chat")
        if self.fail_posts:
            raise ConnectionError("the process died before the message was sent")
        self.sending.set()
        if self.held is not None:
            await self.held.wait()
        previous_id = previous.view.post.post_id if previous else None
        self.posts.append(
            (daily_post.chat_id, daily_post.day, self.clock.now(), view.post.post_id, previous_id)
        )
        return f"msg-{view.post.post_id}"

    async def show_daily_results(self, daily_post: DailyPost, closed: ClosedView) -> None:
        self.results.append((closed.view.post.post_id, len(closed.answers)))


@dataclass
class Bot:
    """One process: service, runner and timers on a store."""

    runner: DailyRunner
    timers: ManualTimers
    publisher: RecordingDailyPublisher

    @property
    def service(self) -> QuizService:
        return self.runner.service


def start(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock, pacer: Pacer | None = None
) -> Bot:
    timers = ManualTimers(clock)
    service = QuizService(store, quizzes, clock=clock, rng=random.Random(1))
    publisher = RecordingDailyPublisher(clock)
    return Bot(DailyRunner(service, publisher, timers, pacer), timers, publisher)


async def run_until(bot: Bot, clock: FakeClock, until: datetime) -> None:
    """Let time pass: jump to each timer as it falls due, as the event loop would."""
    while (when := bot.timers.next_due()) is not None and when <= until:
        clock.current = max(clock.current, when)
        await bot.timers.run_due()
    clock.current = until
    await bot.timers.run_due()


async def message_of(bot: Bot, post_id: int) -> str | None:
    """The message a post was sent as, as the store has it."""
    view = await bot.service.view(post_id)
    assert view is not None
    return view.post.message_ref


async def schedule(bot: Bot, chat: str, at: time, zone: str, channel: str = "") -> None:
    rule = DailyRule(at, zone)
    await bot.runner.set(
        chat_id=chat, channel_ref=channel, rule=rule, quiz_names=["parallelism"], player=ADMIN
    )


async def test_posts_at_local_time_in_several_zones_across_dst(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = utc(2026, 3, 6, 12)
    bot = start(store, quizzes, clock)
    await schedule(bot, "tg:paris", time(9, 0), "Europe/Paris")
    await schedule(bot, "tg:ny", time(9, 0), "America/New_York")
    await schedule(bot, "tg:tokyo", time(9, 0), "Asia/Tokyo")
    await run_until(bot, clock, utc(2026, 3, 31, 0))
    posted: dict[str, list[datetime]] = {}
    for chat, _, when, _, _ in bot.publisher.posts:
        posted.setdefault(chat, []).append(when)
    assert posted["tg:ny"][1:4] == [utc(2026, 3, 7, 14), utc(2026, 3, 8, 13), utc(2026, 3, 9, 13)]
    assert posted["tg:paris"][21:24] == [
        utc(2026, 3, 28, 8),
        utc(2026, 3, 29, 7),
        utc(2026, 3, 30, 7),
    ]
    assert all(moment.hour == 0 for moment in posted["tg:tokyo"])  # 09:00 JST, no DST
    assert {chat: len(times) for chat, times in posted.items()} == {
        "tg:ny": 25,  # Mar 6 to Mar 30
        "tg:paris": 24,  # Mar 7 to Mar 30 (set after 09:00 on Mar 6)
        "tg:tokyo": 25,  # Mar 7 to Mar 31 09:00 JST, which is the end instant
    }


async def test_fall_back_days_post_once_at_nine_local(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = utc(2026, 10, 23, 12)
    bot = start(store, quizzes, clock)
    await schedule(bot, "tg:paris", time(9, 0), "Europe/Paris")
    await schedule(bot, "tg:ny", time(9, 0), "America/New_York")
    await run_until(bot, clock, utc(2026, 11, 3, 0))
    times = {(chat, day): when for chat, day, when, _, _ in bot.publisher.posts}
    assert len(times) == len(bot.publisher.posts)  # one post per chat and local date
    assert times["tg:paris", date(2026, 10, 24)] == utc(2026, 10, 24, 7)
    assert times["tg:paris", date(2026, 10, 25)] == utc(2026, 10, 25, 8)
    assert times["tg:ny", date(2026, 10, 31)] == utc(2026, 10, 31, 13)
    assert times["tg:ny", date(2026, 11, 1)] == utc(2026, 11, 1, 14)


async def test_next_post_closes_yesterday_and_mentions_it(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = utc(2026, 3, 2, 7)
    bot = start(store, quizzes, clock)
    await schedule(bot, "tg:g", time(9, 0), "Europe/Paris")
    await run_until(bot, clock, utc(2026, 3, 2, 12))
    first = bot.publisher.posts[0][3]
    view = await bot.service.view(first)
    assert view is not None
    assert view.post.round_id is None
    assert view.post.deadline == utc(2026, 3, 3, 8)
    right = view.post.correct_letter_index(view.question)
    for player, letter in ((ANA, right), (BEN, right), (CHLOE, (right + 1) % 4)):
        result = await bot.service.press(
            chat_id="tg:g", player=player, post_id=first, letter_index=letter
        )
        assert result.view is not None
    await run_until(bot, clock, utc(2026, 3, 3, 12))
    assert bot.publisher.results == [(first, 3)]
    assert bot.publisher.posts[1][4] == first  # the new post mentions yesterday's
    closed = await bot.service.view(first)
    assert closed is not None
    assert closed.post.closed_at == utc(2026, 3, 3, 8)


async def test_catch_up_inside_the_grace_window_after_a_restart(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = utc(2026, 3, 2, 7)
    first = start(store, quizzes, clock)
    await schedule(first, "tg:g", time(9, 0), "Europe/Paris")
    clock.current = utc(2026, 3, 2, 8, 59, 59)  # down over 09:00 local, back 59:59 later
    second = start(store, quizzes, clock)
    await second.runner.resume()
    assert second.publisher.posts[0][1:3] == (date(2026, 3, 2), utc(2026, 3, 2, 8, 59, 59))
    third = start(store, quizzes, clock)
    await third.runner.resume()  # another restart the same day: nothing more
    assert third.publisher.posts == []


async def test_a_post_missed_beyond_the_grace_is_skipped(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = utc(2026, 3, 2, 7)
    first = start(store, quizzes, clock)
    await schedule(first, "tg:g", time(9, 0), "Europe/Paris")
    clock.current = utc(2026, 3, 2, 9, 0, 1)  # back 1 h and 1 s late
    second = start(store, quizzes, clock)
    await second.runner.resume()
    assert second.publisher.posts == []
    await run_until(second, clock, utc(2026, 3, 3, 12))
    assert [post[1:3] for post in second.publisher.posts] == [
        (date(2026, 3, 3), utc(2026, 3, 3, 8))
    ]


async def test_a_long_outage_posts_only_today_when_in_grace(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = utc(2026, 3, 2, 7)
    first = start(store, quizzes, clock)
    await schedule(first, "tg:g", time(9, 0), "Europe/Paris")
    clock.current = utc(2026, 3, 6, 8, 30)
    second = start(store, quizzes, clock)
    await second.runner.resume()
    assert [post[1] for post in second.publisher.posts] == [date(2026, 3, 6)]


async def claimed_then_crashed(store: Store, quizzes: dict[str, Quiz], clock: FakeClock) -> int:
    """A first process claims 2026-03-02's question at 08:00 UTC and dies sending it."""
    clock.current = utc(2026, 3, 2, 7)
    first = start(store, quizzes, clock)
    await schedule(first, "tg:g", time(9, 0), "Europe/Paris")
    first.publisher.fail_posts = True
    await run_until(first, clock, utc(2026, 3, 2, 8))  # claimed, then "crashed" sending
    assert first.publisher.posts == []
    [claimed] = await store.open_daily_posts()
    return claimed.post_id


async def test_restart_between_claim_and_publish_posts_once(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    post_id = await claimed_then_crashed(store, quizzes, clock)
    clock.current = utc(2026, 3, 2, 8, 10)
    second = start(store, quizzes, clock)
    await second.runner.resume()
    await second.runner.resume()
    assert [post[3] for post in second.publisher.posts] == [post_id]
    assert await message_of(second, post_id) == f"msg-{post_id}"


async def test_a_fresh_claim_is_left_to_its_claimant(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Two workers starting together: the one that did not claim must not post it too."""
    post_id = await claimed_then_crashed(store, quizzes, clock)
    clock.current = utc(2026, 3, 2, 8, 0, 10)
    second = start(store, quizzes, clock)
    await second.runner.resume()
    assert second.publisher.posts == []
    await store.set_post_message(post_id, "sent-by-the-claimant")  # it was only slow
    await run_until(second, clock, utc(2026, 3, 2, 8, 5))
    assert second.publisher.posts == []


async def test_a_claim_left_unposted_past_the_grace_is_taken_over_once(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    post_id = await claimed_then_crashed(store, quizzes, clock)
    clock.current = utc(2026, 3, 2, 8, 0, 10)
    second = start(store, quizzes, clock)
    await second.runner.resume()
    await run_until(second, clock, utc(2026, 3, 2, 8, 5))
    assert [post[3] for post in second.publisher.posts] == [post_id]
    view = await second.service.view(post_id)
    assert view is not None
    assert view.post.opened_at == utc(2026, 3, 2, 8, 1)  # opened when finally posted


async def test_a_claimant_slowed_past_the_grace_keeps_its_claim(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Rate limits can hold a send for minutes: the claimant renews its claim meanwhile, so a
    worker starting then leaves the question to it instead of posting it a second time."""
    clock.current = utc(2026, 3, 2, 7)
    first = start(store, quizzes, clock)
    await schedule(first, "tg:g", time(9, 0), "Europe/Paris")
    first.publisher.held = asyncio.Event()
    clock.current = utc(2026, 3, 2, 8)
    sending = asyncio.create_task(first.timers.run_due())
    await first.publisher.sending.wait()
    clock.current = utc(2026, 3, 2, 8, 0, 10)
    second = start(store, quizzes, clock)
    await second.runner.resume()
    for seconds in range(20, 300, 10):  # five minutes of sending, both workers' timers run
        clock.current = utc(2026, 3, 2, 8, seconds // 60, seconds % 60)
        await first.timers.run_due()
        await second.timers.run_due()
    first.publisher.held.set()
    await sending
    await run_until(second, clock, utc(2026, 3, 2, 8, 10))
    [(_, _, _, post_id, _)] = first.publisher.posts
    assert second.publisher.posts == []
    assert await message_of(second, post_id) == f"msg-{post_id}"


async def test_two_restarts_take_an_unposted_claim_over_once(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    post_id = await claimed_then_crashed(store, quizzes, clock)
    clock.current = utc(2026, 3, 2, 8, 10)
    second, third = start(store, quizzes, clock), start(store, quizzes, clock)
    await asyncio.gather(second.runner.resume(), third.runner.resume())
    posts = second.publisher.posts + third.publisher.posts
    assert [post[3] for post in posts] == [post_id]


async def test_two_schedulers_on_one_database_post_once(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Two processes' stores (on PostgreSQL: two connection pools) claim one (channel, date)."""
    clock.current = utc(2026, 3, 2, 7)
    stores = [await open_store(database) for _ in range(2)]
    try:
        bots = [start(store, quizzes, clock) for store in stores]
        await schedule(bots[0], "tg:g", time(9, 0), "Europe/Paris")
        clock.current = utc(2026, 3, 2, 8)
        await asyncio.gather(*(bot.runner.wake() for bot in bots))
        posts = [post for bot in bots for post in bot.publisher.posts]
        assert len(posts) == 1
    finally:
        for opened in stores:
            await opened.close()


async def test_the_database_refuses_a_second_post_for_a_date(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """The rule is a constraint: a scheduler that skipped every check still cannot break it."""
    clock.current = utc(2026, 3, 2, 7)
    bot = start(store, quizzes, clock)
    await schedule(bot, "tg:g", time(9, 0), "Europe/Paris")
    await run_until(bot, clock, utc(2026, 3, 2, 8))
    [posted] = await store.open_daily_posts()
    with pytest.raises(ConstraintError):
        await store._write(
            "INSERT INTO daily_posts (chat_id, channel_ref, local_date, schedule_id, post_id, "
            "language) VALUES ('tg:g', '', '2026-03-02', 1, ?, 'en')",
            posted.post_id + 1000,
        )
    schedule_now = await store.get_schedule("tg:g", "")
    assert schedule_now is not None
    view = await bot.service.view(posted.post_id)
    assert view is not None
    again = await store.claim_daily_post(
        schedule_now, date(2026, 3, 2), _new_post_like(view), utc(2026, 3, 3, 8)
    )
    assert again is None
    assert len(await store.daily_history("tg:g", "")) == 1


def _new_post_like(view: QuestionView) -> NewPost:
    post = view.post
    return NewPost(
        post.chat_id, post.quiz_id, post.question_id, post.order, 1, 1, post.opened_at, None, None
    )


async def test_no_repeat_until_the_quiz_is_used_up(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = utc(2026, 3, 1, 12)
    bot = start(store, quizzes, clock)
    await schedule(bot, "tg:g", time(9, 0), "Europe/Paris")
    await run_until(bot, clock, utc(2026, 3, 17, 12))
    history = await store.daily_history("tg:g", "")
    asked = [past.question_id for past in history]
    size = len(quizzes["parallelism"].questions)
    assert len(asked) == 16
    assert len(set(asked[:size])) == size
    assert len(set(asked[size : 2 * size])) == size


async def test_streaks_in_stats_and_leaderboard(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = utc(2026, 3, 1, 12)
    bot = start(store, quizzes, clock)
    await schedule(bot, "tg:g", time(9, 0), "Europe/Paris")
    plan = {ANA: "RRRR", BEN: "RR-R", CHLOE: "RWRR"}
    for day in range(4):
        await run_until(bot, clock, utc(2026, 3, 2 + day, 12))
        view = await _open_view(bot)
        right = view.post.correct_letter_index(view.question)
        for player, outcomes in plan.items():
            if outcomes[day] != "-":
                letter = right if outcomes[day] == "R" else (right + 1) % 4
                await bot.service.press(
                    chat_id="tg:g", player=player, post_id=view.post.post_id, letter_index=letter
                )
    stats = {p.name: await bot.service.stats("tg:g", p.user_id) for p in plan}
    assert {name: (s.current_streak, s.best_streak) for name, s in stats.items()} == {
        "Ana": (4, 4),
        "Ben": (1, 2),
        "Chloe": (2, 2),
    }
    await run_until(bot, clock, utc(2026, 3, 6, 8, 30))  # day 5 open, not answered yet
    assert (await bot.service.stats("tg:g", ANA.user_id)).current_streak == 4
    board = await bot.service.leaderboard("tg:g", "all")
    assert board.streaks == {"tg:1": 4, "tg:3": 2, "tg:2": 1}
    await run_until(bot, clock, utc(2026, 3, 7, 8, 30))  # day 5 missed by everyone
    assert (await bot.service.stats("tg:g", ANA.user_id)).current_streak == 0


async def _open_view(bot: Bot) -> QuestionView:
    [daily_post] = await bot.runner.store.open_daily_posts()
    view = await bot.service.view(daily_post.post_id)
    assert view is not None
    return view


async def test_off_stops_posting_and_the_open_question_still_closes(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = utc(2026, 3, 2, 7)
    bot = start(store, quizzes, clock)
    await schedule(bot, "tg:g", time(9, 0), "Europe/Paris")
    await run_until(bot, clock, utc(2026, 3, 2, 12))
    assert await bot.runner.off("tg:g", "")
    assert not await bot.runner.off("tg:g", "")
    await run_until(bot, clock, utc(2026, 3, 5, 12))
    assert len(bot.publisher.posts) == 1
    assert bot.publisher.results == [(bot.publisher.posts[0][3], 0)]
    assert bot.timers.pending() == []


async def test_a_take_over_whose_send_fails_is_one_warning_not_a_failed_timer(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 16: the chat is gone (kicked, deleted channel); the retry after the claim's
    grace runs from a timer and must be guarded like start-up, one line naming the chat."""
    await claimed_then_crashed(store, quizzes, clock)
    clock.current = utc(2026, 3, 2, 8, 0, 10)
    second = start(store, quizzes, clock)
    second.publisher.fail_posts = True
    await second.runner.resume()
    with caplog.at_level(logging.WARNING, logger="bot.play.daily_runner"):
        await run_until(second, clock, utc(2026, 3, 2, 8, 5))  # raised here before
    [line] = [r.getMessage() for r in caplog.records if "resume" in r.getMessage()]
    assert "tg:g" in line
    assert "ConnectionError" in line


async def test_a_gone_chat_is_paused_after_one_failed_post_and_set_again_resumes(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Issue 16: a chat that removed the bot is paused (kept, with the reason), not tried
    every day; the other chat keeps its posts; setting the schedule again resumes it."""
    clock.current = utc(2026, 3, 2, 7)
    bot = start(store, quizzes, clock)
    await schedule(bot, "tg:gone", time(9, 0), "Europe/Paris")
    await schedule(bot, "tg:here", time(9, 0), "Europe/Paris")
    bot.publisher.gone_chats.add("tg:gone")
    await run_until(bot, clock, utc(2026, 3, 5, 12))
    assert bot.publisher.attempts.count("tg:gone") == 1
    assert [post[0] for post in bot.publisher.posts] == ["tg:here"] * 4
    reason = await bot.runner.paused_reason("tg:gone", "")
    assert reason is not None
    assert "kicked" in reason
    assert await bot.runner.schedule("tg:gone", "") is not None  # kept
    assert await bot.runner.paused_reason("tg:here", "") is None
    bot.publisher.gone_chats.clear()
    await schedule(bot, "tg:gone", time(9, 0), "Europe/Paris")
    assert await bot.runner.paused_reason("tg:gone", "") is None
    await run_until(bot, clock, utc(2026, 3, 6, 12))
    assert [post[0] for post in bot.publisher.posts].count("tg:gone") == 1


async def test_pause_chat_pauses_every_schedule_of_the_chat(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Issue 16: the bot was removed (my_chat_member, on_guild_remove): no post is tried."""
    clock.current = utc(2026, 3, 2, 7)
    bot = start(store, quizzes, clock)
    await schedule(bot, "dc:1", time(9, 0), "UTC", channel="10")
    await schedule(bot, "dc:1", time(9, 0), "UTC", channel="11")
    await schedule(bot, "dc:2", time(9, 0), "UTC", channel="20")
    assert await bot.runner.pause_chat("dc:1", "removed from the server") == 2
    await run_until(bot, clock, utc(2026, 3, 4, 12))
    assert set(bot.publisher.attempts) == {"dc:2"}
    assert await bot.runner.paused_reason("dc:1", "11") == "removed from the server"


async def test_a_failure_closing_one_chats_post_never_stops_the_others_daily_questions(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Closing overdue posts runs outside each schedule's guard: a failure there (here the
    store, once, for chat A's post) used to leave no wake timer, and no chat got its
    question again."""
    clock.current = utc(2026, 3, 2, 12)
    bot = start(store, quizzes, clock)
    close, failures = bot.service.close, []

    async def flaky(post_id: int) -> ClosedView | None:
        view = await bot.service.view(post_id)
        if not failures and view is not None and view.post.chat_id == "tg:a":
            failures.append(post_id)
            raise ConnectionError("the database went away for a moment")
        return await close(post_id)

    bot.service.close = flaky  # type: ignore[method-assign]
    await schedule(bot, "tg:a", time(9, 0), "UTC")
    await schedule(bot, "tg:b", time(9, 30), "UTC")
    await run_until(bot, clock, utc(2026, 3, 3, 12))
    assert await bot.runner.off("tg:a", "")  # its open question now closes on its own
    await run_until(bot, clock, utc(2026, 3, 7, 0))
    assert failures  # the failure happened, closing chat A's overdue question
    days = [day for chat, day, *_ in bot.publisher.posts if chat == "tg:b"]
    assert days == [date(2026, 3, d) for d in range(3, 7)]
