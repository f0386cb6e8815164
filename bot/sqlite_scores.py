"""Leaderboard reads from the score tables that the answer writer maintains.

Scanning answers costs time in proportion to a chat's history (~50 ms at 1M rows); summing
maintained rows costs time in proportion to the players and hours in the period.

Time zones: "today" and "this week" start at local midnight in the chat's zone, which is
not a UTC hour boundary in zones such as +05:30 or +05:45. The hourly buckets that lie
wholly inside the period are summed; the part before the first whole hour (at most an
hour, and empty for whole-hour zones) is read from the answers table by its
(chat_id, answered_at) index. So every `since` gives the exact scan result.
"""

from __future__ import annotations

from datetime import datetime

from bot.answer_writer import HOUR_MS

FILL_SCORE_TABLES = f"""
    INSERT INTO score_totals
        SELECT chat_id, quiz_id, user_id, SUM(correct), COUNT(*), SUM(elapsed_ms)
        FROM answers GROUP BY chat_id, quiz_id, user_id;
    INSERT INTO score_hours
        SELECT chat_id, answered_at / {HOUR_MS}, quiz_id, user_id,
            SUM(correct), COUNT(*), SUM(elapsed_ms)
        FROM answers GROUP BY chat_id, answered_at / {HOUR_MS}, quiz_id, user_id;
"""
"""Sums over the answers table, into empty score tables (migration, bulk loads)."""

SCORE_TABLES_MIGRATION = f"""
    CREATE TABLE score_totals (
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        points INTEGER NOT NULL,
        answered INTEGER NOT NULL,
        total_ms INTEGER NOT NULL,
        PRIMARY KEY (chat_id, user_id, quiz_id)
    ) WITHOUT ROWID;
    CREATE TABLE score_hours (
        chat_id TEXT NOT NULL,
        hour INTEGER NOT NULL,
        quiz_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        points INTEGER NOT NULL,
        answered INTEGER NOT NULL,
        total_ms INTEGER NOT NULL,
        PRIMARY KEY (chat_id, hour, quiz_id, user_id)
    ) WITHOUT ROWID;
    {FILL_SCORE_TABLES}
"""
"""Migration: score tables, filled from the answers already stored."""

_NAMED = (
    "SELECT s.user_id, COALESCE(u.name, s.user_id), SUM(s.points), SUM(s.answered), "
    "SUM(s.total_ms) FROM ({rows}) s LEFT JOIN users u ON u.user_id = s.user_id "
    "GROUP BY s.user_id, u.name"
)
ALL_TIME_SQL = _NAMED.format(
    rows="SELECT user_id, points, answered, total_ms FROM score_totals "
    "WHERE chat_id = ? AND (CAST(? AS TEXT) IS NULL OR quiz_id = ?)"
)
SINCE_SQL = _NAMED.format(
    rows="SELECT user_id, points, answered, total_ms FROM score_hours "
    "WHERE chat_id = ? AND hour >= ? AND (CAST(? AS TEXT) IS NULL OR quiz_id = ?) "
    "UNION ALL SELECT user_id, correct, 1, elapsed_ms FROM answers "
    "WHERE chat_id = ? AND answered_at >= ? AND answered_at < ? "
    "AND (CAST(? AS TEXT) IS NULL OR quiz_id = ?)"
)
SCAN_SQL = (
    "SELECT a.user_id, COALESCE(u.name, a.user_id), SUM(a.correct), COUNT(*), "
    "SUM(a.elapsed_ms) FROM answers a LEFT JOIN users u ON u.user_id = a.user_id "
    "WHERE a.chat_id = ? AND a.answered_at >= ? AND (CAST(? AS TEXT) IS NULL OR a.quiz_id = ?) "
    "GROUP BY a.user_id, u.name"
)
"""The reference: the same figures by scanning answers (tests and the benchmark baseline)."""


def scores_query(
    chat_id: str, since: datetime | None, quiz_id: str | None
) -> tuple[str, tuple[object, ...]]:
    """The SQL and arguments for a chat's score lines since a moment (None: all time)."""
    if since is None:
        return ALL_TIME_SQL, (chat_id, quiz_id, quiz_id)
    since_ms = int(since.timestamp() * 1000)
    first_hour = -(-since_ms // HOUR_MS)  # the first bucket that starts at or after `since`
    edge_end = first_hour * HOUR_MS
    return SINCE_SQL, (
        chat_id,
        first_hour,
        quiz_id,
        quiz_id,
        chat_id,
        since_ms,
        edge_end,
        quiz_id,
        quiz_id,
    )


def scan_query(
    chat_id: str, since: datetime | None, quiz_id: str | None
) -> tuple[str, tuple[object, ...]]:
    since_ms = 0 if since is None else int(since.timestamp() * 1000)
    return SCAN_SQL, (chat_id, since_ms, quiz_id, quiz_id)
