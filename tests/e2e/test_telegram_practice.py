"""Issue 16: practice in a private chat, with the real python-telegram-bot against the fake
Bot API. An abandoned practice never blocks the next one, and /stop there ends it."""

from __future__ import annotations

from pathlib import Path

from bot.domain.models import Quiz
from tests.e2e.telegram_harness import only_flag, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock


async def test_a_new_practice_replaces_an_abandoned_one(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    chris = fake.user(3, "Chris", "en")
    private = fake.private_chat(chris)
    database = tmp_path / "quiz.db"
    async with running_bot(fake, database, quizzes, clock) as bot:
        size = len(quizzes["parallelism"].questions)
        first = await bot.command(private, chris, "/start practice_parallelism")
        assert f"Question 1/{size}" in first["text"]
    async with running_bot(fake, database, quizzes, clock) as bot:  # days later
        again = await bot.command(private, chris, "/quiz parallelism 2")
        assert "Question 1/2" in again["text"]
        rounds = await bot.quiz.service.store.running_rounds()
        assert [(r.mode, r.total) for r in rounds] == [("solo", 2)]
        right, _ = await bot.right_and_wrong()  # one open question: the new practice's
        toast = await bot.press(private, chris, again["message_id"], right)
        assert toast["text"].startswith("✅ Right!")


async def test_stop_in_a_private_chat_ends_the_practice(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    chris = fake.user(3, "Chris", "en")
    private = fake.private_chat(chris)
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        question = await bot.command(private, chris, "/practice parallelism")
        summary = await bot.command(private, chris, "/stop")
        assert summary["text"].startswith("🏁")
        assert only_flag(fake.message(private, question["message_id"]))
        assert await bot.quiz.service.store.running_rounds() == []
        nothing = await bot.command(private, chris, "/stop")
        assert nothing["text"] == "No round is running here."
        new = await bot.command(private, chris, "/practice parallelism")
        assert "Question 1/" in new["text"]
