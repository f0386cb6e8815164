"""How Telegram delivers updates, end to end with the real python-telegram-bot: at least
once (the same update_id again, to this worker or after a restart), and late after downtime."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.domain.models import Quiz
from tests.conftest import FakeClock
from tests.e2e.telegram_harness import Harness, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI


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
