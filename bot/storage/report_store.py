"""The report's store: the same database as the bots, opened so that it cannot be written.

`quizbot serve` reads what the bots write and must never change it, so it neither migrates
nor writes: SQLite opens the file read-only (`mode=ro`), PostgreSQL sets every transaction
read-only. A database older than this quizbot is refused with what to do, not migrated.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, Protocol

import aiosqlite
import asyncpg  # type: ignore[import-untyped]

from bot.domain.flags import FlaggedQuestion
from bot.domain.item_analysis import ChoiceCount, Latest
from bot.domain.report import MemberLine, Overview, QuestionFigures, RoundLine, Tally
from bot.domain.uploads import ChatQuizEntry, StoredChatQuiz
from bot.storage.interface import StoreError
from bot.storage.opening import is_postgres
from bot.storage.postgres.errors import FAILURES, redact
from bot.storage.schema import SCHEMA_VERSION, to_postgres
from bot.storage.sql.chat_quizzes import ChatQuizReads
from bot.storage.sql.flags import FlagReads
from bot.storage.sql.report import ReportQueries
from bot.storage.sql.report_items import ItemQueries

_CONNECT_FAILURES: tuple[type[BaseException], ...] = (*FAILURES, ValueError)  # a bad URL


class ReportStore(Protocol):
    """What the report pages read; nothing here writes."""

    async def close(self) -> None: ...

    async def get_meta(self, key: str) -> str | None:
        """A setting kept by the bots (here: when the chat's links were revoked)."""
        ...

    async def totals(self, chat_id: str) -> tuple[int, Tally]:
        """Members and answers over all time, group rounds or not."""
        ...

    async def overview(self, chat_id: str, first: date, last: date) -> Overview: ...

    async def members(self, chat_id: str, now: datetime) -> list[MemberLine]: ...

    async def question_figures(self, chat_id: str, quiz_id: str) -> list[QuestionFigures]: ...

    async def wrong_typed(
        self, chat_id: str, quiz_id: str, question_ids: Sequence[str], limit: int = ...
    ) -> dict[str, list[str]]: ...

    async def rounds(self, chat_id: str, limit: int) -> list[RoundLine]: ...

    async def period_counts(
        self, chat_id: str, quiz_id: str, first: date | None
    ) -> tuple[list[Latest], list[ChoiceCount]]:
        """Members' latest answers and the answers per choice from `first` on (item analysis)."""
        ...

    async def member_halves(
        self, chat_id: str, first: date | None, middle: date
    ) -> dict[str, tuple[Tally, Tally]]:
        """Each member's answers in a period's earlier and later halves (their trend)."""
        ...

    async def recall_cards(self, chat_id: str) -> dict[str, list[str]]:
        """The members' review cards (FSRS JSON) of the quizzes played in the chat."""
        ...

    async def chat_quiz_entries(self, chat_id: str) -> list[ChatQuizEntry]:
        """The chat's own quizzes (uploads), for their titles and questions."""
        ...

    async def chat_quiz(self, serial: int) -> StoredChatQuiz | None: ...

    async def chat_flags(self, chat_id: str) -> list[FlaggedQuestion]:
        """The chat's questions with open flags (or hidden): counts, reasons, latest notes."""
        ...


def _too_old(where: str, version: int) -> StoreError:
    return StoreError(
        f"the database {where} is at schema {version}, this quizbot reads {SCHEMA_VERSION}: "
        "start the bot once (it migrates), then start the web app again"
    )


def _read_only_uri(path: Path) -> str:
    """SQLite's URI opening the file read-only; it must exist: this never creates one."""
    if not path.is_file():
        raise StoreError(f"no database at {path} yet: start the bot first, it creates it")
    return f"{path.resolve().as_uri()}?mode=ro"


class SQLiteReportStore(ReportQueries, ItemQueries, ChatQuizReads, FlagReads):
    """A read-only connection to the bots' SQLite file."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    @classmethod
    async def open(cls, path: Path) -> SQLiteReportStore:
        uri = _read_only_uri(path)
        try:
            connection = await aiosqlite.connect(uri, uri=True)
            [(version,)] = list(await connection.execute_fetchall("PRAGMA user_version"))
        except sqlite3.Error as error:
            raise StoreError(f"cannot read the database {path}: {error}") from None
        if version < SCHEMA_VERSION:
            await connection.close()
            raise _too_old(str(path), version)
        await connection.execute("PRAGMA busy_timeout = 5000")
        return cls(connection)

    async def close(self) -> None:
        await self._db.close()

    async def _rows(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        return [tuple(row) for row in await self._db.execute_fetchall(sql, args)]


class PostgresReportStore(ReportQueries, ItemQueries, ChatQuizReads, FlagReads):
    """A pool whose transactions are all read-only (`default_transaction_read_only`)."""

    def __init__(self, pool: Any) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str) -> PostgresReportStore:
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=4,
                server_settings={"default_transaction_read_only": "on"},
            )
        except _CONNECT_FAILURES as error:
            raise StoreError(f"cannot connect to the database {redact(url)}: {error}") from None
        try:
            version = await pool.fetchval("SELECT MAX(version) FROM schema_version")
        except FAILURES:
            version = 0
        if int(version or 0) < SCHEMA_VERSION:
            await pool.close()
            raise _too_old(redact(url), int(version or 0))
        return cls(pool)

    async def close(self) -> None:
        await self._pool.close()

    async def _rows(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        records = await self._pool.fetch(to_postgres(sql), *args)
        return [tuple(record) for record in records]


async def open_report_store(target: str | Path) -> SQLiteReportStore | PostgresReportStore:
    """The database a setting names, read-only."""
    if is_postgres(target):
        return await PostgresReportStore.open(str(target))
    return await SQLiteReportStore.open(Path(target))


def _conforms(sqlite: SQLiteReportStore, postgres: PostgresReportStore) -> tuple[ReportStore, ...]:
    """Checked by mypy: both classes implement the ReportStore protocol."""
    return sqlite, postgres
