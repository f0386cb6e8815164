"""Storage of daily schedules and daily posts: a migration and a mixin of both stores.

Kept apart from the stores so the daily feature is one self-contained migration and one
set of methods, in the SQL both backends share (see bot/storage/sql/queries.py).
The rule "never two posts for a channel and local date" is the primary key
of `daily_posts`, written in the same transaction as the post itself, so it holds whatever
restarts or concurrent schedulers do.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

from bot.domain.daily import DailyPost, DailyRecord, NewSchedule, PastDaily, Schedule
from bot.domain.entities import NewPost
from bot.storage.sql.queries import SqlQueries, Transaction, insert_post
from bot.storage.sql.rows import (
    Select,
    optional_ms,
    to_daily_post,
    to_moment,
    to_ms,
    to_schedule,
)

DAILY_MIGRATION = """
    CREATE TABLE daily_schedules (
        schedule_id INTEGER PRIMARY KEY,
        chat_id TEXT NOT NULL,
        channel_ref TEXT NOT NULL,
        local_time TEXT NOT NULL,
        zone TEXT NOT NULL,
        weekdays TEXT NOT NULL,
        grace_seconds INTEGER NOT NULL,
        quiz_ids TEXT NOT NULL,
        language TEXT NOT NULL,
        created_by TEXT NOT NULL,
        next_run_at INTEGER NOT NULL,
        UNIQUE (chat_id, channel_ref)
    );
    CREATE INDEX daily_schedules_due ON daily_schedules (next_run_at, schedule_id);
    CREATE TABLE daily_posts (
        chat_id TEXT NOT NULL,
        channel_ref TEXT NOT NULL,
        local_date TEXT NOT NULL,
        schedule_id INTEGER NOT NULL,
        post_id INTEGER NOT NULL UNIQUE REFERENCES posts (post_id),
        language TEXT NOT NULL,
        PRIMARY KEY (chat_id, channel_ref, local_date)
    ) WITHOUT ROWID;
    CREATE INDEX daily_posts_by_chat ON daily_posts (chat_id, local_date);
