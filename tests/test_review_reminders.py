"""Opt-in review reminders: sent at the local time on days something is due, paced, kept."""

from __future__ import annotations

import asyncio
import itertools
from datetime import UTC, datetime, time
from pathlib import Path

import pytest

from bot.domain.daily import DailyRule, NewSchedule
from bot.domain.entities import Answer, NewPost, Player
from bot.domain.models import Quiz
from bot.domain.pacer import Pacer
from bot.domain.review import Reviewer, make_scheduler
from bot.domain.review_sessions import Reminder
from bot.play.review_reminders import WAKE_KEY, ReminderRefusedError, ReminderRunner
from bot.play.service import QuizService
from bot.storage.opening import open_store
from bot.text.i18n import t
from tests.support.clocks import FakeClock, ManualTimers


class Sender:
    def __init__(self, clock: FakeClock, refuse: str = "", fail: str = "") -> None:
        self.clock = clock
        self.refuse = refuse
        self.fail = fail
        self.sent: list[tuple[str, str, datetime]] = []

    async def send_reminder(self, reminder: Reminder, text: str) -> None:
        if reminder.user_id == self.refuse:
            raise ReminderRefusedError("Forbidden: bot was blocked by the user")
        if reminder.user_id == self.fail:
            raise RuntimeError("Telegram timed out")
        self.sent.append((reminder.user_id, text, self.clock.now()))


def runner(service: QuizService, sender: Sender, pacer: Pacer | None = None) -> ReminderRunner:
    timers = ManualTimers(service.clock)
    return ReminderRunner(service, sender, timers, pacer or Pacer(25, burst=5), "tg")


async def miss(service: QuizService, user: str, question: str = "tensor-split") -> int:
    store = service.store
    store.writer.reviewer = Reviewer(make_scheduler(fuzzing=False))  # type: ignore[attr-defined]
    post = await store.create_post(
        NewPost(
            "tg:-1", "parallelism", question, (0, 1, 2, 3), 1, 1, service.clock.now(), None, None
        )
    )
    await store.add_answer(
        Answer(post.post_id, user, 1, False, service.clock.now(), 900), post, Player(user, user)
    )
    return post.post_id


async def jump(reminders: ReminderRunner, clock: FakeClock) -> None:
    timers = reminders.timers
    assert isinstance(timers, ManualTimers)
    when = timers.next_due()
    assert when is not None
    clock.current = when
    await timers.run_due()


async def test_a_reminder_comes_at_its_local_time_only_on_days_something_is_due(
    service: QuizService, clock: FakeClock
) -> None:
    sender = Sender(clock)
    reminders = runner(service, sender)
    reply = await reminders.command(["9:30", "europe/paris"], "tg:1", "tg:1", "en")
    assert reply == t("en", "review.remind_set", time="09:30", zone="Europe/Paris")
    await miss(service, "tg:1")
    await jump(reminders, clock)
    assert sender.sent == [
        ("tg:1", t("en", "review.reminder", count=1), datetime(2026, 3, 3, 8, 30, tzinfo=UTC))
    ]
    found = await service.store.get_reminder("tg:1")
    assert found is not None
    assert found.next_run_at == datetime(2026, 3, 4, 8, 30, tzinfo=UTC)
    due = await service.store.due_cards("tg:1", clock.now(), 20)
    await right(service, due[0].question_id)  # relearned: due again a day later, the 4th
    await jump(reminders, clock)
    assert len(sender.sent) == 2
    await right(service, due[0].question_id)  # the interval grows: nothing due on the 5th
    await jump(reminders, clock)
    assert len(sender.sent) == 2
    assert clock.now() == datetime(2026, 3, 5, 8, 30, tzinfo=UTC)
    assert await reminders.command([], "tg:1", "tg:1", "fr") == t(
        "fr", "review.remind_status", time="09:30", zone="Europe/Paris"
    )
    assert await reminders.command(["off"], "tg:1", "tg:1", "en") == t("en", "review.remind_off")
    assert not reminders.timers.is_pending(WAKE_KEY)


async def right(service: QuizService, question: str) -> None:
    store = service.store
    post = await store.create_post(
        NewPost(
            "tg:1", "parallelism", question, (0, 1, 2, 3), 1, 1, service.clock.now(), None, None
        )
    )
    await store.add_answer(
        Answer(post.post_id, "tg:1", 0, True, service.clock.now(), 900), post, Player("tg:1", "A")
    )


async def test_many_reminders_at_once_are_paced_and_a_refusal_stops_no_one(
    service: QuizService, clock: FakeClock
) -> None:
    sender = Sender(clock, refuse="tg:2", fail="tg:3")
    reminders = runner(service, sender, Pacer(1.0, burst=1))
    for user in ("tg:1", "tg:2", "tg:3", "tg:4"):
        await miss(service, user)
        await reminders.command(["10:00", "UTC"], user, user, "en")
    await reminders.command(["10:00", "UTC"], "dc:9", "dc:9", "en")  # another platform's
    await miss(service, "dc:9")
    for _ in range(4):
        await jump(reminders, clock)
    moments = [at for _, _, at in sender.sent]
    assert [user for user, _, _ in sender.sent] == ["tg:1", "tg:4"]
    assert await service.store.get_reminder("tg:2") is None  # refused for good: deleted
    assert await service.store.get_reminder("tg:3") is not None  # failed once: kept
    assert all((b - a).total_seconds() >= 1 for a, b in itertools.pairwise(moments))


@pytest.mark.parametrize(
    ("words", "expected"),
    [(["7:00"], "Asia/Tokyo"), (["7:00", "UTC"], "UTC"), (["7:00", "Mars/Olympus"], None)],
)
async def test_without_a_zone_the_chats_is_used(
    service: QuizService, clock: FakeClock, words: list[str], expected: str | None
) -> None:
    await service.store.save_schedule(
        NewSchedule(
            "tg:-5",
            "",
            DailyRule(time(9), "Asia/Tokyo"),
            ("parallelism",),
            "en",
            "tg:1",
            clock.now(),
        )
    )
    reminders = runner(service, Sender(clock))
    reply = await reminders.command(words, "tg:1", "tg:-5", "en")
    if expected is None:
        assert reply == t("en", "review.remind_usage")
    else:
        assert reply == t("en", "review.remind_set", time="07:00", zone=expected)


async def test_two_processes_send_each_due_reminder_once(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Two webhook workers (or two Discord shard processes) on one database wake for the
    same reminders at the same instant: the member gets one message a day, not two."""
    stores = [await open_store(database) for _ in range(2)]
    try:
        services = [QuizService(store, quizzes, clock=clock) for store in stores]
        senders = [Sender(clock), Sender(clock)]
        both = [runner(s, sender) for s, sender in zip(services, senders, strict=True)]
        await both[0].command(["9:30", "UTC"], "tg:1", "tg:1", "en")
        await both[1].resume()
        await miss(services[0], "tg:1")
        timers = [r.timers for r in both]
        assert all(isinstance(each, ManualTimers) for each in timers)
        manual = [each for each in timers if isinstance(each, ManualTimers)]
        for _ in range(3):  # three days; the card stays due (never answered again)
            clock.current = min(each.next_due() or clock.now() for each in manual)
            await asyncio.gather(*(each.run_due() for each in manual))
        sent = sorted(sent[2] for sender in senders for sent in sender.sent)
        assert sent == [datetime(2026, 3, day, 9, 30, tzinfo=UTC) for day in (2, 3, 4)]
    finally:
        for store in stores:
            await store.close()
