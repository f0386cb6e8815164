"""Storage of the quizzes chats upload: a migration and the store methods, both backends.

Self-contained like the review feature: one migration touching no other table. A chat quiz
is a row per (chat, id) holding the quiz file made of the upload; its `serial`, assigned at
the first upload and kept when the same id is uploaded again, makes the key
(`<id>@<serial>`) its posts, answers and cards name. Uploads are also counted per chat, one
row each, for the hourly limit; rows older than the window are dropped as new ones come.
Each limit is checked in the transaction that writes, under a lock per chat
(`Transaction.lock`), so concurrent uploads, on any worker, never count or store past it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from bot.domain.models import Picture
from bot.domain.uploads import ChatQuizEntry, StoredChatQuiz
from bot.storage.sql.pictures import (
    PICTURE_COLUMNS,
    PICTURES_LOCK,
    drop_unused,
    link_pictures,
    picture_rows,
    unlink_pictures,
)
from bot.storage.sql.queries import SqlQueries, Transaction
from bot.storage.sql.rows import from_ms, to_ms

CHAT_QUIZZES_MIGRATION = """
    CREATE TABLE chat_quizzes (
        serial INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        source TEXT NOT NULL,
        filename TEXT NOT NULL,
        uploaded_by TEXT NOT NULL,
        uploaded_at INTEGER NOT NULL,
        UNIQUE (chat_id, quiz_id)
    );
    CREATE TABLE chat_quiz_uploads (
        chat_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        uploaded_at INTEGER NOT NULL
    );
    CREATE INDEX chat_quiz_uploads_by_chat ON chat_quiz_uploads (chat_id, uploaded_at);
