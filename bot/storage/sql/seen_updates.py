"""Updates already handled, by id: Telegram delivers each at least once (a webhook answer
that came late is sent again, maybe to another worker), so the database, not one process's
memory, says whether an update is new. Rows older than a couple of days are dropped: Telegram
does not redeliver that late, and its update ids are unique over much longer."""

from __future__ import annotations

from datetime import datetime

from bot.storage.sql.queries import SqlQueries
from bot.storage.sql.rows import to_ms

SEEN_UPDATES_MIGRATION = """
    CREATE TABLE seen_updates (
        update_key TEXT PRIMARY KEY,
        seen_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX seen_updates_by_time ON seen_updates (seen_at);
"""
"""Migration: one row per update handled (its platform, bot and id in `update_key`)."""


class SeenUpdateQueries(SqlQueries):
    """The update-id methods of the Store protocol, in SQL both backends share."""

    async def first_delivery(self, update_key: str, now: datetime) -> bool:
        """Record the update; False if it was recorded before (handled once already)."""
        inserted = await self._write(
            "INSERT INTO seen_updates (update_key, seen_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
            update_key,
            to_ms(now),
        )
        return inserted == 1

    async def forget_updates(self, before: datetime) -> int:
        """Drop the updates recorded before a moment; how many."""
        return await self._write("DELETE FROM seen_updates WHERE seen_at < ?", to_ms(before))
