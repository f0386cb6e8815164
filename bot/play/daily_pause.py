"""A daily schedule whose chat is gone is paused, not retried every day.

The pause lives in the store's meta table (no migration): key
`daily.paused.<chat_id>.<channel_ref>` holds the reason, an empty value means not paused. The
schedule itself is kept, with its next run moved out of reach, so arming never wakes for it;
setting the schedule again gives it a real next run and clears the pause.
"""

from __future__ import annotations

from datetime import UTC, datetime

from bot.storage.interface import Store

PAUSED_RUN = datetime(9999, 1, 1, tzinfo=UTC)
"""The next run of a paused schedule: never due, so the wake timer ignores it."""
PREFIX = "daily.paused."

BOT_REMOVED, BOT_LEFT = "bot_removed", "bot_left"
SERVER_REMOVED, CHANNEL_DELETED = "server_removed", "channel_deleted"
THREAD_DELETED = "thread_deleted"
"""Reasons the bot itself gives (the texts word them: `daily.pause_reason.<reason>`); any other
reason is the platform's own error, shown as it came."""


def pause_key(chat_id: str, channel_ref: str) -> str:
    return f"{PREFIX}{chat_id}.{channel_ref}"


async def pause(
    store: Store, schedule_id: int, chat_id: str, channel_ref: str, reason: str
) -> None:
    """Keep the schedule, never due, with the reason it stopped."""
    await store.set_next_run(schedule_id, PAUSED_RUN)
    await store.set_meta(pause_key(chat_id, channel_ref), reason or "gone")


async def clear(store: Store, chat_id: str, channel_ref: str) -> None:
    """The schedule was set again: it is no longer paused."""
    if await paused_reason(store, chat_id, channel_ref) is not None:
        await store.set_meta(pause_key(chat_id, channel_ref), "")


async def paused_reason(store: Store, chat_id: str, channel_ref: str) -> str | None:
    """Why the schedule is paused, or None when it is not."""
    return await store.get_meta(pause_key(chat_id, channel_ref)) or None
