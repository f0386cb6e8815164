"""Issue 16: a Telegram group that removes the bot pauses its question of the day (kept, with
the reason) and ends its round quietly; an admin who adds the bot back and sets the schedule
again resumes it. The real python-telegram-bot against the loopback fake Bot API."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from telegram import Update

from bot.domain.models import Quiz
from tests.e2e.telegram_harness import advance_to, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock

SET = "/daily 09:00 Europe/Paris parallelism"


def daily_posts(fake: FakeTelegramAPI, group: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in fake.bot_messages(group) if m["text"].startswith("☀️")]


async def test_a_kick_pauses_the_schedule_until_an_admin_sets_it_again(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    admin = fake.user(1, "Ada", "en")
    fake.add_admin(group, admin)
    clock.current = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        await bot.command(group, admin, SET)
        await bot.command(group, admin, "/quiz parallelism 2")
        change = fake.remove_bot(group, admin)  # my_chat_member: the bot is now "kicked"
        if fake.spec is not None:  # the update is the documented ChatMemberUpdated
            assert fake.spec.check_object("ChatMemberUpdated", change) == []
        await bot.command(fake.private_chat(admin), admin, "/help")  # handled after it
        assert await bot.quiz.service.store.running_rounds() == []  # ended quietly
        posts_before = len(fake.calls_to("sendMessage"))
        await advance_to(bot, datetime(2026, 3, 5, 12, 0, tzinfo=UTC))
        assert len(fake.calls_to("sendMessage")) == posts_before  # no retry, no round post
        assert daily_posts(fake, group) == []

        fake.add_bot_back(group, admin)
        status = await bot.command(group, admin, "/daily")
        assert "⏸️ Paused: the bot could not post here (the bot was removed)." in status["text"]
        french = fake.user(2, "Zoé", "fr")
        fake.add_admin(group, french)
        status = await bot.command(group, french, "/daily")
        assert "(le bot a été retiré)" in status["text"]  # the bot's own reason, translated
        resumed = await bot.command(group, admin, SET)
        assert "Paused" not in resumed["text"]
        status = await bot.command(group, admin, "/daily")
        assert "Paused" not in status["text"]
        await advance_to(bot, datetime(2026, 3, 6, 8, 0, tzinfo=UTC))
        assert len(daily_posts(fake, group)) == 1


async def test_a_post_refused_once_pauses_the_schedule_without_a_retry_the_next_day(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    """No my_chat_member came (the bot was down when it was kicked): the first refused post
    (403 Forbidden) pauses the schedule with Telegram's reason; another group keeps posting."""
    other = fake.group(-100700, "Other group", chat_type="supergroup")
    admin = fake.user(1, "Ada", "en")
    fake.add_admin(group, admin)
    fake.add_admin(other, admin)
    clock.current = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        await bot.command(group, admin, SET)
        await bot.command(other, admin, SET)
        fake.kick_bot(group)
        await advance_to(bot, datetime(2026, 3, 5, 12, 0, tzinfo=UTC))
        tried = [c for c in fake.calls_to("sendMessage") if c.params["chat_id"] == group["id"]]
        assert len(tried) == 2  # the reply to /daily, then one refused post, never again
        assert len(daily_posts(fake, other)) == 3
        fake.add_bot_back(group, admin)
        status = await bot.command(group, admin, "/daily")
        assert "⏸️ Paused: the bot could not post here (Forbidden: bot was kicked" in status["text"]


def test_polling_asks_telegram_for_the_bot_s_own_member_updates() -> None:
    source = Path("adapters/telegram_bot/run.py").read_text(encoding="utf-8")
    assert "Update.MY_CHAT_MEMBER" in source
    assert Update.MY_CHAT_MEMBER == "my_chat_member"
