"""Telegram spaced review end to end: the real python-telegram-bot against the fake Bot API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.domain.models import Quiz
from bot.text.authored import shown
from tests.e2e.telegram_harness import Harness, only_flag, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock


@pytest.fixture
async def bot(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> AsyncIterator[Harness]:
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as harness:
        yield harness


async def open_question(bot: Harness) -> str:
    return (await bot.open_view()).question.id


async def group_round_missing_two(bot: Harness, group: dict[str, Any], chris: Any) -> set[str]:
    """A 3-question round in the group: Chris misses the first two, Amélie misses none."""
    amelie = bot.fake.user(1, "Amélie", "fr")
    await bot.command(group, chris, "/quiz parallelism 3")
    missed = set()
    for number in range(3):
        right, wrong = await bot.right_and_wrong()
        message_id = bot.fake.bot_messages(group)[-1]["message_id"]
        await bot.press(group, amelie, message_id, right)
        if number < 2:
            missed.add(await open_question(bot))
        await bot.press(group, chris, message_id, wrong if number < 2 else right)
        await bot.advance(30)
    return missed


async def test_a_members_two_misses_come_back_privately_and_leave_once_right(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    chris = fake.user(3, "Chris", "en")
    missed = await group_round_missing_two(bot, group, chris)
    summary = fake.bot_messages(group)[-1]
    link = summary["reply_markup"]["inline_keyboard"][0][0]
    assert link["text"] == "🔁 Review my misses"
    assert link["url"].endswith("?start=review")

    in_group = await bot.command(group, chris, "/review")
    assert in_group["text"] == (
        f"You have 2 questions to review, in our private chat: {link['url']}"
    )
    private = fake.private_chat(chris)
    first = await bot.command(private, chris, "/start review")
    assert first["text"].startswith("🔁 Review: 2 questions you missed, most overdue first.")
    reviewed = []
    for number in (1, 2):
        message = fake.bot_messages(private)[-1]
        assert f"Question {number}/2" in message["text"]
        reviewed.append(await open_question(bot))
        right, _ = await bot.right_and_wrong()
        since = len(fake.calls)
        toast = await bot.press(private, chris, message["message_id"], right)
        assert toast["text"].startswith("✅ Right!")
        await fake.wait_for("sendMessage", lambda p: p["chat_id"] == private["id"], since=since)
        answered = fake.message(private, message["message_id"])
        assert only_flag(answered)
        view = await bot.quiz.service.view(int(right.split(":")[2]))
        assert view is not None
        assert shown(view.question.explanation.en) in answered["text"]
    assert set(reviewed) == missed
    done = fake.bot_messages(private)[-1]["text"]
    assert done.startswith("🔁 Review done: 2/2 right. Your next review is due on 2026-03-0")
    store = bot.quiz.service.store
    assert await store.count_due("tg:3", bot.clock.now()) == 0
    again = await bot.command(private, chris, "/review")
    assert again["text"].startswith("Nothing to review right now. Your next review is due on")


async def test_a_member_who_missed_nothing_has_nothing_to_review(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    chris, amelie = fake.user(3, "Chris", "en"), fake.user(1, "Amélie", "fr")
    await group_round_missing_two(bot, group, chris)
    answer = await bot.command(group, amelie, "/review")
    assert answer["text"] == (
        "Aucune question manquée à réviser\u00a0: celles que vous ratez reviennent ici."
    )


async def test_stats_show_the_review_deck_and_a_reminder_comes_privately(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    chris = fake.user(3, "Chris", "en")
    await group_round_missing_two(bot, group, chris)
    stats = await bot.command(group, chris, "/stats")
    assert stats["text"].splitlines()[-1] == (
        "🔁 Review: 2 due now, 2 within 7 days, 0 learned, predicted recall 100%"
    )
    private = fake.private_chat(chris)
    set_it = await bot.command(private, chris, "/review remind 10:00 UTC")
    assert (
        set_it["text"]
        == "I will remind you at 10:00 (UTC) on the days questions are due for review."
    )
    since = len(fake.calls)
    await bot.advance(3600)
    reminder = await fake.wait_for(
        "sendMessage", lambda p: p["chat_id"] == private["id"], since=since
    )
    assert reminder.params["text"] == "🔁 2 questions are due for review. Send /review to start."
    off = await bot.command(private, chris, "/review remind off")
    assert off["text"] == "Review reminders are off."


async def test_a_user_who_blocked_the_bot_loses_the_reminder_not_the_others(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    chris = fake.user(3, "Chris", "en")
    await group_round_missing_two(bot, group, chris)
    await bot.command(group, chris, "/review remind 10:00 UTC")  # set from the group
    fake.fail_next("sendMessage", 403, description="Forbidden: bot was blocked by the user")
    await bot.advance(3600)
    await fake.wait_for("sendMessage", lambda p: p["chat_id"] == chris["id"])
    assert await bot.quiz.service.store.get_reminder("tg:3") is None
