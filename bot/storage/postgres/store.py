"""The PostgreSQL store (asyncpg): for deployments where several processes share one database.

Same schema (bot/storage/schema.py, translated), same SQL (bot/storage/sql/, `?` → `$n`), same
guarantees, held by constraints rather than by one process's memory: an answer is unique
per (post, user), a post closes once, a round posts each number once, a channel gets one
daily post per date. Answers are group-committed (answer_writer.py here) and returned
only after COMMIT, so an acknowledged answer is durable.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from decimal import Decimal
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from bot.storage.error_translation import closed_on_failure
from bot.storage.group_commit import GroupCommitAnswers
from bot.storage.interface import StoreError
from bot.storage.postgres.answer_writer import PostgresAnswerWriter
from bot.storage.postgres.errors import FAILURES, constraints, redact, translate_errors
from bot.storage.schema import (
    IDENTITY_COLUMNS,
    MIGRATIONS,
    SCHEMA_VERSION,
    postgres_ddl,
    to_postgres,
)
from bot.storage.sql.chat_moves import ChatMoveQueries
from bot.storage.sql.chat_quizzes import ChatQuizQueries
from bot.storage.sql.daily import DailyQueries
from bot.storage.sql.flags import FlagQueries
from bot.storage.sql.picks import PickQueries
from bot.storage.sql.players import PlayerQueries
from bot.storage.sql.queries import TableRows, Transaction
from bot.storage.sql.review import ReviewQueries
from bot.storage.sql.round_sweep import RoundSweepQueries
from bot.storage.sql.rows import Select, to_text
from bot.storage.sql.seen_updates import SeenUpdateQueries
from bot.storage.sql.sent_files import SentFileQueries
from bot.storage.sql.weak_spots import WeakSpotQueries

_CONNECT_FAILURES: tuple[type[BaseException], ...] = (*FAILURES, ValueError)  # a bad URL
_LOCK = "SELECT pg_advisory_xact_lock(hashtext(COALESCE(current_schema(), '')), hashtext($1))"
_COLUMN_NAMES = Select("SELECT column_name FROM information_schema.columns", to_text)


def _row(record: Any) -> tuple[object, ...]:
    """A record as a tuple; SUM()'s exact numerics as ints, as SQLite returns them."""
    return tuple(int(value) if isinstance(value, Decimal) else value for value in record)


def _changed(status: str) -> int:
    """Rows changed, from a command status such as 'UPDATE 1' or 'INSERT 0 1'."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _Statements:
    """Statements on the pool (each autocommitted) or on one connection, inside its
    transaction: both speak asyncpg's fetch/execute/fetchrow."""

    def __init__(self, executor: Any) -> None:
        self._executor = executor

    async def rows(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        with constraints():
            records = await self._executor.fetch(to_postgres(sql), *args)
        return [_row(record) for record in records]

    async def write(self, sql: str, *args: object) -> int:
        with constraints():
            status: str = await self._executor.execute(to_postgres(sql), *args)
        return _changed(status)

    async def write_returning(self, sql: str, *args: object) -> tuple[object, ...]:
        with constraints():
            record = await self._executor.fetchrow(to_postgres(sql), *args)
        assert record is not None
        return _row(record)

    async def lock(self, name: str) -> None:
        """A transaction-scoped advisory lock on (schema, name): released at COMMIT/ROLLBACK;
        the two-key form, apart from the migrations' one-key lock."""
        await self._executor.execute(_LOCK, name)


@translate_errors
class PostgresStore(
    DailyQueries, PlayerQueries, ReviewQueries, ChatMoveQueries, SeenUpdateQueries,
    ChatQuizQueries, RoundSweepQueries, WeakSpotQueries, FlagQueries, PickQueries,
    SentFileQueries, GroupCommitAnswers,
):  # fmt: skip
    """Open with `await PostgresStore.open("postgresql://user:password@host/db")`."""

    def __init__(self, pool: Any, url: str) -> None:
        self._pool = pool
        self._on_pool = _Statements(pool)
        self.where = redact(url)
        """The database, password hidden: named in error messages."""
        self.writer = PostgresAnswerWriter(pool, self.where)
        """Commits answers in groups (answer_writer.py); started once migrated."""

    @classmethod
    async def open(cls, url: str, max_connections: int = 10) -> PostgresStore:
        """Connect (creating and migrating the schema if needed)."""
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=max_connections)
        except _CONNECT_FAILURES as error:
            raise StoreError(f"cannot connect to the database {redact(url)}: {error}") from None
        store = cls(pool, url)
        async with closed_on_failure(pool.close, FAILURES, store.where):
            await store._migrate()
            store.writer.start()
        return store

    async def _migrate(self) -> None:
        """Apply missing migrations, one process at a time (an advisory lock per schema)."""
        async with self._pool.acquire() as connection, connection.transaction():
            await connection.execute(
                "SELECT pg_advisory_xact_lock(hashtext(COALESCE(current_schema(), '')))"
            )
            await connection.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
            )
            found = await connection.fetchval("SELECT MAX(version) FROM schema_version")
            version = int(found or 0)
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"the database {self.where} was written by a newer quizbot (schema "
                    f"{version}; this version knows up to {SCHEMA_VERSION}). Upgrade quizbot."
                )
            for number in range(version, SCHEMA_VERSION):
                await connection.execute(postgres_ddl(MIGRATIONS[number]))
                await connection.execute(
                    "INSERT INTO schema_version (version) VALUES ($1)", number + 1
                )

    async def close(self) -> None:
        await self.writer.close()
        await self._pool.close()

    async def schema_version(self) -> int:
        rows = await self._rows("SELECT MAX(version) FROM schema_version")
        return int(str(rows[0][0]))

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Transaction]:
        async with self._pool.acquire() as connection, connection.transaction():
            yield _Statements(connection)

    async def _rows(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        return await self._on_pool.rows(sql, *args)

    async def _write(self, sql: str, *args: object) -> int:
        return await self._on_pool.write(sql, *args)

    async def _write_returning(self, sql: str, *args: object) -> tuple[object, ...]:
        return await self._on_pool.write_returning(sql, *args)

    async def table_columns(self, table: str) -> list[str]:
        return await self._all(
            _COLUMN_NAMES,
            "WHERE table_name = ? AND table_schema = current_schema() ORDER BY ordinal_position",
            table,
        )

    async def insert_tables(
        self, tables: list[TableRows], on_table: Callable[[TableRows], None] | None = None
    ) -> None:
        """COPY each table, then move identity sequences past the copied keys."""
        async with self._pool.acquire() as connection, connection.transaction():
            for each in tables:
                with constraints():
                    await connection.copy_records_to_table(
                        each.table, records=each.rows, columns=each.columns
                    )
                if on_table is not None:
                    on_table(each)
            for table, column in IDENTITY_COLUMNS.items():
                await connection.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                    f"COALESCE(MAX({column}), 0) + 1, false) FROM {table}"
                )
