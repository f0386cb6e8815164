"""What storing an answer writes besides the answer, in SQL both backends share.

The player's name and language, and the answer's points, count and time added to its bucket
in each score table (all time, UTC hour, UTC week), so that leaderboards sum buckets instead
of scanning answers (bot/storage/sql/scores.py reads them).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.group_commit import PendingAnswer
from bot.storage.sql.rows import to_ms

HOUR_MS = 3_600_000
"""Hourly score buckets are UTC hours: whole for every whole-hour time zone's midnight."""


WEEK_MS = 7 * 24 * HOUR_MS


WEEK_OFFSET_MS = 3 * 24 * HOUR_MS
"""Weekly buckets start on Mondays at 00:00 UTC: ms 0, 1970-01-01, was a Thursday."""


RESPONSES_MIGRATION = """
    ALTER TABLE answers ADD COLUMN response TEXT;
"""
"""Appended to `schema.MIGRATIONS` (issue 27): what a player typed (a `text` or `number`
answer) or picked ("AC", "CABD"), for the export and the report's common wrong answers;
NULL for one choice, as every answer before it. UNIQUE (post_id, user_id) is unchanged."""


UPSERT_PLAYER = (
    "INSERT INTO users (user_id, name, language) VALUES (?, ?, ?) "
    "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, language = excluded.language "
    "WHERE users.name IS DISTINCT FROM excluded.name "
    "OR users.language IS DISTINCT FROM excluded.language"
)


_SUMS = ("points", "answered", "total_ms")


def add_sums(
    table: str, keys: tuple[str, ...], conflict: tuple[str, ...], added: tuple[str, ...] = _SUMS
) -> str:
    """Adds one row's sums (points, answers and time by default) to its bucket of `table`."""
    columns = ", ".join((*keys, *added))
    marks = ", ".join("?" * (len(keys) + len(added)))
    sums = ", ".join(f"{c} = {table}.{c} + excluded.{c}" for c in added)
    return (
        f"INSERT INTO {table} ({columns}) VALUES ({marks}) "
        f"ON CONFLICT ({', '.join(conflict)}) DO UPDATE SET {sums}"
    )


_HOUR_KEYS = ("chat_id", "hour", "quiz_id", "user_id")


_WEEK_KEYS = ("chat_id", "week", "quiz_id", "user_id")


ADD_TOTAL = add_sums(
    "score_totals", ("chat_id", "quiz_id", "user_id"), ("chat_id", "user_id", "quiz_id")
)


ADD_HOUR = add_sums("score_hours", _HOUR_KEYS, _HOUR_KEYS)


ADD_WEEK = add_sums("score_weeks", _WEEK_KEYS, _WEEK_KEYS)


ADD_SCORES = (ADD_TOTAL, ADD_HOUR, ADD_WEEK)
"""One per score table, in the order of `score_rows`; shared with the PostgreSQL store."""


ScoreRows = list[tuple[object, ...]]


def score_rows(created: Sequence[PendingAnswer]) -> tuple[ScoreRows, ScoreRows, ScoreRows]:
    """Arguments of each of ADD_SCORES for newly stored answers, summed per key."""
    totals: dict[tuple[object, ...], list[int]] = {}
    hours: dict[tuple[object, ...], list[int]] = {}
    weeks: dict[tuple[object, ...], list[int]] = {}
    for item in created:
        answer = item.answer
        at_ms = to_ms(answer.answered_at)
        user = (item.quiz_id, answer.user_id)
        for sums in (
            totals.setdefault((item.chat_id, *user), [0, 0, 0]),
            hours.setdefault((item.chat_id, at_ms // HOUR_MS, *user), [0, 0, 0]),
            weeks.setdefault((item.chat_id, week_of(at_ms), *user), [0, 0, 0]),
        ):
            sums[0] += int(answer.correct)
            sums[1] += 1
            sums[2] += answer.elapsed_ms
    return _rows(totals), _rows(hours), _rows(weeks)


def _rows(sums_by_key: dict[tuple[object, ...], list[int]]) -> ScoreRows:
    return [(*key, *sums) for key, sums in sums_by_key.items()]


def week_of(at_ms: int) -> int:
    """The weekly bucket of a moment in ms since the epoch."""
    return (at_ms + WEEK_OFFSET_MS) // WEEK_MS
