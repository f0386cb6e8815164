"""Files a platform already holds for the bot: Telegram answers a photo's upload with a
`file_id` that this bot may send again instead of the bytes. Kept per bot (a file_id serves the
bot it was given to) and per picture digest (a picture's SHA-256), in the database rather than
in memory, so every worker and every restart reuses it: a picture is uploaded once per bot."""

from __future__ import annotations

from datetime import datetime

from bot.storage.sql.queries import SqlQueries
from bot.storage.sql.rows import to_ms

SENT_FILES_MIGRATION = """
    CREATE TABLE sent_files (
        bot_key TEXT NOT NULL,
        digest TEXT NOT NULL,
        file_id TEXT NOT NULL,
        sent_at INTEGER NOT NULL,
        PRIMARY KEY (bot_key, digest)
    ) WITHOUT ROWID;
"""
"""Migration: the platform's id of each picture a bot sent (`bot_key`: "tg:<bot id>")."""
SENT_FILE_TABLES = ("sent_files",)


class SentFileQueries(SqlQueries):
    """The sent-file methods of the Store protocol, in SQL both backends share."""

    async def sent_file(self, bot_key: str, digest: str) -> str | None:
        """The platform's id of a picture this bot sent before, or None."""
        rows = await self._rows(
            "SELECT file_id FROM sent_files WHERE bot_key = ? AND digest = ?", bot_key, digest
        )
        return str(rows[0][0]) if rows else None

    async def keep_sent_file(self, bot_key: str, digest: str, file_id: str, now: datetime) -> None:
        """Remember the id the platform gave a picture (a newer one replaces the old)."""
        await self._write(
            "INSERT INTO sent_files (bot_key, digest, file_id, sent_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (bot_key, digest) DO UPDATE SET file_id = excluded.file_id, "
            "sent_at = excluded.sent_at",
            bot_key,
            digest,
            file_id,
            to_ms(now),
        )

    async def forget_sent_file(self, bot_key: str, digest: str, file_id: str) -> None:
        """Drop an id the platform refused (expired): the next send uploads the bytes. Only
        that id: another worker may have stored a fresh one meanwhile."""
        await self._write(
            "DELETE FROM sent_files WHERE bot_key = ? AND digest = ? AND file_id = ?",
            bot_key,
            digest,
            file_id,
        )
