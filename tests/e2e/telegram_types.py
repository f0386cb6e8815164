"""Helpers of the end-to-end tests of every question type on Telegram (issue 27): button data
of a post's letters and Submit, the right taps, a post's links, a line typed in a chat."""

from __future__ import annotations

from typing import Any

from bot.domain.question_types import SetKey
from bot.domain.views import QuestionView
from tests.e2e.telegram_harness import Harness


def data(view: QuestionView, letter: int) -> str:
    return f"v1:a:{view.post.post_id}:{'ABCDEFGHIJ'[letter]}"


def submit(view: QuestionView) -> str:
    return f"v1:m:{view.post.post_id}"


def right_letters(view: QuestionView) -> list[int]:
    """The positions to tap for the right answer: the right set, or the items in order."""
    if isinstance(view.question.key, SetKey):
        return sorted(view.post.order.index(choice) for choice in view.question.key.rights)
    return [view.post.order.index(choice) for choice in range(len(view.question.choices))]


def url_buttons(message: dict[str, Any]) -> list[str]:
    rows = message["reply_markup"]["inline_keyboard"]
    return [button["url"] for row in rows for button in row if "url" in button]


async def say(bot: Harness, chat: dict[str, Any], user: dict[str, Any], text: str) -> str:
    """Type a line in a chat; the bot's first message there after it."""
    since = len(bot.fake.calls)
    bot.fake.send_text(chat, user, text)
    call = await bot.fake.wait_for(
        "sendMessage", lambda p: p["chat_id"] == chat["id"], since=since
    )
    found: str = call.response["result"]["text"]
    return found
