"""Forum topics on Telegram, end to end: the real PTB against the loopback fake Bot API.

A round lives in the topic it was started in (question, results, summary); two topics hold
two rounds at once; a daily question goes to the topic where `/daily` was set, after a
restart too; the leaderboard stays the group's.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bot.domain.models import Quiz
from tests.e2e.telegram_harness import advance_to, running_bot
from tests.e2e.telegram_topics import FORUM, right_of, topic_command
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock


async def test_a_round_in_a_topic_stays_in_that_topic(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    forum = fake.group(FORUM, "Study forum", chat_type="supergroup", is_forum=True)
    topic = fake.topic(forum, "Parallelism")
    amelie = fake.user(1, "Amélie", "en")
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        first = await topic_command(bot, forum, amelie, "/quiz parallelism 2", topic)
        assert first["message_thread_id"] == topic
        assert first["is_topic_message"] is True
        await bot.press(forum, amelie, first["message_id"], await right_of(bot, first))
        await bot.advance(30)
        await bot.advance(30)
        await fake.drained()
        in_topic = fake.topic_messages(forum, topic)
        assert [m["text"].split(" · ")[0] for m in in_topic[:2]] == [
            quizzes["parallelism"].title.en
        ] * 2
        assert "✅ Answer:" in in_topic[0]["text"]  # the first question, edited into results
        assert in_topic[-1]["text"].startswith("🏁 Round over:")
        assert fake.topic_messages(forum, None) == []  # nothing landed in General
        board = await topic_command(bot, forum, amelie, "/leaderboard", topic)
        assert board["message_thread_id"] == topic
        assert "1. Amélie: 1 point" in board["text"]
        in_general = await bot.command(forum, amelie, "/leaderboard")
        assert "message_thread_id" not in in_general
        assert "1. Amélie: 1 point" in in_general["text"]  # one leaderboard per group


async def test_two_topics_hold_two_rounds_at_once(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    forum = fake.group(FORUM, "Study forum", chat_type="supergroup", is_forum=True)
    left, right = fake.topic(forum, "Monday group"), fake.topic(forum, "Thursday group")
    amelie, chris = fake.user(1, "Amélie", "fr"), fake.user(3, "Chris", "en")
    fake.add_admin(forum, amelie)
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        one = await topic_command(bot, forum, amelie, "/quiz parallelism 1", left)
        two = await topic_command(bot, forum, chris, "/quiz parallelism 1", right)
        assert (one["message_thread_id"], two["message_thread_id"]) == (left, right)
        busy = await topic_command(bot, forum, chris, "/quiz parallelism 1", left)
        assert busy["message_thread_id"] == left
        assert busy["text"].startswith("A round is already running here.")
        await bot.press(forum, chris, two["message_id"], await right_of(bot, two))
        stopped = await topic_command(bot, forum, amelie, "/stop", left)
        assert stopped["message_thread_id"] == left
        await fake.drained()
        assert fake.topic_messages(forum, left)[-1]["text"].startswith("🏁")
        assert len(await bot.quiz.service.store.open_posts()) == 1  # the other round runs on
        await bot.advance(30)
        await fake.drained()
        summary = fake.topic_messages(forum, right)[-1]["text"]
        assert summary.splitlines()[1] == "1. Chris: 1/1 (0.0 s)"
        assert fake.topic_messages(forum, None) == []


async def test_daily_set_in_a_topic_posts_there_after_a_restart(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    forum = fake.group(FORUM, "Study forum", chat_type="supergroup", is_forum=True)
    topic = fake.topic(forum, "Question of the day")
    admin = fake.user(1, "Amélie", "en")
    fake.add_admin(forum, admin)
    database = tmp_path / "quiz.db"
    clock.current = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    async with running_bot(fake, database, quizzes, clock) as bot:
        done = await topic_command(bot, forum, admin, "/daily 09:00 UTC parallelism", topic)
        assert done["text"].startswith("📅 Question of the day here")
        none = await bot.command(forum, admin, "/daily")  # General has no schedule
        assert none["text"].startswith("No question of the day is scheduled here.")
    async with running_bot(fake, database, quizzes, clock) as bot:
        await advance_to(bot, datetime(2026, 3, 3, 9, 0, tzinfo=UTC))
        daily = fake.topic_messages(forum, topic)[-1]
        assert daily["text"].startswith("☀️")
        assert not [m for m in fake.topic_messages(forum, None) if m["text"].startswith("☀️")]
        off = await topic_command(bot, forum, admin, "/daily off", topic)
        assert off["text"].startswith("📅 No more question of the day here.")
        assert await bot.quiz.daily.schedule(f"tg:{FORUM}", str(topic)) is None  # type: ignore[union-attr]
