"""Chat quizzes' pictures in the database, both backends: every worker can show them.

A picture is stored once by content (`digest`, SHA-256 of its cleaned bytes), however many
quizzes show it; `chat_quiz_pictures` says which picture a chat quiz calls by which name.
Pictures are not personal data, but a quiz removed or replaced must leave none behind: the
statements that unlink a quiz's pictures then delete those no quiz links any more, under one
lock (`PICTURES_LOCK`), so a concurrent upload of the same picture never links a row being
deleted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.domain.models import Picture
from bot.domain.uploads import StoredPicture
from bot.storage.sql.queries import Transaction

PICTURES_MIGRATION = """
    CREATE TABLE pictures (
        digest TEXT PRIMARY KEY,
        media_type TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        data BLOB NOT NULL
    );
    CREATE TABLE chat_quiz_pictures (
        serial INTEGER NOT NULL,
        name TEXT NOT NULL,
        digest TEXT NOT NULL REFERENCES pictures (digest),
        PRIMARY KEY (serial, name)
    ) WITHOUT ROWID;
    CREATE INDEX chat_quiz_pictures_by_digest ON chat_quiz_pictures (digest);
"""
"""Appended to `schema.MIGRATIONS`. `serial` is a chat quiz's (chat_quizzes.serial), kept
without a foreign key since a quiz row and its links are deleted in one transaction."""

PICTURE_TABLES = ("pictures", "chat_quiz_pictures")
"""Parents first, as `schema.TABLES` wants them."""
PICTURES_LOCK = "pictures"
UNUSED_PICTURES = (
    "DELETE FROM pictures WHERE NOT EXISTS "
    "(SELECT 1 FROM chat_quiz_pictures l WHERE l.digest = pictures.digest)"
)
"""Every picture no quiz links (a chat move's sweep: rare, so it may read them all)."""
_UNUSED_PICTURE = (
    "DELETE FROM pictures WHERE digest = ? AND NOT EXISTS "
    "(SELECT 1 FROM chat_quiz_pictures l WHERE l.digest = pictures.digest)"
)


async def link_pictures(
    transaction: Transaction, serial: int, pictures: Mapping[str, Picture]
) -> None:
    """The chat quiz `serial` shows `pictures` (by name) and no others; pictures it no longer
    shows are deleted when no other quiz does. The caller holds PICTURES_LOCK."""
    old = await unlink_pictures(transaction, serial)
    for name, picture in sorted(pictures.items()):
        await transaction.write(
            "INSERT INTO pictures (digest, media_type, width, height, data) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (digest) DO NOTHING",
            picture.digest, picture.media_type, picture.width, picture.height, picture.data,
        )  # fmt: skip
        await transaction.write(
            "INSERT INTO chat_quiz_pictures (serial, name, digest) VALUES (?, ?, ?)",
            serial, name, picture.digest,
        )  # fmt: skip
    await drop_unused(transaction, old)


async def unlink_pictures(transaction: Transaction, serial: int) -> set[str]:
    """Remove a chat quiz's links; the digests it linked (`drop_unused` them after)."""
    rows = await transaction.rows("SELECT digest FROM chat_quiz_pictures WHERE serial = ?", serial)
    await transaction.write("DELETE FROM chat_quiz_pictures WHERE serial = ?", serial)
    return {str(row[0]) for row in rows}


async def drop_unused(transaction: Transaction, digests: Iterable[str]) -> None:
    """Delete those of `digests` that no chat quiz links any more."""
    for digest in sorted(digests):
        await transaction.write(_UNUSED_PICTURE, digest)


PICTURE_COLUMNS = "l.name, p.media_type, p.width, p.height, p.data"
"""What `picture_rows` reads, last in each row."""


def picture_rows(rows: list[tuple[object, ...]]) -> tuple[StoredPicture, ...]:
    """The pictures by name, from rows whose last columns are PICTURE_COLUMNS (NULLs in rows
    of something else)."""
    found = []
    for row in rows:
        name, media_type, width, height, data = row[-5:]
        if isinstance(name, str) and isinstance(data, bytes | bytearray | memoryview):
            found.append(StoredPicture(name, str(media_type), int(str(width)),
                                       int(str(height)), bytes(data)))  # fmt: skip
    return tuple(sorted(found, key=lambda picture: picture.name))
