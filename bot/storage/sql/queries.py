"""The Store methods both backends share: one SQL text, written with `?` placeholders.

A backend provides four primitives (`_rows`, `_write`, `_write_returning`, `_transaction`);
PostgreSQL's translate `?` to `$n`. So a rule such as "a round posts each question number
once" is the same statement on both, and no behaviour lives in one backend only. The SQL
keeps to what both dialects accept: typed `CAST(? AS …) IS NULL` tests, every selected
column grouped, `IS DISTINCT FROM`, qualified columns in upserts.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, TypeVar

from bot.domain.entities import Answer, Mode, NewPost, NewRound, Post, Round, ScoreLine, Standing
from bot.storage.interface import ConstraintError, PageQuery, RoundConflictError
from bot.storage.sql.rows import (
    ANSWERS,
    POST_COLUMNS,
    POSTS,
    ROUND_COLUMNS,
    ROUNDS,
    Select,
    optional_ms,
    to_ms,
    to_post,
    to_round,
    to_score_lines,
    to_text,
)
from bot.storage.sql.scores import scores_query, standing_query, to_standing


@dataclass(frozen=True, slots=True)
class TableRows:
    table: str
    columns: list[str]
    rows: list[tuple[object, ...]]


T = TypeVar("T")
_META = Select("SELECT value FROM meta", to_text)


class Transaction(Protocol):
    """Statements inside one database transaction (committed when the block ends)."""

    async def rows(self, sql: str, *args: object) -> list[tuple[object, ...]]: ...

    async def write(self, sql: str, *args: object) -> int:
        """Run a statement; the number of rows it changed."""
        ...

    async def lock(self, name: str) -> None:
        """Wait until no other transaction holds `name`, then hold it until this one ends: a
        check and the write it allows become one step (PostgreSQL's transactions run side by
        side; SQLite's BEGIN IMMEDIATE already runs one writer at a time)."""
        ...


async def insert_post(transaction: Transaction, new: NewPost) -> Post:
    """Insert a post in the transaction: a round's question, or a daily one (no round)."""
    [row] = await transaction.rows(
        "INSERT INTO posts (chat_id, quiz_id, question_id, choice_order, number, total, "
        f"opened_at, deadline, round_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        f"RETURNING {POST_COLUMNS}",
        new.chat_id,
        new.quiz_id,
        new.question_id,
        ",".join(map(str, new.order)),
        new.number,
        new.total,
        to_ms(new.opened_at),
        optional_ms(new.deadline),
        new.round_id,
    )
    return to_post(row)


class SqlQueries:
    """Store methods in shared SQL over the backend's primitives."""

    async def _rows(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        raise NotImplementedError

    async def _write(self, sql: str, *args: object) -> int:
        """One autocommitted write; the number of rows changed."""
        raise NotImplementedError

    async def _write_returning(self, sql: str, *args: object) -> tuple[object, ...]:
        raise NotImplementedError

    def _transaction(self) -> AbstractAsyncContextManager[Transaction]:
        raise NotImplementedError

    async def table_columns(self, table: str) -> list[str]:
        """The table's columns in schema order (for `quizbot db copy`)."""
        raise NotImplementedError

    async def insert_tables(
        self, tables: list[TableRows], on_table: Callable[[TableRows], None] | None = None
    ) -> None:
        """Insert rows as they are, keys included, in one transaction (`quizbot db copy`);
        `on_table` hears of each table once it is written (a progress bar)."""
        raise NotImplementedError

    async def count_rows(self, table: str) -> int:
        return await self._scalar(f"SELECT COUNT(*) FROM {table}")

    async def read_rows(self, table: str, columns: list[str]) -> list[tuple[object, ...]]:
        return await self._rows(f"SELECT {', '.join(columns)} FROM {table}")

    async def _scalar(self, sql: str, *args: object) -> int:
        rows = await self._rows(sql, *args)
        return int(str(rows[0][0])) if rows and rows[0][0] is not None else 0

    async def _one(self, select: Select[T], rest: str, *args: object) -> T | None:
        """The first row of `select` and `rest` (its WHERE, ORDER BY…), read; None if none."""
        rows = await self._rows(f"{select.head} {rest}", *args)
        return select.convert(rows[0]) if rows else None

    async def _all(self, select: Select[T], rest: str, *args: object) -> list[T]:
        """Every row of `select` and `rest`, read, in the query's order."""
        return [select.convert(row) for row in await self._rows(f"{select.head} {rest}", *args)]

    async def create_round(self, new: NewRound, now: datetime) -> Round:
        try:
            row = await self._write_returning(
                "INSERT INTO rounds (chat_id, channel_ref, quiz_id, mode, question_ids, "
                "started_by, seconds_per_question, language, started_at, idle_since) "
                f"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING {ROUND_COLUMNS}",
                new.chat_id,
                new.channel_ref,
                new.quiz_id,
                new.mode,
                json.dumps(list(new.question_ids)),
                new.started_by,
                new.seconds_per_question,
                new.language,
                to_ms(now),
                to_ms(now),
            )
        except ConstraintError:
            raise RoundConflictError(new.chat_id) from None
        return to_round(row)

    async def get_round(self, round_id: int) -> Round | None:
        return await self._one(ROUNDS, "WHERE round_id = ?", round_id)

    async def running_round(
        self, chat_id: str, channel_ref: str, mode: Mode, started_by: str | None = None
    ) -> Round | None:
        return await self._one(
            ROUNDS,
            "WHERE status = 'running' AND chat_id = ? AND channel_ref = ? AND mode = ? "
            "AND (CAST(? AS TEXT) IS NULL OR started_by = ?)",
            chat_id,
            channel_ref,
            mode,
            started_by,
            started_by,
        )

    async def running_rounds(self) -> list[Round]:
        return await self._all(ROUNDS, "WHERE status = 'running' ORDER BY round_id")

    async def end_round(
        self, round_id: int, status: str, now: datetime, claim_summary: bool = False
    ) -> bool:
        changed = await self._write(
            "UPDATE rounds SET status = ?, ended_at = ?, summary_due = ? "
            "WHERE round_id = ? AND status = 'running'",
            status,
            to_ms(now),
            to_ms(now) if claim_summary else None,
            round_id,
        )
        return changed == 1

    async def create_post(self, new: NewPost) -> Post:
        async with self._transaction() as transaction:
            post = await insert_post(transaction, new)
            if new.round_id is not None:
                await transaction.write(
                    "UPDATE rounds SET position = ?, idle_since = NULL WHERE round_id = ?",
                    new.number,
                    new.round_id,
                )
        return post

    async def get_post(self, post_id: int) -> Post | None:
        return await self._one(POSTS, "WHERE post_id = ?", post_id)

    async def round_posts(self, round_id: int) -> list[Post]:
        return await self._all(POSTS, "WHERE round_id = ? ORDER BY number", round_id)

    async def set_post_message(
        self, post_id: int, message_ref: str, deadline: datetime | None = None
    ) -> None:
        await self._write(
            "UPDATE posts SET message_ref = ?, deadline = COALESCE(CAST(? AS BIGINT), deadline) "
            "WHERE post_id = ?",
            message_ref,
            optional_ms(deadline),
            post_id,
        )

    async def take_over_post(self, post_id: int, claimed_at: datetime, now: datetime) -> bool:
        changed = await self._write(
            "UPDATE posts SET opened_at = ? WHERE post_id = ? AND opened_at = ? "
            "AND message_ref IS NULL AND closed_at IS NULL",
            to_ms(now),
            post_id,
            to_ms(claimed_at),
        )
        return changed == 1

    async def close_post(self, post_id: int, now: datetime) -> bool:
        """Its round, if running, is idle from now (bot/storage/sql/round_sweep.py)."""
        async with self._transaction() as transaction:
            changed = await transaction.write(
                "UPDATE posts SET closed_at = ? WHERE post_id = ? AND closed_at IS NULL",
                to_ms(now),
                post_id,
            )
            if changed == 1:  # its round is idle from now (sql/round_sweep.py); picks not
                # submitted in time count for nothing
                await transaction.write(
                    "UPDATE rounds SET idle_since = ? WHERE status = 'running' "
                    "AND round_id = (SELECT round_id FROM posts WHERE post_id = ?)",
                    to_ms(now),
                    post_id,
                )
                await transaction.write("DELETE FROM picks WHERE post_id = ?", post_id)
        return changed == 1

    async def open_posts(self) -> list[Post]:
        return await self._all(POSTS, "WHERE closed_at IS NULL ORDER BY post_id")

    async def get_answer(self, post_id: int, user_id: str) -> Answer | None:
        return await self._one(ANSWERS, "WHERE post_id = ? AND user_id = ?", post_id, user_id)

    async def post_answers(self, post_id: int) -> list[Answer]:
        return await self._all(ANSWERS, "WHERE post_id = ? ORDER BY answered_at, user_id", post_id)

    async def count_answers(self, post_id: int) -> int:
        return await self._scalar("SELECT COUNT(*) FROM answers WHERE post_id = ?", post_id)

    async def round_scores(self, round_id: int) -> list[ScoreLine]:
        return to_score_lines(
            await self._rows(
                "SELECT a.user_id, COALESCE(u.name, a.user_id), SUM(a.correct), COUNT(*), "
                "SUM(a.elapsed_ms) FROM answers a JOIN posts p ON p.post_id = a.post_id "
                "LEFT JOIN users u ON u.user_id = a.user_id WHERE p.round_id = ? "
                "GROUP BY a.user_id, u.name",
                round_id,
            )
        )

    async def scores(
        self, chat_id: str, since: datetime | None, quiz_id: str | None = None
    ) -> list[ScoreLine]:
        """From the score tables (see bot/storage/sql/scores.py): constant as answers pile up."""
        sql, args = scores_query(chat_id, since, quiz_id)
        return to_score_lines(await self._rows(sql, *args))

    async def standing(self, page: PageQuery) -> Standing:
        """The leaders, the asker and the count, ranked in SQL only as far as needed."""
        sql, args = standing_query(page)
        return to_standing(await self._rows(sql, *args))

    async def get_meta(self, key: str) -> str | None:
        return await self._one(_META, "WHERE key = ?", key)

    async def set_meta(self, key: str, value: str) -> None:
        await self._write(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )
