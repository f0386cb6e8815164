"""The SQLite store (aiosqlite): one file, WAL, schema migrations by `PRAGMA user_version`."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator, Iterable
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

from bot.answer_writer import AnswerWriter, PendingAnswer
from bot.daily_store import DAILY_MIGRATION, DailySQLite
from bot.engine import Answer, Mode, Player, Post, Round, RoundStatus, ScoreLine
from bot.sqlite_errors import translate_errors
from bot.sqlite_scores import SCORE_TABLES_MIGRATION, scores_query
from bot.store import (
    ExportRow,
    NewPost,
    NewRound,
    PlayerTotals,
    RoundConflictError,
    StoreError,
)

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE users (
        user_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        language TEXT NOT NULL
    );
    CREATE TABLE rounds (
        round_id INTEGER PRIMARY KEY,
        chat_id TEXT NOT NULL,
        channel_ref TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('group', 'solo')),
        question_ids TEXT NOT NULL,
        started_by TEXT NOT NULL,
        seconds_per_question INTEGER,
        language TEXT NOT NULL,
        position INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'running'
            CHECK (status IN ('running', 'finished', 'stopped')),
        started_at INTEGER NOT NULL,
        ended_at INTEGER
    );
    CREATE UNIQUE INDEX one_group_round_per_channel ON rounds (chat_id, channel_ref)
        WHERE status = 'running' AND mode = 'group';
    CREATE UNIQUE INDEX one_solo_round_per_player ON rounds (chat_id, channel_ref, started_by)
        WHERE status = 'running' AND mode = 'solo';
    CREATE TABLE posts (
        post_id INTEGER PRIMARY KEY,
        round_id INTEGER REFERENCES rounds (round_id),
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        question_id TEXT NOT NULL,
        choice_order TEXT NOT NULL,
        number INTEGER NOT NULL,
        total INTEGER NOT NULL,
        opened_at INTEGER NOT NULL,
        deadline INTEGER,
        closed_at INTEGER,
        message_ref TEXT,
        UNIQUE (round_id, number)
    );
    CREATE INDEX open_posts ON posts (deadline) WHERE closed_at IS NULL;
    CREATE TABLE answers (
        post_id INTEGER NOT NULL REFERENCES posts (post_id),
        user_id TEXT NOT NULL,
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        choice INTEGER NOT NULL,
        correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
        answered_at INTEGER NOT NULL,
        elapsed_ms INTEGER NOT NULL,
        PRIMARY KEY (post_id, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX answers_by_chat ON answers (chat_id, answered_at);
    CREATE INDEX answers_by_player ON answers (user_id, chat_id);
    """,
    """
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    SCORE_TABLES_MIGRATION,
    DAILY_MIGRATION,  # daily questions (bot/daily_store.py); keep it after the others
)
SCHEMA_VERSION = len(MIGRATIONS)
PLAYER_TABLES = ("answers", "score_totals", "score_hours", "users")
"""Every table holding a player's data: what `/forgetme` deletes."""

_ROUND_COLUMNS = (
    "round_id, chat_id, channel_ref, quiz_id, mode, question_ids, started_by, "
    "seconds_per_question, language, position, status"
)
_POST_COLUMNS = (
    "post_id, chat_id, quiz_id, question_id, choice_order, number, total, "
    "opened_at, deadline, closed_at, round_id, message_ref"
)
_ANSWER_COLUMNS = "post_id, user_id, choice, correct, answered_at, elapsed_ms"


def to_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def from_ms(value: int) -> datetime:
    return datetime.fromtimestamp(value / 1000, tz=UTC)


def _optional_ms(moment: datetime | None) -> int | None:
    return None if moment is None else to_ms(moment)


def _optional_time(value: int | None) -> datetime | None:
    return None if value is None else from_ms(value)


