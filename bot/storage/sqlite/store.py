"""The SQLite store (aiosqlite): one file, WAL, schema migrations by `PRAGMA user_version`."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import aiosqlite

from bot.storage.error_translation import closed_on_failure
from bot.storage.group_commit import GroupCommitAnswers
from bot.storage.interface import StoreError
from bot.storage.schema import MIGRATIONS, SCHEMA_VERSION
from bot.storage.sql.chat_moves import ChatMoveQueries
from bot.storage.sql.chat_quizzes import ChatQuizQueries
from bot.storage.sql.daily import DailyQueries
from bot.storage.sql.flags import FlagQueries
from bot.storage.sql.picks import PickQueries
from bot.storage.sql.players import PlayerQueries
from bot.storage.sql.queries import TableRows, Transaction
from bot.storage.sql.review import ReviewQueries
from bot.storage.sql.round_sweep import RoundSweepQueries
from bot.storage.sql.seen_updates import SeenUpdateQueries
from bot.storage.sql.sent_files import SentFileQueries
from bot.storage.sql.weak_spots import WeakSpotQueries
from bot.storage.sqlite.answer_writer import AnswerWriter
from bot.storage.sqlite.errors import constraints, translate_errors


class _SQLiteTransaction:
    """Statements on the store's connection, inside its BEGIN IMMEDIATE … COMMIT."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    async def rows(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        with constraints():
            return [tuple(row) for row in await self._db.execute_fetchall(sql, args)]

    async def write(self, sql: str, *args: object) -> int:
        with constraints():
            async with self._db.execute(sql, args) as cursor:
                return cursor.rowcount

    async def lock(self, name: str) -> None:
        """Nothing to take: BEGIN IMMEDIATE holds the database's write lock already."""


@translate_errors
class SQLiteStore(
    DailyQueries, PlayerQueries, ReviewQueries, ChatMoveQueries, SeenUpdateQueries,
    ChatQuizQueries, RoundSweepQueries, WeakSpotQueries, FlagQueries, PickQueries,
    SentFileQueries, GroupCommitAnswers,
):  # fmt: skip
    """The default store. Open with `await SQLiteStore.open(path)`; queries: SqlQueries."""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self._write_lock = asyncio.Lock()
        self._writer: AnswerWriter | None = None
        """Commits answers in groups on its own connection; opened once the schema is ready."""

    @classmethod
    async def open(cls, path: Path | str, busy_timeout_ms: int = 5000) -> SQLiteStore:
        """Open (creating and migrating if needed); waits up to `busy_timeout_ms` for a lock."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            connection = await aiosqlite.connect(path, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise StoreError(f"cannot open the database {path}: {error}") from None
        store = cls(connection, path)
        async with closed_on_failure(connection.close, sqlite3.DatabaseError, str(path)):
            await store._prepare(busy_timeout_ms)
            store._writer = AnswerWriter(path, busy_timeout_ms=busy_timeout_ms)
            store._writer.start()
        return store

    async def _prepare(self, busy_timeout_ms: int) -> None:
        await self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        await self._db.execute("PRAGMA journal_mode = WAL")
        await self._db.execute("PRAGMA synchronous = FULL")
        await self._db.execute("PRAGMA foreign_keys = ON")
        version = await self._scalar("PRAGMA user_version")
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the database {self.path} was written by a newer quizbot (schema {version}; "
                f"this version knows up to {SCHEMA_VERSION}). Upgrade quizbot to use it."
            )
        for number in range(version, SCHEMA_VERSION):
            await self._db.executescript(
                f"BEGIN; {MIGRATIONS[number]}; PRAGMA user_version = {number + 1}; COMMIT;"
            )

    async def close(self) -> None:
        if self._writer is not None:
            await self._writer.close()
        await self._db.close()

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Transaction]:
        """BEGIN IMMEDIATE … COMMIT; on failure roll back what SQLite has not already.

        Holds the write lock: on a shared connection, another coroutine's statement would
        otherwise land inside this transaction and share its fate.
        """
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield _SQLiteTransaction(self._db)
                await self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    await self._db.rollback()
                raise

    async def _write(self, sql: str, *args: object) -> int:
        """One autocommitted write, never inside another coroutine's transaction."""
        with constraints():
            async with self._write_lock, self._db.execute(sql, args) as cursor:
                return cursor.rowcount

    async def _write_returning(self, sql: str, *args: object) -> tuple[object, ...]:
        with constraints():
            async with self._write_lock, self._db.execute(sql, args) as cursor:
                row = await cursor.fetchone()
        assert row is not None
        return tuple(row)

    @property
    def writer(self) -> AnswerWriter:
        assert self._writer is not None, "open the store with SQLiteStore.open"
        return self._writer

    async def _rows(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        """One hop to the connection's thread (execute, fetch and close are three)."""
        return [tuple(row) for row in await self._db.execute_fetchall(sql, args)]

    async def table_columns(self, table: str) -> list[str]:
        return [str(row[1]) for row in await self._rows(f"PRAGMA table_info({table})")]

    async def insert_tables(
        self, tables: list[TableRows], on_table: Callable[[TableRows], None] | None = None
    ) -> None:
        async with self._transaction():
            for each in tables:
                marks = ", ".join("?" * len(each.columns))
                sql = f"INSERT INTO {each.table} ({', '.join(each.columns)}) VALUES ({marks})"
                with constraints():
                    await self._db.executemany(sql, each.rows)
                if on_table is not None:
                    on_table(each)
