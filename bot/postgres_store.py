"""The PostgreSQL store (asyncpg): for deployments where several processes share one database.

Same schema (bot/schema.py, translated), same SQL (bot/sql_queries.py, `?` → `$n`), same
guarantees, held by constraints rather than by one process's memory: an answer is unique
per (post, user), a post closes once, a round posts each number once, a channel gets one
daily post per date. Answers commit one transaction each on a pooled connection (no group
commit: PostgreSQL commits concurrent transactions together by itself) and are returned
only after COMMIT, so an acknowledged answer is durable.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import AsyncIterator
from decimal import Decimal
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from bot.answer_writer import (
    ADD_HOUR,
    ADD_TOTAL,
    INSERT_ANSWER,
    SELECT_ANSWER,
    UPSERT_PLAYER,
    PendingAnswer,
    score_rows,
)
from bot.daily_store import DailyQueries
from bot.engine import Answer, Player, Post
from bot.postgres_errors import FAILURES, constraints, redact, translate_errors
from bot.schema import IDENTITY_COLUMNS, MIGRATIONS, SCHEMA_VERSION, postgres_ddl
from bot.sql_queries import TableRows, Transaction
from bot.sql_rows import from_ms
from bot.store import PostClosedError, StoreError

_CONNECT_FAILURES: tuple[type[BaseException], ...] = (*FAILURES, ValueError)  # a bad URL


@functools.lru_cache(maxsize=512)
def to_postgres(sql: str) -> str:
    """`?` placeholders as `$1, $2, …` (no literal in our SQL holds a question mark)."""
    numbers = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(numbers)}", sql)


def _row(record: Any) -> tuple[object, ...]:
    """A record as a tuple; SUM()'s exact numerics as ints, as SQLite returns them."""
    return tuple(int(value) if isinstance(value, Decimal) else value for value in record)


def _changed(status: str) -> int:
    """Rows changed, from a command status such as 'UPDATE 1' or 'INSERT 0 1'."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _PostgresTransaction:
    """Statements on one pooled connection inside its transaction."""

    def __init__(self, connection: Any) -> None:
        self._connection = connection

    async def rows(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        with constraints():
            records = await self._connection.fetch(to_postgres(sql), *args)
        return [_row(record) for record in records]

    async def write(self, sql: str, *args: object) -> int:
        with constraints():
            status: str = await self._connection.execute(to_postgres(sql), *args)
        return _changed(status)


async def _after_close(transaction: Transaction, answer: Answer) -> tuple[Answer, bool]:
    """The user's earlier answer to a closed post, or PostClosedError."""
    rows = await transaction.rows(SELECT_ANSWER, answer.post_id, answer.user_id)
    if not rows:
        raise PostClosedError(answer.post_id)
    return _stored(answer, rows[0]), False


def _stored(answer: Answer, row: tuple[object, ...]) -> Answer:
    choice, correct, at_ms, elapsed = row
    return Answer(
        answer.post_id, answer.user_id, int(str(choice)), bool(correct),
        from_ms(int(str(at_ms))), int(str(elapsed)),
    )  # fmt: skip


@translate_errors
class PostgresStore(DailyQueries):
    """Open with `await PostgresStore.open("postgresql://user:password@host/db")`."""

    def __init__(self, pool: Any, url: str) -> None:
        self._pool = pool
        self.where = redact(url)
        """The database, password hidden: named in error messages."""

    @classmethod
    async def open(cls, url: str, max_connections: int = 10) -> PostgresStore:
        """Connect (creating and migrating the schema if needed)."""
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=max_connections)
        except _CONNECT_FAILURES as error:
            raise StoreError(f"cannot connect to the database {redact(url)}: {error}") from None
        store = cls(pool, url)
        try:
            await store._migrate()
        except FAILURES as error:
            await pool.close()
            raise StoreError(f"cannot use the database {store.where}: {error}") from None
        except StoreError:
            await pool.close()
            raise
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
        await self._pool.close()

    async def schema_version(self) -> int:
        rows = await self._rows("SELECT MAX(version) FROM schema_version")
        return int(str(rows[0][0]))

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Transaction]:
        async with self._pool.acquire() as connection, connection.transaction():
            yield _PostgresTransaction(connection)

    async def _rows(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        records = await self._pool.fetch(to_postgres(sql), *args)
        return [_row(record) for record in records]

    async def _write(self, sql: str, *args: object) -> int:
        with constraints():
            status: str = await self._pool.execute(to_postgres(sql), *args)
        return _changed(status)

    async def _write_returning(self, sql: str, *args: object) -> tuple[object, ...]:
        with constraints():
            record = await self._pool.fetchrow(to_postgres(sql), *args)
        assert record is not None
        return _row(record)

    async def table_columns(self, table: str) -> list[str]:
        rows = await self._rows(
            "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
            "AND table_schema = current_schema() ORDER BY ordinal_position",
            table,
        )
        return [str(row[0]) for row in rows]

    async def insert_tables(self, tables: list[TableRows]) -> None:
        """COPY each table, then move identity sequences past the copied keys."""
        async with self._pool.acquire() as connection, connection.transaction():
            for each in tables:
                with constraints():
                    await connection.copy_records_to_table(
                        each.table, records=each.rows, columns=each.columns
                    )
            for table, column in IDENTITY_COLUMNS.items():
                await connection.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                    f"COALESCE(MAX({column}), 0) + 1, false) FROM {table}"
                )

    async def add_answer(
        self, answer: Answer, post: Post, player: Player | None = None
    ) -> tuple[Answer, bool]:
        """One transaction: the answer unless already there, the player, the score rows.

        The post's row is share-locked first: a concurrent close waits for this commit (so
        its results include the answer), and an answer after the close is refused.
        """
        async with self._transaction() as transaction:
            is_open = await transaction.rows(
                "SELECT 1 FROM posts WHERE post_id = ? AND closed_at IS NULL FOR SHARE",
                answer.post_id,
            )
            if not is_open:
                return await _after_close(transaction, answer)
            if player is not None:
                await transaction.write(
                    UPSERT_PLAYER, player.user_id, player.name, player.language
                )
            created = await transaction.write(
                INSERT_ANSWER,
                answer.post_id,
                answer.user_id,
                post.chat_id,
                post.quiz_id,
                answer.choice,
                int(answer.correct),
                int(answer.answered_at.timestamp() * 1000),
                answer.elapsed_ms,
            )
            if created:
                totals, hours = score_rows([PendingAnswer(answer, post.chat_id, post.quiz_id)])
                for row in totals:
                    await transaction.write(ADD_TOTAL, *row)
                for row in hours:
                    await transaction.write(ADD_HOUR, *row)
                return answer, True
            [row] = await transaction.rows(SELECT_ANSWER, answer.post_id, answer.user_id)
        return _stored(answer, row), False
