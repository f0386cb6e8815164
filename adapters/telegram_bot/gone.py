"""Telegram's "this chat / this message is gone" errors, as the round runner's neutral ones."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from telegram.error import BadRequest, Forbidden

from bot.play.gone import ChatGoneError, MessageGoneError

CHAT_GONE = ("chat not found", "have no rights to send", "not enough rights to send")
"""BadRequest descriptions that mean the bot cannot post in the chat any more."""
MESSAGE_GONE = ("message to edit not found", "message can't be edited")


@contextlib.contextmanager
def translated() -> Iterator[None]:
    """Raise ChatGoneError / MessageGoneError instead of the Telegram errors that mean them."""
    try:
        yield
    except Forbidden as error:  # kicked, left, blocked by the user, deactivated
        raise ChatGoneError(str(error)) from error
    except BadRequest as error:
        text = str(error).lower()
        if any(part in text for part in CHAT_GONE):
            raise ChatGoneError(str(error)) from error
        if any(part in text for part in MESSAGE_GONE):
            raise MessageGoneError(str(error)) from error
        raise
