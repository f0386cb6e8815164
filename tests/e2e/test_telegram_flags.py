"""Flags on Telegram end to end: the real python-telegram-bot against the fake Bot API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.domain.models import Quiz
from tests.e2e.telegram_harness import Harness, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock


@pytest.fixture
async def bot(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> AsyncIterator[Harness]:
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as harness:
        yield harness


async def sent_to(bot: Harness, chat: Any, since: int, starts: str) -> dict[str, Any]:
    """The bot's message to `chat` (after call `since`) whose text starts so."""
    call = await bot.fake.wait_for(
        "sendMessage",
        lambda p: p["chat_id"] == chat["id"] and p["text"].startswith(starts),
        since=since,
    )
    result: dict[str, Any] = call.response["result"]
    return result


async def test_a_members_flag_reaches_the_admins_flags_and_hide_stops_it_here_only(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    ana, teacher = fake.user(1, "Ana", "en"), fake.user(2, "Teacher", "en")
    fake.add_member(group, ana)
    fake.add_admin(group, teacher)
    question = await bot.command(group, ana, "/quiz parallelism 1")
    view = await bot.open_view()
    _, wrong = await bot.right_and_wrong()
    await bot.press(group, ana, question["message_id"], wrong)
    await bot.advance(30)
    closed = fake.message(group, question["message_id"])
    [[flag]] = closed["reply_markup"]["inline_keyboard"]
    post_id = view.post.post_id
    assert (flag["text"], flag["url"]) == ("⚑", f"https://t.me/quizbot?start=flag_{post_id}")

    private = fake.private_chat(ana)
    asked = await bot.command(private, ana, f"/start flag_{post_id}")
    assert asked["text"].startswith("What is wrong with this question?")
    reasons = [row[0]["callback_data"] for row in asked["reply_markup"]["inline_keyboard"]]
    assert reasons == [f"v1:q:{post_id}:{letter}" for letter in "wuto"]
    since = len(fake.calls)
    await bot.press(private, ana, asked["message_id"], reasons[0])
    prompt = await sent_to(bot, private, since, "To add a sentence for the admins")
    assert fake.message(private, asked["message_id"])["text"] == (
        "Thanks: the admins will see your flag (The answer is wrong)."
    )
    since = len(fake.calls)
    fake.send_text(private, ana, "B is right, see the paper", reply_to=prompt["message_id"])
    await sent_to(bot, private, since, "Thanks: your sentence is with your flag.")

    stranger = fake.user(3, "Stranger", "en")
    forged = await bot.command(fake.private_chat(stranger), stranger, f"/start flag_{post_id}")
    assert forged["text"] == "I can't find that question any more: nothing was flagged."

    refused = await bot.command(group, ana, "/flags")
    assert refused["text"] == "Only admins can do that."
    listed = await bot.command(group, teacher, "/flags")
    ref = f"parallelism/{view.question.id}"
    assert f"{ref}: 1 flag, The answer is wrong ×1" in listed["text"]
    assert "“B is right, see the paper”" in listed["text"]

    hidden = await bot.command(group, teacher, f"/flags hide {ref}")
    assert hidden["text"].startswith(f"{ref} is hidden")
    await bot.command(group, ana, "/quiz parallelism")
    store = bot.quiz.service.store
    here = await store.running_round(f"tg:{group['id']}", "", "group")
    assert here is not None
    assert view.question.id not in here.question_ids
    assert len(here.question_ids) == 7

    other = fake.group(-100777, "Another group", chat_type="supergroup")
    await bot.command(other, ana, "/quiz parallelism")
    there = await store.running_round(f"tg:{other['id']}", "", "group")
    assert there is not None
    assert view.question.id in there.question_ids
