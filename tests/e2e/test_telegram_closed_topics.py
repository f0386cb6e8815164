"""Issue 16: forum topics that close or go, with the real python-telegram-bot against the fake
Bot API. Telegram refuses sends into a closed topic ("TOPIC_CLOSED") and a deleted one
("message thread not found"): that topic's round ends quietly, its daily schedule pauses, one
log line says so, and the forum's other topics are served as before."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from telegram import Bot
from telegram.error import BadRequest

from bot.domain.models import Quiz
from tests.e2e.telegram_harness import TOKEN, Harness, advance_to, running_bot
from tests.e2e.telegram_topics import FORUM, right_of, topic_command
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock

Starting = Callable[[], contextlib.AbstractAsyncContextManager[Harness]]


@pytest.fixture
def forum(fake: FakeTelegramAPI) -> dict[str, Any]:
    return fake.group(FORUM, "Study forum", chat_type="supergroup", is_forum=True)


@pytest.fixture
def start(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> Starting:
    """Starts the bot on the test's database and clock."""
    return lambda: running_bot(fake, tmp_path / "quiz.db", quizzes, clock)


async def test_the_fake_refuses_sends_into_a_closed_or_deleted_topic_like_telegram(
    fake: FakeTelegramAPI, forum: dict[str, Any]
) -> None:
    closed, deleted = fake.topic(forum, "Closed"), fake.topic(forum, "Deleted")
    async with Bot(TOKEN, base_url=fake.base_url) as bot:
        kept = await bot.send_message(FORUM, "before", message_thread_id=deleted)
        shown = await bot.send_message(FORUM, "before", message_thread_id=closed)
        fake.close_topic(forum, closed)
        fake.delete_topic(forum, deleted)
        with pytest.raises(BadRequest, match="Topic_closed"):
            await bot.send_message(FORUM, "hello", message_thread_id=closed)
        with pytest.raises(BadRequest, match="Message thread not found"):
            await bot.send_message(FORUM, "hello", message_thread_id=deleted)
        with pytest.raises(BadRequest, match="Message to edit not found"):
            await bot.edit_message_text("edited", chat_id=FORUM, message_id=kept.message_id)
        await bot.edit_message_text("edited", chat_id=FORUM, message_id=shown.message_id)
        await bot.send_message(FORUM, "General still takes posts")


def logged(caplog: pytest.LogCaptureFixture, text: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if text in r.getMessage()]


async def refused_in(bot: Harness, user: dict[str, Any], text: str, thread: int) -> None:
    """A command typed in a closed topic (by an admin, who may): the bot's answer there is
    refused, which it takes quietly."""
    since = len(bot.fake.calls)
    bot.fake.send_command(FORUM, user, text, thread=thread)
    call = await bot.fake.wait_for(
        "sendMessage", lambda p: p.get("message_thread_id") == thread, since=since
    )
    assert call.response["description"] == "Bad Request: TOPIC_CLOSED"


