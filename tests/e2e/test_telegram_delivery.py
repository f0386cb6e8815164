"""How Telegram delivers updates, end to end with the real python-telegram-bot: at least
once (the same update_id again, to this worker or after a restart), and late after downtime."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.domain.models import Quiz
from tests.e2e.telegram_harness import GROUP, Harness, advance_to, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock
from tests.support.uploads import gift


async def settled(bot: Harness, chat: dict[str, Any], user: dict[str, Any]) -> None:
    """Every update sent so far was handled: commands run in order, so once /help is
    answered the ones before it were too."""
    since = len(bot.fake.calls)
    bot.fake.send_command(chat, user, "/help")
    await bot.fake.wait_for("sendMessage", lambda p: "/quiz NAME" in p["text"], since=since)


def questions(fake: FakeTelegramAPI, chat: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in fake.bot_messages(chat) if "Question 1/" in m["text"]]


async def test_a_redelivered_update_has_the_effect_of_one(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    """A /quiz delivered again, to the same process or to the next one, starts nothing;
    a press delivered again is not answered twice."""
    ana, ben = fake.user(1, "Ana", "en"), fake.user(2, "Ben", "en")
    database = tmp_path / "quiz.db"
    async with running_bot(fake, database, quizzes, clock) as bot:
        fake.send_command(group, ana, "/quiz parallelism 1")
        quiz_update = fake.last_update_id
        await fake.wait_for("sendMessage", lambda p: "Question 1/1" in p["text"])
        fake.redeliver_update(quiz_update)
        await settled(bot, group, ben)
        [question] = questions(fake, group)
        assert len(fake.bot_messages(group)) == 2  # the question and /help's answer

        right, _ = await bot.right_and_wrong()
        query_id = fake.press(group, ben, question["message_id"], right)
        await fake.wait_for("answerCallbackQuery", lambda p: p["callback_query_id"] == query_id)
        fake.redeliver_update(fake.last_update_id)  # the press, again
        await settled(bot, group, ben)
        assert len(fake.answers_for(query_id)) == 1
        await bot.advance(30)  # the round ends
        await fake.drained()

    async with running_bot(fake, database, quizzes, clock) as bot:  # another process
        fake.redeliver_update(quiz_update)
        await settled(bot, group, ben)
        assert len(questions(fake, group)) == 1
        assert await bot.quiz.service.store.running_rounds() == []


@contextlib.contextmanager
def sent_at(fake: FakeTelegramAPI, moment: datetime) -> Iterator[None]:
    """Messages sent meanwhile are dated `moment` (typed while the bot was down)."""
    clock, fake.clock = fake.clock, lambda: moment.timestamp()
    try:
        yield
    finally:
        fake.clock = clock


@pytest.fixture
def ana(fake: FakeTelegramAPI, group: dict[str, Any]) -> dict[str, Any]:
    """The group's admin, who types commands and sends files while the bot is down."""
    user = fake.user(1, "Ana", "en")
    fake.add_admin(group, user)
    return user


async def test_commands_typed_while_the_bot_was_down_are_not_run_late(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
    ana: dict[str, Any],
) -> None:
    """Older than 5 minutes: not run. A press on an hours-old question is judged as now."""
    clock.current = datetime(2026, 3, 4, 7, 0, tzinfo=UTC)
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        with sent_at(fake, clock.now() - timedelta(minutes=6)):
            fake.send_command(group, ana, "/quiz parallelism 1")
            fake.send_command(group, ana, "/daily 08:00 UTC parallelism")
        with sent_at(fake, clock.now() - timedelta(minutes=4)):
            fake.send_command(group, ana, "/daily 09:00 UTC parallelism")
        await settled(bot, group, ana)
        store = bot.quiz.service.store
        assert await store.running_rounds() == []
        [schedule] = await store.chat_schedules(f"tg:{GROUP}")
        assert schedule.rule.at == time(9, 0)
        set_up, helped = fake.bot_messages(group)  # nothing else was answered
        assert set_up["text"].startswith("📅 Question of the day here: every day at 09:00")
        assert "/quiz NAME" in helped["text"]

        await advance_to(bot, datetime(2026, 3, 4, 9, 0, tzinfo=UTC))
        daily = fake.bot_messages(group)[-1]
        right, _ = await bot.right_and_wrong()
        await advance_to(bot, datetime(2026, 3, 4, 12, 0, tzinfo=UTC))
        alert = await bot.press(group, ana, daily["message_id"], right)
        assert alert["text"].startswith("✅ Right!")


async def test_a_file_captioned_import_while_the_bot_was_down_is_not_imported_late(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
    ana: dict[str, Any],
) -> None:
    """A caption is a command too: sent 6 minutes ago, nothing is read; sent now, it is, once."""
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        late = fake.files.add("late.gift", gift(3))
        with sent_at(fake, clock.now() - timedelta(minutes=6)):
            fake.send_document(group, ana, late.document(), "/import")
        await settled(bot, group, ana)
        [helped] = fake.bot_messages(group)  # the late upload was not answered
        assert "/quiz NAME" in helped["text"]
        assert fake.calls_to("getFile") == []
        assert fake.files.downloads == []
        store = bot.quiz.service.store
        assert await store.chat_quiz_entries(f"tg:{GROUP}") == []

        fresh = fake.files.add("fresh.gift", gift(3))
        since = len(fake.calls)
        fake.send_document(group, ana, fresh.document(), "/import")
        await fake.wait_for("sendMessage", lambda p: "“fresh” added" in p["text"], since=since)
        fake.redeliver_update(fake.last_update_id)  # the same upload again: read once
        await settled(bot, group, ana)
        assert fake.files.downloaded() == [fresh.file_path]
        [entry] = await store.chat_quiz_entries(f"tg:{GROUP}")
        assert entry.quiz_id == "fresh"