"""
"""Appended to `schema.MIGRATIONS`; its tables go last in `schema.TABLES`. A serial is never
given twice (AUTOINCREMENT; PostgreSQL's identity never reuses): posts, schedules and cards
of a removed quiz keep naming its key, which must not come to mean another chat's quiz."""

CHAT_QUIZ_TABLES = ("chat_quizzes", "chat_quiz_uploads")
_COLUMNS = "q.serial, q.chat_id, q.quiz_id, q.source, q.filename, q.uploaded_by, q.uploaded_at"


def _stored(rows: list[tuple[object, ...]]) -> StoredChatQuiz | None:
    """The quiz in rows of `_WITH_PICTURES` (its row has a serial), with the pictures in the
    others (name and data last); None without the quiz's row."""
    quiz_rows = [row for row in rows if row[0] is not None]
    if not quiz_rows:
        return None
    serial, chat_id, quiz_id, source, filename, uploaded_by, uploaded_at = quiz_rows[0][:7]
    return StoredChatQuiz(
        serial=int(str(serial)),
        quiz_id=str(quiz_id),
        uploaded_at=from_ms(int(str(uploaded_at))),
        chat_id=str(chat_id),
        source=str(source),
        filename=str(filename),
        uploaded_by=str(uploaded_by),
        pictures=picture_rows(rows),
    )


_WITH_PICTURES = (
    f"SELECT {_COLUMNS}, NULL, NULL, NULL, NULL, NULL FROM chat_quizzes q WHERE q.serial = ? "
    f"UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, {PICTURE_COLUMNS} "
    "FROM chat_quiz_pictures l JOIN pictures p ON p.digest = l.digest WHERE l.serial = ?"
)
"""A chat quiz's row, then a row per picture, in one statement: one snapshot, so a replacement
on another worker never pairs a quiz file with another version's pictures (and the file is
read once, not once a picture)."""


def _uploads_lock(chat_id: str) -> str:
    """The lock a chat's uploads take to check a limit and write in one step."""
    return f"chat uploads {chat_id}"


async def _save(
    transaction: Transaction, chat_id: str, quiz_id: str, source: str, filename: str,
    user_id: str, now: datetime, limit: int,
) -> tuple[int, bool] | None:  # fmt: skip
    """The row of `save_chat_quiz`, under its locks: (serial, replaced), or None."""
    found = await transaction.rows(
        "SELECT serial FROM chat_quizzes WHERE chat_id = ? AND quiz_id = ?", chat_id, quiz_id
    )
    if found:
        serial = int(str(found[0][0]))
        await transaction.write(
            "UPDATE chat_quizzes SET source = ?, filename = ?, uploaded_by = ?, "
            "uploaded_at = ? WHERE serial = ?",
            source, filename, user_id, to_ms(now), serial,
        )  # fmt: skip
        return serial, True
    count = await transaction.rows("SELECT COUNT(*) FROM chat_quizzes WHERE chat_id = ?", chat_id)
    if int(str(count[0][0])) >= limit:
        return None
    inserted = await transaction.rows(
        "INSERT INTO chat_quizzes (chat_id, quiz_id, source, filename, uploaded_by, "
        "uploaded_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING serial",
        chat_id, quiz_id, source, filename, user_id, to_ms(now),
    )  # fmt: skip
    return int(str(inserted[0][0])), False


class ChatQuizReads(SqlQueries):
    """Reading chat quizzes: the bots' stores and the report's read-only one share these."""

    async def chat_quiz_entries(self, chat_id: str) -> list[ChatQuizEntry]:
        """The chat's quizzes without their files, by id: one index read."""
        rows = await self._rows(
            "SELECT serial, quiz_id, uploaded_at FROM chat_quizzes WHERE chat_id = ? "
            "ORDER BY quiz_id",
            chat_id,
        )
        return [ChatQuizEntry(int(str(s)), str(q), from_ms(int(str(at)))) for s, q, at in rows]

    async def chat_quiz(self, serial: int) -> StoredChatQuiz | None:
        """A chat quiz by the serial of its key (a post, a schedule or a card names it), with
        its pictures."""
        return _stored(await self._rows(_WITH_PICTURES, serial, serial))


class ChatQuizQueries(ChatQuizReads):
    """The chat-quiz methods of the Store protocol, in SQL both backends share."""

    async def save_chat_quiz(
        self, chat_id: str, quiz_id: str, source: str, filename: str, user_id: str,
        now: datetime, limit: int, pictures: Mapping[str, Picture] | None = None,
    ) -> tuple[int, bool] | None:  # fmt: skip
        """Store (or replace, keeping its serial) a chat's quiz and the pictures it shows by
        name: (serial, replaced); None when the id is new and the chat already holds `limit`
        quizzes. A replacement's pictures replace the old ones'."""
        async with self._transaction() as transaction:
            await transaction.lock(_uploads_lock(chat_id))  # the count and the insert: one step
            await transaction.lock(PICTURES_LOCK)  # before any row: a chat move takes it first
            saved = await _save(transaction, chat_id, quiz_id, source, filename, user_id, now,
                                limit)  # fmt: skip
            if saved is not None:
                await link_pictures(transaction, saved[0], pictures or {})
            return saved

    async def remove_chat_quiz(self, chat_id: str, quiz_id: str) -> bool:
        """Delete a chat's quiz and the pictures no other quiz shows (its answers and scores
        stay, under its key)."""
        async with self._transaction() as transaction:
            await transaction.lock(_uploads_lock(chat_id))
            await transaction.lock(PICTURES_LOCK)
            found = await transaction.rows(
                "DELETE FROM chat_quizzes WHERE chat_id = ? AND quiz_id = ? RETURNING serial",
                chat_id, quiz_id,
            )  # fmt: skip
            for (serial,) in found:
                unlinked = await unlink_pictures(transaction, int(str(serial)))
                await drop_unused(transaction, unlinked)
        return bool(found)

    async def record_upload(
        self, chat_id: str, user_id: str, now: datetime, since: datetime, limit: int
    ) -> int | None:
        """Count an upload (before its file is fetched) unless the chat has `limit` uploads
        after `since` already: the chat's uploads after `since`, this one included, or None
        (nothing counted). Drops the chat's rows from `since` or before. One step under the
        chat's lock, so concurrent uploads never count past the limit."""
        async with self._transaction() as transaction:
            await transaction.lock(_uploads_lock(chat_id))
            await transaction.write(
                "DELETE FROM chat_quiz_uploads WHERE chat_id = ? AND uploaded_at <= ?",
                chat_id, to_ms(since),
            )  # fmt: skip
            rows = await transaction.rows(
                "SELECT COUNT(*) FROM chat_quiz_uploads WHERE chat_id = ? AND uploaded_at > ?",
                chat_id, to_ms(since),
            )  # fmt: skip
            counted = int(str(rows[0][0]))
            if counted >= limit:
                return None
            await transaction.write(
                "INSERT INTO chat_quiz_uploads (chat_id, user_id, uploaded_at) VALUES (?, ?, ?)",
                chat_id, user_id, to_ms(now),
            )  # fmt: skip
        return counted + 1

    async def uploads_since(self, chat_id: str, since: datetime) -> int:
        """The chat's uploads counted after a moment (the hourly limit: an upload an hour old
        no longer counts)."""
        return await self._scalar(
            "SELECT COUNT(*) FROM chat_quiz_uploads WHERE chat_id = ? AND uploaded_at > ?",
            chat_id,
            to_ms(since),
        )
