"""Every question type in the private chat and in daily posts, end to end with the real
python-telegram-bot: practice takes taps and typed lines directly (no link, no alert), and a
daily `text` question is answered through the private chat and named the next day."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.catalog.loader import load_quiz
from tests.e2e.telegram_harness import Harness, advance_to, running_bot
from tests.e2e.telegram_types import data, right_letters, say, submit, url_buttons
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock
from tests.support.paths import TYPES

QUIZ = load_quiz(TYPES / "every-type.yaml")


async def answer_right(bot: Harness, chat: dict[str, Any], user: dict[str, Any]) -> str:
    """Answer the open practice question right, as its type asks; the verdict shown."""
    view = await bot.open_view()
    message_id = bot.fake.bot_messages(chat)[-1]["message_id"]
    kind = view.question.type
    if kind == "text":
        return await say(bot, chat, user, "paris")
    if kind == "number":
        return await say(bot, chat, user, "27.3 %")
    if kind in ("choice", "truefalse"):
        letter = view.post.correct_letter_index(view.question)
        return str((await bot.press(chat, user, message_id, data(view, letter)))["text"])
    for letter in right_letters(view):
        toast = await bot.press(chat, user, message_id, data(view, letter))
        assert not toast.get("show_alert")  # the private chat is private already
    if kind == "multiple":
        toast = await bot.press(chat, user, message_id, submit(view))
    return str(toast["text"])


async def answer_wrong(bot: Harness, chat: dict[str, Any], user: dict[str, Any]) -> str:
    """Answer the open practice question wrong, as its type asks; the verdict shown."""
    view = await bot.open_view()
    message_id = bot.fake.bot_messages(chat)[-1]["message_id"]
    kind = view.question.type
    if kind in ("text", "number"):
        return await say(bot, chat, user, "Lyon" if kind == "text" else "5")
    rights = right_letters(view) if kind in ("multiple", "order") else []
    if kind in ("choice", "truefalse"):
        rights = [(view.post.correct_letter_index(view.question) + 1) % len(view.post.order)]
    for letter in reversed(rights) if kind == "order" else rights[:1]:
        toast = await bot.press(chat, user, message_id, data(view, letter))
    if kind == "multiple":
        toast = await bot.press(chat, user, message_id, submit(view))
    return str(toast["text"])


async def play_all(
    bot: Harness, chat: dict[str, Any], user: dict[str, Any], right: bool, since: int = 0
) -> list[str]:
    """Answer the 6 questions asked in the private chat (from call `since`); their types."""
    kinds = []
    for number in range(1, 7):
        await bot.fake.wait_for(
            "sendMessage", lambda p, n=number: f"Question {n}/6" in p["text"], since=since
        )
        kinds.append((await bot.open_view()).question.type)
        verdict = await (answer_right if right else answer_wrong)(bot, chat, user)
        assert verdict.startswith("✅ Right" if right else "❌ Not quite"), verdict
    return kinds


async def test_practice_of_every_type_in_the_private_chat(
    fake: FakeTelegramAPI, tmp_path: Path, clock: FakeClock
) -> None:
    chris = fake.user(3, "Chris", "en")
    private = fake.private_chat(chris)
    async with running_bot(fake, tmp_path / "quiz.db", {QUIZ.id: QUIZ}, clock) as bot:
        first = await bot.command(private, chris, f"/quiz {QUIZ.id} 6")
        assert "Question 1/6" in first["text"]
        kinds = await play_all(bot, private, chris, right=True)
        assert sorted(kinds) == sorted(
            ["choice", "truefalse", "multiple", "order", "text", "number"]
        )
        summary = (await fake.wait_for("sendMessage", lambda p: "🏁" in p["text"])).params["text"]
        assert "6/6" in summary


async def test_review_of_every_type_in_the_private_chat(
    fake: FakeTelegramAPI, tmp_path: Path, clock: FakeClock
) -> None:
    chris = fake.user(3, "Chris", "en")
    private = fake.private_chat(chris)
    async with running_bot(fake, tmp_path / "quiz.db", {QUIZ.id: QUIZ}, clock) as bot:
        await bot.command(private, chris, f"/quiz {QUIZ.id} 6")
        await play_all(bot, private, chris, right=False)  # six misses to review
        await fake.wait_for("sendMessage", lambda p: "🏁" in p["text"])
        await bot.advance(60)  # a review counts what was answered since it started
        since = len(fake.calls)
        first = await bot.command(private, chris, "/review")
        assert first["text"].startswith("🔁 Review: 6 questions you missed")
        kinds = await play_all(bot, private, chris, right=True, since=since)
        assert len(set(kinds)) == 6
        done = await fake.wait_for("sendMessage", lambda p: "Review done" in p["text"])
        assert "6/6 right" in done.params["text"]


async def test_a_daily_text_question_is_answered_in_private_and_named_the_next_day(
    fake: FakeTelegramAPI, tmp_path: Path, clock: FakeClock, group: dict[str, Any]
) -> None:
    capital = QUIZ.question("capital")
    assert capital is not None
    quiz = dataclasses.replace(QUIZ, questions=(capital,))
    admin, member = fake.user(3, "Chris", "en"), fake.user(1, "Amélie", "fr")
    fake.add_admin(group, admin)
    fake.add_member(group, member)
    clock.current = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    async with running_bot(fake, tmp_path / "quiz.db", {quiz.id: quiz}, clock) as bot:
        await bot.command(group, admin, f"/daily 09:00 Europe/Paris {quiz.id}")
        await advance_to(bot, datetime(2026, 3, 3, 8, 0, tzinfo=UTC))
        posted = fake.bot_messages(group)[-1]
        assert "Type your answer." in posted["text"]
        link = next(url for url in url_buttons(posted) if "?start=ans_" in url)
        private = fake.private_chat(member)
        asked = await bot.command(private, member, f"/start {link.split('?start=')[1]}")
        assert "Quelle ville est la capitale de la France" in asked["text"]
        verdict = await say(bot, private, member, "Lutèce")
        assert verdict.startswith("✅ Bonne réponse\u202f! Paris")  # any accepted answer

        await advance_to(bot, datetime(2026, 3, 4, 8, 0, tzinfo=UTC))
        closed = fake.message(group, posted["message_id"])
        assert "✅ Answer: Paris" in closed["text"]
        assert "Right: 1/1" in closed["text"]
        following = fake.bot_messages(group)[-1]
        assert following["message_id"] != posted["message_id"]
        assert "↩️ Last question: the answer was Paris (1/1 right)" in following["text"]
