"""Telegram groups' own events, end to end with the real python-telegram-bot: a group upgraded
to a supergroup keeps its history, leaderboards, streaks and schedule under its new id."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.domain.models import Quiz
from bot.storage.sql.chat_moves import MOVES
from tests.e2e.error_logs import ErrorLogs
from tests.e2e.telegram_harness import Harness, advance_to, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock

OLD, NEW = -500, -1000500
BOARDS = ("/leaderboard", "/leaderboard week", "/leaderboard today parallelism", "/daily")


async def play(bot: Harness, group: dict[str, Any], players: list[dict[str, Any]]) -> None:
    """A round of two questions: the first player right on both, the others wrong."""
    await bot.command(group, players[0], "/quiz parallelism 2")
    for _ in range(2):
        right, wrong = await bot.right_and_wrong()
        message_id = bot.fake.bot_messages(group)[-1]["message_id"]
        for index, player in enumerate(players):
            await bot.advance(1)
            await bot.press(group, player, message_id, right if index == 0 else wrong)
        await bot.advance(30)
    await bot.fake.drained()


async def readings(bot: Harness, chat: dict[str, Any], user: dict[str, Any]) -> list[str]:
    return [(await bot.command(chat, user, text))["text"] for text in BOARDS]


async def rows_under(bot: Harness, chat_id: int) -> int:
    """Rows of every table with a chat id (tests/test_chat_moves.py checks the list)."""
    store, found = bot.quiz.service.store, 0
    for table in MOVES:
        rows = await store.read_rows(table, ["chat_id"])  # type: ignore[attr-defined]
        found += sum(1 for (chat,) in rows if chat == f"tg:{chat_id}")
    return found


async def test_an_upgraded_group_keeps_its_boards_and_schedule(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    group = fake.group(OLD, "Study group")
    ana, ben = fake.user(1, "Ana", "en"), fake.user(2, "Ben", "en")
    fake.add_admin(group, ana)
    clock.current = datetime(2026, 3, 4, 10, 0, tzinfo=UTC)
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        await bot.command(group, ana, "/daily 09:00 Europe/Paris parallelism")
        await play(bot, group, [ana, ben])
        before = await readings(bot, group, ben)
        assert "1. Ana: 2 points" in before[0]

        supergroup = fake.upgrade_to_supergroup(group, NEW)
        for side in ("from", "to", "from"):  # in any order, possibly twice
            fake.send_migration(OLD, side)  # type: ignore[arg-type]
        await fake.drained()
        assert await readings(bot, supergroup, ben) == before
        assert await rows_under(bot, OLD) == 0

        await advance_to(bot, datetime(2026, 3, 5, 8, 0, tzinfo=UTC))
        daily = fake.bot_messages(supergroup)[-1]
        assert daily["text"].startswith("☀️ Question of the day")
        assert bot.errors == []


async def test_a_send_to_the_old_id_follows_the_group_at_once(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """The daily question falls due before any service message came: Telegram refuses the
    old id (ChatMigrated); the chat moves and the question is posted in the supergroup."""
    group = fake.group(OLD, "Study group")
    ana, ben = fake.user(1, "Ana", "en"), fake.user(2, "Ben", "en")
    fake.add_admin(group, ana)
    clock.current = datetime(2026, 3, 4, 10, 0, tzinfo=UTC)
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        await bot.command(group, ana, "/daily 09:00 Europe/Paris parallelism")
        await play(bot, group, [ana, ben])
        before = await readings(bot, group, ben)
        supergroup = fake.upgrade_to_supergroup(group, NEW)

        await advance_to(bot, datetime(2026, 3, 5, 8, 0, tzinfo=UTC))
        refused = [c for c in fake.calls_to("sendMessage") if c.params["chat_id"] == OLD]
        assert refused[-1].response["parameters"] == {"migrate_to_chat_id": NEW}
        daily = fake.bot_messages(supergroup)[-1]
        assert daily["text"].startswith("☀️ Question of the day")
        assert await rows_under(bot, OLD) == 0
        after = await readings(bot, supergroup, ben)
        assert after[:2] == before[:2]  # all time and this week ("today" is a day later)
        assert after[3] == before[3].replace("2026-03-05 09:00", "2026-03-06 09:00")


async def test_anonymous_admins_run_admin_commands(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """An admin who hides writes as the group itself (from: GroupAnonymousBot)."""
    group = fake.group(-100777, "Study group", chat_type="supergroup")
    channel = fake.group(-100778, "Linked channel", chat_type="supergroup")
    chris = fake.user(3, "Chris", "en")

    async def as_chat(text: str, sender: dict[str, Any] | None = None) -> str:
        since = len(fake.calls)
        fake.send_as_group(group, text, sender)
        reply = await fake.wait_for(
            "sendMessage", lambda p: p["chat_id"] == group["id"], since=since
        )
        return str(reply.params["text"])

    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        assert await as_chat("/daily 09:00 UTC parallelism", channel) == "Only admins can do that."
        done = await as_chat("/daily 09:00 UTC parallelism")
        assert done.startswith("📅 Question of the day here: every day at 09:00 (UTC)")
        await bot.command(group, chris, "/quiz parallelism")
        summary = await as_chat("/stop")
        assert "🏁 Round over" in summary
        assert await bot.quiz.service.store.running_rounds() == []
        assert (await as_chat("/daily off")).startswith("📅 No more question of the day here.")
        assert await as_chat("/timezone Europe/Paris", channel) == "Only admins can do that."
        zone = await as_chat("/timezone Europe/Paris")
        assert zone.startswith("🕰️ Time zone set: Europe/Paris.")


async def test_a_question_posted_before_the_upgrade_stays_in_the_old_chat(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    error_logs: ErrorLogs,
) -> None:
    """Yesterday's daily question is in the old chat, which can no longer be edited: it is
    left as it is (no message of the supergroup is edited in its place), and today's goes
    to the supergroup, answers and streaks counted under the new id."""
    group = fake.group(OLD, "Study group")
    ana = fake.user(1, "Ana", "en")
    fake.add_admin(group, ana)
    clock.current = datetime(2026, 3, 4, 7, 0, tzinfo=UTC)
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        await bot.command(group, ana, "/daily 09:00 UTC parallelism")
        await advance_to(bot, datetime(2026, 3, 4, 9, 0, tzinfo=UTC))
        yesterday = fake.bot_messages(group)[-1]
        right, _ = await bot.right_and_wrong()
        await bot.press(group, ana, yesterday["message_id"], right)
        supergroup = fake.upgrade_to_supergroup(group, NEW)
        fake.send_migration(OLD, "to")
        status = await bot.command(supergroup, ana, "/daily")  # handled after the upgrade
        assert status["text"].startswith("📅 Question of the day here: every day at 09:00")

        await advance_to(bot, datetime(2026, 3, 5, 9, 0, tzinfo=UTC))
        today = fake.bot_messages(supergroup)[-1]
        assert today["text"].startswith("☀️ Question of the day")
        assert fake.message(group, yesterday["message_id"]) == yesterday  # not edited
        edits = [(c.params["chat_id"], c.response["ok"]) for c in fake.calls_to("editMessageText")]
        assert edits == [(OLD, False)]  # asked where the message is; Telegram refused
        right, _ = await bot.right_and_wrong()
        await bot.press(supergroup, ana, today["message_id"], right)
        board = await bot.command(supergroup, ana, "/leaderboard")
        assert "1. Ana 🔥2: 2 points" in board["text"]
    failed = [record.getMessage() for record in error_logs.claim()]
    assert all("results of daily post" in message for message in failed), failed