def _round(row: sqlite3.Row | tuple[object, ...]) -> Round:
    (
        round_id,
        chat_id,
        channel_ref,
        quiz_id,
        mode,
        question_ids,
        started_by,
        seconds,
        language,
        position,
        status,
    ) = row
    return Round(
        int(str(round_id)),
        str(chat_id),
        str(quiz_id),
        _mode(mode),
        tuple(json.loads(str(question_ids))),
        str(started_by),
        None if seconds is None else int(str(seconds)),
        str(language),
        int(str(position)),
        _status(status),
        str(channel_ref),
    )


def _mode(value: object) -> Mode:
    return "solo" if value == "solo" else "group"


def _status(value: object) -> RoundStatus:
    if value == "running" or value == "finished" or value == "stopped":
        return value
    raise StoreError(f"unknown round status {value!r} in the database")


def _post(row: tuple[object, ...]) -> Post:
    (
        post_id,
        chat_id,
        quiz_id,
        question_id,
        order,
        number,
        total,
        opened_at,
        deadline,
        closed_at,
        round_id,
        message_ref,
    ) = row
    return Post(
        int(str(post_id)),
        str(chat_id),
        str(quiz_id),
        str(question_id),
        tuple(int(part) for part in str(order).split(",")),
        int(str(number)),
        int(str(total)),
        from_ms(int(str(opened_at))),
        _optional_time(None if deadline is None else int(str(deadline))),
        _optional_time(None if closed_at is None else int(str(closed_at))),
        None if round_id is None else int(str(round_id)),
        None if message_ref is None else str(message_ref),
    )


def _answer(row: tuple[object, ...]) -> Answer:
    post_id, user_id, choice, correct, answered_at, elapsed_ms = row
    return Answer(
        int(str(post_id)),
        str(user_id),
        int(str(choice)),
        bool(correct),
        from_ms(int(str(answered_at))),
        int(str(elapsed_ms)),
    )


def _score_lines(rows: Iterable[tuple[object, ...]]) -> list[ScoreLine]:
    return [
        ScoreLine(
            str(user_id), str(name), int(str(points)), int(str(answered)), int(str(total_ms))
        )
        for user_id, name, points, answered, total_ms in rows
    ]


