"""Neutral errors a publisher raises when the platform says its message or chat is gone.

Adapters translate their platform's errors (Telegram Forbidden / "chat not found" /
"message to edit not found", Discord 10003 / 10008 / 50001 / 50013) into these, so the round
runner can react the same way everywhere: a gone message is replaced by a new one, a gone
chat ends its round quietly.
"""

from __future__ import annotations


class MessageGoneError(Exception):
    """The message to edit no longer exists or may no longer be edited by the bot."""


class ChatGoneError(Exception):
    """The bot can no longer post in this chat or channel (kicked, deleted, no rights)."""
