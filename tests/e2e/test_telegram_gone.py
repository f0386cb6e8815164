"""Telegram groups that kick the bot or delete its questions: the real python-telegram-bot
against the loopback fake Bot API, which answers as Telegram does (403 / 400)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from telegram import Bot
from telegram.error import BadRequest, Forbidden

from bot.domain.models import Quiz
from bot.storage.opening import open_store
from tests.e2e.telegram_harness import TOKEN, only_flag, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock

OTHER = -100600


async def test_the_fake_answers_like_telegram_for_a_gone_chat_or_message(
    fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    other = fake.group(OTHER, "Other group", chat_type="supergroup")
    async with Bot(TOKEN, base_url=fake.base_url) as bot:
        sent = await bot.send_message(group["id"], "hello")
        fake.delete_message(group, sent.message_id)
        with pytest.raises(BadRequest, match="Message to edit not found"):
            await bot.edit_message_text("edited", chat_id=group["id"], message_id=sent.message_id)
        fake.kick_bot(group)
        with pytest.raises(Forbidden, match="bot was kicked from the group chat"):
            await bot.send_message(group["id"], "hello again")
        fake.delete_chat(other)
        with pytest.raises(BadRequest, match="Chat not found"):
            await bot.send_message(other["id"], "anyone?")


async def test_a_group_that_kicked_the_bot_does_not_stop_the_others_at_start_up(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    other = fake.group(OTHER, "Other group", chat_type="supergroup")
    amelie = fake.user(1, "Amélie", "fr")
    database = tmp_path / "quiz.db"
    async with running_bot(fake, database, quizzes, clock) as first:
        for chat in (group, other):
            await first.command(chat, amelie, "/quiz parallelism 2")
    store = await open_store(database)  # the process died between two questions
    for post in await store.open_posts():
        assert await store.close_post(post.post_id, clock.now())
    await store.close()
    fake.kick_bot(group)

    with caplog.at_level(logging.INFO):
        async with running_bot(fake, database, quizzes, clock) as second:
            # start-up went on: the other group has its next question at once
            assert "Question 2/2" in fake.bot_messages(other)[-1]["text"]
            rounds = await second.quiz.service.store.running_rounds()
            assert [r.chat_id for r in rounds] == [f"tg:{OTHER}"]
            await second.advance(30)
            assert fake.bot_messages(other)[-1]["text"].startswith("🏁")  # its summary
            assert await second.quiz.service.store.running_rounds() == []
    lines = [r.getMessage() for r in caplog.records if f"tg:{group['id']}" in r.getMessage()]
    assert len(lines) == 1, lines
    assert "gone" in lines[0]


async def test_a_group_that_kicked_the_bot_mid_round_does_not_stop_another_round(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    other = fake.group(OTHER, "Other group", chat_type="supergroup")
    amelie = fake.user(1, "Amélie", "fr")
    database = tmp_path / "quiz.db"
    async with running_bot(fake, database, quizzes, clock) as first:
        for chat in (group, other):
            await first.command(chat, amelie, "/quiz parallelism 2")
    fake.kick_bot(group)
    clock.advance(60)  # both deadlines passed while the bot was down
    async with running_bot(fake, database, quizzes, clock) as second:
        await second.advance(0)
        assert "Question 2/2" in fake.bot_messages(other)[-1]["text"]
        rounds = await second.quiz.service.store.running_rounds()
        assert [r.chat_id for r in rounds] == [f"tg:{OTHER}"]


async def test_a_deleted_question_still_gets_results_and_the_round_ends(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    amelie = fake.user(1, "Amélie", "fr")
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        first = await bot.command(group, amelie, "/quiz parallelism 2")
        right, _ = await bot.right_and_wrong()
        await bot.press(group, amelie, first["message_id"], right)
        fake.delete_message(group, first["message_id"])  # an admin deletes the question
        await bot.advance(30)
        results, second = fake.bot_messages(group)[-2:]
        assert "Question 1/2" in results["text"]
        assert "1 réponse" in results["text"]
        assert only_flag(results)
        assert "Question 2/2" in second["text"]
        await bot.advance(30)
        summary = fake.bot_messages(group)[-1]["text"]
        assert summary.startswith("🏁")
        assert "Amélie\u00a0: 1/2" in summary
        again = await bot.command(group, amelie, "/quiz parallelism 1")
        assert "Question 1/1" in again["text"]


async def test_a_group_that_kicked_the_bot_does_not_stop_the_others_daily_question(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    other = fake.group(OTHER, "Other group", chat_type="supergroup")
    amelie = fake.user(1, "Amélie", "fr")
    database = tmp_path / "quiz.db"
    clock.current = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    async with running_bot(fake, database, quizzes, clock) as first:
        for chat in (group, other):
            fake.add_admin(chat, amelie)
            done = await first.command(chat, amelie, "/daily 09:00 Europe/Paris parallelism")
            assert done["text"].startswith("📅")
    fake.kick_bot(group)
    clock.current = datetime(2026, 3, 3, 8, 1, tzinfo=UTC)  # due a minute ago, bot was down
    with caplog.at_level(logging.INFO):
        async with running_bot(fake, database, quizzes, clock):
            await fake.drained()
            assert fake.bot_messages(other)[-1]["text"].startswith("☀️")
    lines = [r.getMessage() for r in caplog.records if f"tg:{group['id']}" in r.getMessage()]
    assert len(lines) == 1, lines
    assert "Forbidden" in lines[0]