@translate_errors
class SQLiteStore(DailySQLite):
    """The default store. Open with `await SQLiteStore.open(path)`; daily methods: DailySQLite."""

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
        try:
            await store._prepare(busy_timeout_ms)
            store._writer = AnswerWriter(path, busy_timeout_ms=busy_timeout_ms)
            store._writer.start()
        except sqlite3.DatabaseError as error:
            await connection.close()
            raise StoreError(f"cannot use the database {path}: {error}") from None
        except StoreError:
            await connection.close()
            raise
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
    async def _transaction(self) -> AsyncIterator[None]:
        """BEGIN IMMEDIATE … COMMIT; on failure roll back what SQLite has not already.

        Holds the write lock: on a shared connection, another coroutine's statement would
        otherwise land inside this transaction and share its fate.
        """
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
                await self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    await self._db.rollback()
                raise

    async def _write(self, sql: str, *args: object) -> int:
        """One autocommitted write, never inside another coroutine's transaction."""
        async with self._write_lock, self._db.execute(sql, args) as cursor:
            return cursor.rowcount

    async def _write_returning(self, sql: str, *args: object) -> tuple[object, ...]:
        async with self._write_lock, self._db.execute(sql, args) as cursor:
            row = await cursor.fetchone()
        assert row is not None
        return tuple(row)

    @property
    def writer(self) -> AnswerWriter:
        assert self._writer is not None, "open the store with SQLiteStore.open"
        return self._writer

    async def _scalar(self, sql: str, *args: object) -> int:
        async with self._db.execute(sql, args) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    async def _rows(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        async with self._db.execute(sql, args) as cursor:
            return [tuple(row) for row in await cursor.fetchall()]

    async def save_player(self, player: Player) -> None:
        await self._write(
            "INSERT INTO users (user_id, name, language) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, "
            "language = excluded.language "
            "WHERE name IS NOT excluded.name OR language IS NOT excluded.language",
            player.user_id,
            player.name,
            player.language,
        )

    async def player_name(self, user_id: str) -> str | None:
        rows = await self._rows("SELECT name FROM users WHERE user_id = ?", user_id)
        return str(rows[0][0]) if rows else None

    async def create_round(self, new: NewRound, now: datetime) -> Round:
        try:
            row = await self._write_returning(
                "INSERT INTO rounds (chat_id, channel_ref, quiz_id, mode, question_ids, "
                "started_by, seconds_per_question, language, started_at) "
                f"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING {_ROUND_COLUMNS}",
                new.chat_id,
                new.channel_ref,
                new.quiz_id,
                new.mode,
                json.dumps(list(new.question_ids)),
                new.started_by,
                new.seconds_per_question,
                new.language,
                to_ms(now),
            )
        except sqlite3.IntegrityError:
            raise RoundConflictError(new.chat_id) from None
        return _round(row)

    async def get_round(self, round_id: int) -> Round | None:
        rows = await self._rows(
            f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE round_id = ?", round_id
        )
        return _round(rows[0]) if rows else None

    async def running_round(
        self, chat_id: str, channel_ref: str, mode: Mode, started_by: str | None = None
    ) -> Round | None:
        rows = await self._rows(
            f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE status = 'running' AND chat_id = ? "
            "AND channel_ref = ? AND mode = ? AND (? IS NULL OR started_by = ?)",
            chat_id,
            channel_ref,
            mode,
            started_by,
            started_by,
        )
        return _round(rows[0]) if rows else None

    async def running_rounds(self) -> list[Round]:
        rows = await self._rows(
            f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE status = 'running' ORDER BY round_id"
        )
        return [_round(row) for row in rows]

    async def end_round(self, round_id: int, status: str, now: datetime) -> bool:
        changed = await self._write(
            "UPDATE rounds SET status = ?, ended_at = ? WHERE round_id = ? AND status = 'running'",
            status,
            to_ms(now),
            round_id,
        )
        return changed == 1

    async def create_post(self, new: NewPost) -> Post:
        async with self._transaction():
            async with self._db.execute(
                "INSERT INTO posts (chat_id, quiz_id, question_id, choice_order, number, total, "
                f"opened_at, deadline, round_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                f"RETURNING {_POST_COLUMNS}",
                (
                    new.chat_id,
                    new.quiz_id,
                    new.question_id,
                    ",".join(map(str, new.order)),
                    new.number,
                    new.total,
                    to_ms(new.opened_at),
                    _optional_ms(new.deadline),
                    new.round_id,
                ),
            ) as cursor:
                row = await cursor.fetchone()
            if new.round_id is not None:
                await self._db.execute(
                    "UPDATE rounds SET position = ? WHERE round_id = ?", (new.number, new.round_id)
                )
        assert row is not None
        return _post(tuple(row))

    async def get_post(self, post_id: int) -> Post | None:
        rows = await self._rows(f"SELECT {_POST_COLUMNS} FROM posts WHERE post_id = ?", post_id)
        return _post(rows[0]) if rows else None

    async def round_posts(self, round_id: int) -> list[Post]:
        rows = await self._rows(
            f"SELECT {_POST_COLUMNS} FROM posts WHERE round_id = ? ORDER BY number", round_id
        )
        return [_post(row) for row in rows]

    async def set_post_message(self, post_id: int, message_ref: str) -> None:
        await self._write(
            "UPDATE posts SET message_ref = ? WHERE post_id = ?", message_ref, post_id
        )

    async def close_post(self, post_id: int, now: datetime) -> bool:
        changed = await self._write(
            "UPDATE posts SET closed_at = ? WHERE post_id = ? AND closed_at IS NULL",
            to_ms(now),
            post_id,
        )
        return changed == 1

    async def open_posts(self) -> list[Post]:
        rows = await self._rows(
            f"SELECT {_POST_COLUMNS} FROM posts WHERE closed_at IS NULL ORDER BY post_id"
        )
        return [_post(row) for row in rows]

    async def add_answer(
        self, answer: Answer, post: Post, player: Player | None = None
    ) -> tuple[Answer, bool]:
        """Group commit: returns once the transaction holding this answer has committed."""
        return await self.writer.submit(PendingAnswer(answer, post.chat_id, post.quiz_id, player))

    async def get_answer(self, post_id: int, user_id: str) -> Answer | None:
        rows = await self._rows(
            f"SELECT {_ANSWER_COLUMNS} FROM answers WHERE post_id = ? AND user_id = ?",
            post_id,
            user_id,
        )
        return _answer(rows[0]) if rows else None

    async def post_answers(self, post_id: int) -> list[Answer]:
        rows = await self._rows(
            f"SELECT {_ANSWER_COLUMNS} FROM answers WHERE post_id = ? ORDER BY answered_at",
            post_id,
        )
        return [_answer(row) for row in rows]

    async def round_scores(self, round_id: int) -> list[ScoreLine]:
        return _score_lines(
            await self._rows(
                "SELECT a.user_id, COALESCE(u.name, a.user_id), SUM(a.correct), COUNT(*), "
                "SUM(a.elapsed_ms) FROM answers a JOIN posts p ON p.post_id = a.post_id "
                "LEFT JOIN users u ON u.user_id = a.user_id WHERE p.round_id = ? "
                "GROUP BY a.user_id",
                round_id,
            )
        )

    async def scores(
        self, chat_id: str, since: datetime | None, quiz_id: str | None = None
    ) -> list[ScoreLine]:
        """From the score tables (see bot.sqlite_scores): constant as answers pile up."""
        sql, args = scores_query(chat_id, since, quiz_id)
        return _score_lines(await self._rows(sql, *args))

    async def get_meta(self, key: str) -> str | None:
        rows = await self._rows("SELECT value FROM meta WHERE key = ?", key)
        return str(rows[0][0]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._write(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )

    async def player_totals(self, chat_id: str, user_id: str) -> PlayerTotals:
        rows = await self._rows(
            "SELECT correct, answered_at FROM answers WHERE user_id = ? AND chat_id = ?",
            user_id,
            chat_id,
        )
        correct_times = tuple(from_ms(int(str(at))) for correct, at in rows if correct)
        return PlayerTotals(len(rows), len(correct_times), correct_times)

    async def count_player_rows(self, user_id: str) -> int:
        counts = [f"(SELECT COUNT(*) FROM {table} WHERE user_id = ?)" for table in PLAYER_TABLES]
        return await self._scalar(f"SELECT {' + '.join(counts)}", *[user_id] * len(counts))

    async def forget_player(self, user_id: str) -> int:
        deleted = 0
        async with self._transaction():
            for table in PLAYER_TABLES:
                async with self._db.execute(
                    f"DELETE FROM {table} WHERE user_id = ?", (user_id,)
                ) as cursor:
                    deleted += cursor.rowcount
            # A schedule outlives its creator; keep it running, without their id.
            await self._db.execute(
                "UPDATE daily_schedules SET created_by = '' WHERE created_by = ?", (user_id,)
            )
        return deleted

    async def export_chat(self, chat_id: str) -> list[ExportRow]:
        rows = await self._rows(
            "SELECT a.answered_at, a.user_id, COALESCE(u.name, a.user_id), a.quiz_id, "
            "p.question_id, a.choice, a.correct, a.elapsed_ms FROM answers a "
            "JOIN posts p ON p.post_id = a.post_id LEFT JOIN users u ON u.user_id = a.user_id "
            "WHERE a.chat_id = ? ORDER BY a.answered_at, a.user_id",
            chat_id,
        )
        return [
            ExportRow(
                from_ms(int(str(at))),
                str(user),
                str(name),
                str(quiz),
                str(question),
                int(str(choice)),
                bool(correct),
                int(str(elapsed)),
            )
            for at, user, name, quiz, question, choice, correct, elapsed in rows
        ]

    async def chats(self) -> list[str]:
        rows = await self._rows("SELECT DISTINCT chat_id FROM answers ORDER BY chat_id")
        return [str(row[0]) for row in rows]
