"""Telegram's "this chat / this message is gone" errors, as the round runner's neutral ones."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from telegram import Update
from telegram.error import BadRequest, Forbidden

from bot.play.gone import ChatGoneError, MessageGoneError

CHAT_GONE = ("chat not found", "have no rights to send", "not enough rights to send")
"""BadRequest descriptions that mean the bot cannot post in the chat any more."""
TOPIC_GONE = ("topic_closed", "message thread not found")
"""BadRequest descriptions of a forum topic closed or deleted: only that topic is gone.
Rounds and schedules live in one topic (topics.py), so only its own end or pause."""
MESSAGE_GONE = ("message to edit not found", "message can't be edited")


def is_gone(error: BaseException) -> bool:
    """Whether Telegram refused a send because the chat, or its topic, takes no more posts."""
    if isinstance(error, Forbidden):  # kicked, left, blocked by the user, deactivated
        return True
    text = str(error).lower()
    return isinstance(error, BadRequest) and any(p in text for p in CHAT_GONE + TOPIC_GONE)


@contextlib.contextmanager
def translated() -> Iterator[None]:
    """Raise ChatGoneError / MessageGoneError instead of the Telegram errors that mean them."""
    try:
        yield
    except (Forbidden, BadRequest) as error:
        if is_gone(error):
            raise ChatGoneError(str(error)) from error
        if any(part in str(error).lower() for part in MESSAGE_GONE):
            raise MessageGoneError(str(error)) from error
        raise


def place(update: object) -> str:
    """Where an update came from, for a log line: the chat, and the topic if any."""
    message = update.effective_message if isinstance(update, Update) else None
    if message is None:
        return "an unknown chat"
    topic = message.message_thread_id if message.is_topic_message else None
    return f"chat {message.chat_id}" + (f" topic {topic}" if topic is not None else "")