"""
"""Schema for daily questions; appended to `schema.MIGRATIONS`, touching no other table."""

_SCHEDULE_COLUMNS = (
    "schedule_id, chat_id, channel_ref, local_time, zone, weekdays, grace_seconds, quiz_ids, "
    "language, created_by, next_run_at"
)
_DAILY_COLUMNS = "d.post_id, d.schedule_id, d.chat_id, d.channel_ref, d.local_date, d.language"
_SCHEDULES = Select(f"SELECT {_SCHEDULE_COLUMNS} FROM daily_schedules", to_schedule)
_DAILY_POSTS = Select(f"SELECT {_DAILY_COLUMNS} FROM daily_posts d", to_daily_post)
_NEXT_WAKE = Select(
    "SELECT MIN(at) FROM (SELECT MIN(next_run_at) AS at FROM daily_schedules "
    "UNION ALL SELECT MIN(p.deadline) FROM daily_posts d "
    "JOIN posts p ON p.post_id = d.post_id WHERE p.closed_at IS NULL) AS wakes",
    to_moment,
)


_SET_NEXT_RUN = "UPDATE daily_schedules SET next_run_at = ? WHERE schedule_id = ?"
_NO_LIMIT = 2**63 - 1
"""`LIMIT -1` means "all" to SQLite only; this means it to both."""


class _AlreadyClaimedError(Exception):
    """The channel already has its post for that date: roll the transaction back."""


class DailyQueries(SqlQueries):
    """Daily-question methods of the Store protocol, over the backend's primitives."""

    async def save_schedule(self, new: NewSchedule) -> Schedule:
        rule = new.rule
        row = await self._write_returning(
            "INSERT INTO daily_schedules (chat_id, channel_ref, local_time, zone, weekdays, "
            "grace_seconds, quiz_ids, language, created_by, next_run_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chat_id, channel_ref) DO UPDATE "
            "SET local_time = excluded.local_time, zone = excluded.zone, "
            "weekdays = excluded.weekdays, grace_seconds = excluded.grace_seconds, "
            "quiz_ids = excluded.quiz_ids, language = excluded.language, "
            "created_by = excluded.created_by, next_run_at = excluded.next_run_at "
            f"RETURNING {_SCHEDULE_COLUMNS}",
            new.chat_id,
            new.channel_ref,
            rule.at.strftime("%H:%M"),
            rule.zone,
            "".join(str(day) for day in sorted(rule.weekdays)),
            int(rule.grace.total_seconds()),
            ",".join(new.quiz_ids),
            new.language,
            new.created_by,
            to_ms(new.next_run_at),
        )
        return to_schedule(row)

    async def get_schedule(self, chat_id: str, channel_ref: str) -> Schedule | None:
        return await self._one(
            _SCHEDULES, "WHERE chat_id = ? AND channel_ref = ?", chat_id, channel_ref
        )

    async def chat_schedules(self, chat_id: str) -> list[Schedule]:
        return await self._all(_SCHEDULES, "WHERE chat_id = ? ORDER BY channel_ref", chat_id)

    async def delete_schedule(self, chat_id: str, channel_ref: str) -> bool:
        deleted = await self._write(
            "DELETE FROM daily_schedules WHERE chat_id = ? AND channel_ref = ?",
            chat_id,
            channel_ref,
        )
        return deleted == 1

    async def set_next_run(self, schedule_id: int, next_run_at: datetime) -> None:
        await self._write(_SET_NEXT_RUN, to_ms(next_run_at), schedule_id)

    async def due_schedules(self, now: datetime, limit: int) -> list[Schedule]:
        return await self._all(
            _SCHEDULES,
            "WHERE next_run_at <= ? ORDER BY next_run_at, schedule_id LIMIT ?",
            to_ms(now),
            limit,
        )

    async def next_daily_wake(self) -> datetime | None:
        """The earliest next run of a schedule or deadline of an open daily question."""
        return await self._one(_NEXT_WAKE, "")

    async def claim_daily_post(
        self, schedule: Schedule, day: date, new: NewPost, next_run_at: datetime
    ) -> DailyPost | None:
        """Insert the post, its (channel, date) claim and the next run in one transaction.

        Returns None, writing nothing, if the channel already has a post for that date.
        """
        try:
            async with self._transaction() as transaction:
                claimed = await _claim(transaction, schedule, day, new)
                if claimed is None:
                    raise _AlreadyClaimedError
                await transaction.write(_SET_NEXT_RUN, to_ms(next_run_at), schedule.schedule_id)
        except _AlreadyClaimedError:
            return None
        return claimed

    async def get_daily_post(self, post_id: int) -> DailyPost | None:
        return await self._one(_DAILY_POSTS, "WHERE d.post_id = ?", post_id)

    async def open_daily_posts(
        self, closing_by: datetime | None = None, limit: int = -1
    ) -> list[DailyPost]:
        """Daily posts not yet closed; only those whose deadline has passed, given a time."""
        by = optional_ms(closing_by)
        return await self._all(
            _DAILY_POSTS,
            "JOIN posts p ON p.post_id = d.post_id WHERE p.closed_at IS NULL "
            "AND (CAST(? AS BIGINT) IS NULL OR p.deadline <= ?) "
            "ORDER BY p.deadline, d.post_id LIMIT ?",
            by,
            by,
            limit if limit >= 0 else _NO_LIMIT,
        )

    async def latest_daily_post(
        self, chat_id: str, channel_ref: str, before: date | None = None
    ) -> DailyPost | None:
        return await self._one(
            _DAILY_POSTS,
            "WHERE d.chat_id = ? AND d.channel_ref = ? "
            "AND (CAST(? AS TEXT) IS NULL OR d.local_date < ?) ORDER BY d.local_date DESC LIMIT 1",
            chat_id,
            channel_ref,
            None if before is None else before.isoformat(),
            None if before is None else before.isoformat(),
        )

    async def daily_history(self, chat_id: str, channel_ref: str) -> list[PastDaily]:
        rows = await self._rows(
            "SELECT p.quiz_id, p.question_id, COUNT(a.user_id), COALESCE(SUM(1 - a.correct), 0) "
            "FROM daily_posts d JOIN posts p ON p.post_id = d.post_id "
            "LEFT JOIN answers a ON a.post_id = d.post_id "
            "WHERE d.chat_id = ? AND d.channel_ref = ? "
            "GROUP BY d.post_id, d.local_date, p.quiz_id, p.question_id ORDER BY d.local_date",
            chat_id,
            channel_ref,
        )
        return [
            PastDaily(str(quiz), str(question), int(str(answers)), int(str(wrong)))
            for quiz, question, answers, wrong in rows
        ]

    async def daily_record(self, chat_id: str, user_id: str) -> DailyRecord:
        return (await self.daily_records(chat_id, [user_id]))[user_id]

    async def daily_records(self, chat_id: str, user_ids: Sequence[str]) -> dict[str, DailyRecord]:
        """Each player's outcome per daily date of the chat, in one query for all of them."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        rows = await self._rows(
            "SELECT d.local_date, CASE WHEN p.closed_at IS NULL THEN 1 ELSE 0 END, "
            "a.user_id, a.correct FROM daily_posts d JOIN posts p ON p.post_id = d.post_id "
            f"LEFT JOIN answers a ON a.post_id = d.post_id AND a.user_id IN ({marks}) "
            "WHERE d.chat_id = ? ORDER BY d.local_date",
            *user_ids,
            chat_id,
        )
        return _records(rows, user_ids)


def _records(rows: list[tuple[object, ...]], user_ids: Sequence[str]) -> dict[str, DailyRecord]:
    """Per date (in order): open if any of its posts is; right if any answer of it was."""
    open_days: dict[str, bool] = {}
    right: dict[tuple[str, str], bool] = {}
    for day, is_open, user_id, correct in rows:
        open_days[str(day)] = open_days.get(str(day), False) or bool(is_open)
        if user_id is not None:
            key = (str(user_id), str(day))
            right[key] = right.get(key, False) or bool(correct)
    last_is_open = bool(open_days) and list(open_days.values())[-1]
    return {
        user_id: DailyRecord(tuple(right.get((user_id, day)) for day in open_days), last_is_open)
        for user_id in user_ids
    }


async def _claim(
    transaction: Transaction, schedule: Schedule, day: date, new: NewPost
) -> DailyPost | None:
    """Insert the post and its (channel, date) claim; None if the date is already claimed."""
    post = await insert_post(transaction, new)
    claimed = await transaction.write(
        "INSERT INTO daily_posts (chat_id, channel_ref, local_date, schedule_id, post_id, "
        "language) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        schedule.chat_id,
        schedule.channel_ref,
        day.isoformat(),
        schedule.schedule_id,
        post.post_id,
        schedule.language,
    )
    if claimed != 1:
        return None
    return DailyPost(
        post.post_id,
        schedule.schedule_id,
        schedule.chat_id,
        schedule.channel_ref,
        day,
        schedule.language,
    )
