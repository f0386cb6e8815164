"""Discord's "this channel / this message is gone" errors, as the round runner's neutral ones."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import discord

from bot.play.gone import ChatGoneError, MessageGoneError

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
CHANNEL_GONE = {UNKNOWN_CHANNEL, MISSING_ACCESS}


@contextlib.contextmanager
def translated(*, editing: bool = False) -> Iterator[None]:
    """Raise ChatGoneError / MessageGoneError for the Discord errors that mean them.

    Missing permissions on an edit: the message cannot be changed, a new one may still go
    out; on a send: the channel is closed to the bot.
    """
    try:
        yield
    except discord.HTTPException as error:
        code = error.code
        if code in CHANNEL_GONE or (code == MISSING_PERMISSIONS and not editing):
            raise ChatGoneError(str(error)) from error
        if editing and code in (UNKNOWN_MESSAGE, MISSING_PERMISSIONS):
            raise MessageGoneError(str(error)) from error
        raise
