"""Forum topics: which topic a message belongs to, carried in our stored channel_ref.

A Telegram forum supergroup splits one chat into topics. A round, its results and its summary,
and a daily question, live in the topic they were started or set in. The topic travels as the
round's and schedule's `channel_ref` (the thread id as text; "" for General or a chat without
topics), so a restart posts in the same topic. Leaderboards stay per chat.
"""

from __future__ import annotations

from telegram import Message

GENERAL = ""
"""The channel_ref of a chat without topics, and of a forum's General topic."""


def channel_of(message: Message | None) -> str:
    """The channel_ref of the topic `message` is in (GENERAL outside a forum topic)."""
    if message is None or not message.is_topic_message or message.message_thread_id is None:
        return GENERAL
    return str(message.message_thread_id)


def thread_of(channel_ref: str) -> int | None:
    """The `message_thread_id` to send to for a stored channel_ref (None: General)."""
    return int(channel_ref) if channel_ref.lstrip("-").isdigit() else None
