"""What the forum-topic tests share: the forum's id, a command typed in a topic, and the
right answer of a question message."""

from __future__ import annotations

from typing import Any

from tests.e2e.telegram_harness import Harness

FORUM = -100777


async def topic_command(
    bot: Harness, chat: dict[str, Any], user: dict[str, Any], text: str, thread: int
) -> dict[str, Any]:
    """Send a command in a topic and return the bot's first message to the chat after it."""
    since = len(bot.fake.calls)
    bot.fake.send_command(chat, user, text, thread=thread)
    call = await bot.fake.wait_for(
        "sendMessage", lambda p: p["chat_id"] == chat["id"], since=since
    )
    result: dict[str, Any] = call.response["result"]
    return result


async def right_of(bot: Harness, message: dict[str, Any]) -> str:
    """The right answer's button data of a question message (its post id is in its buttons)."""
    data = message["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    post_id = int(data.split(":")[2])
    view = await bot.quiz.service.view(post_id)
    assert view is not None
    return f"v1:a:{post_id}:" + "ABCD"[view.post.correct_letter_index(view.question)]