async def test_a_closed_topic_ends_its_round_quietly_and_the_other_topic_plays_on(
    fake: FakeTelegramAPI, start: Starting, forum: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    closing, open_ = fake.topic(forum, "Monday group"), fake.topic(forum, "Thursday group")
    amelie, chris = fake.user(1, "Amélie", "fr"), fake.user(3, "Chris", "en")
    fake.add_admin(forum, amelie)
    with caplog.at_level(logging.INFO):
        async with start() as bot:
            await topic_command(bot, forum, amelie, "/quiz parallelism 2", closing)
            first = await topic_command(bot, forum, chris, "/quiz parallelism 2", open_)
            await bot.press(forum, chris, first["message_id"], await right_of(bot, first))
            fake.close_topic(forum, closing)
            await bot.advance(30)  # both questions close; the closed topic takes no second
            await fake.drained()
            rounds = await bot.quiz.service.store.running_rounds()
            assert [r.channel_ref for r in rounds] == [str(open_)]
            assert "Question 2/2" in fake.topic_messages(forum, open_)[-1]["text"]
            await refused_in(bot, amelie, "/leaderboard", closing)
            await refused_in(bot, amelie, "/quiz parallelism 1", closing)
            await topic_command(bot, forum, chris, "/help", open_)  # handled after it
            assert [r.channel_ref for r in await bot.quiz.service.store.running_rounds()] == [
                str(open_)
            ]  # the round tried there ended at once: nothing blocks the topic
            await bot.advance(30)
            await fake.drained()
            assert fake.topic_messages(forum, open_)[-1]["text"].startswith("🏁")
            assert len(fake.topic_messages(forum, closing)) == 1  # its first question
            assert fake.topic_messages(forum, None) == []  # nothing went to General instead
    ended = logged(caplog, f"in tg:{FORUM} ended: the chat or its channel '{closing}' is gone")
    assert len(ended) == 1, ended
    refused = logged(caplog, f"could not answer in chat {FORUM} topic {closing}: Topic_closed")
    assert len(refused) == 2, refused


async def test_a_deleted_topic_still_answers_a_press_then_ends_its_round_quietly(
    fake: FakeTelegramAPI, start: Starting, forum: dict[str, Any]
) -> None:
    going, staying = fake.topic(forum, "Old topic"), fake.topic(forum, "New topic")
    chris = fake.user(3, "Chris", "en")
    async with start() as bot:
        question = await topic_command(bot, forum, chris, "/quiz parallelism 2", going)
        fake.delete_topic(forum, going)
        toast = await bot.press(
            forum, chris, question["message_id"], await right_of(bot, question)
        )
        assert toast["text"].startswith("✅ Right!")  # a client still showed it: answered
        await bot.advance(30)  # results: the edit and the new message are both refused
        await fake.drained()
        assert await bot.quiz.service.store.running_rounds() == []
        again = await topic_command(bot, forum, chris, "/quiz parallelism 1", staying)
        assert again["message_thread_id"] == staying
        board = await bot.command(forum, chris, "/leaderboard")
        assert "1. Chris: 1 point" in board["text"]  # the answer in the deleted topic counted


SET = "/daily 09:00 UTC parallelism"


async def test_a_closed_or_deleted_topic_pauses_its_daily_schedule_only(
    fake: FakeTelegramAPI, start: Starting, clock: FakeClock, forum: dict[str, Any]
) -> None:
    closing, deleting, staying = (fake.topic(forum, name) for name in ("A", "B", "C"))
    admin = fake.user(1, "Ada", "en")
    fake.add_admin(forum, admin)
    clock.current = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    async with start() as bot:
        for thread in (closing, deleting, staying):
            done = await topic_command(bot, forum, admin, SET, thread)
            assert done["text"].startswith("📅")
        fake.close_topic(forum, closing)
        fake.delete_topic(forum, deleting)
        await advance_to(bot, datetime(2026, 3, 5, 12, 0, tzinfo=UTC))
        daily = [m for m in fake.topic_messages(forum, staying) if m["text"].startswith("☀️")]
        assert len(daily) == 3
        for thread in (closing, deleting):  # one refused post each, then never again
            sends = fake.calls_to("sendMessage")
            tried = [c for c in sends if c.params.get("message_thread_id") == thread]
            assert [c.response["ok"] for c in tried] == [True, False]  # the /daily reply first
        runner = bot.quiz.daily
        assert runner is not None
        assert await runner.paused_reason(f"tg:{FORUM}", str(closing)) == "Topic_closed"
        reason = await runner.paused_reason(f"tg:{FORUM}", str(deleting))
        assert reason == "Message thread not found"
        assert await runner.paused_reason(f"tg:{FORUM}", str(staying)) is None
        assert not [m for m in fake.topic_messages(forum, None) if m["text"].startswith("☀️")]
