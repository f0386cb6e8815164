"""The reference the score tables must equal: a chat's score lines summed from the answers.

What the store read before it kept score tables; the leaderboard tests compare with it and
bench/leaderboard.py times it as the baseline. No test dependency: bench imports it.
"""

from __future__ import annotations

from datetime import datetime

SCAN_SQL = (
    "SELECT a.user_id, COALESCE(u.name, a.user_id), SUM(a.correct), COUNT(*), "
    "SUM(a.elapsed_ms) FROM answers a LEFT JOIN users u ON u.user_id = a.user_id "
    "WHERE a.chat_id = ? AND a.answered_at >= ? AND (CAST(? AS TEXT) IS NULL OR a.quiz_id = ?) "
    "GROUP BY a.user_id, u.name"
)
"""Rows as the store's score lines: user, name, points, answered, total ms."""


def scan_query(
    chat_id: str, since: datetime | None, quiz_id: str | None
) -> tuple[str, tuple[object, ...]]:
    """SCAN_SQL and its arguments for a chat since a moment (None: all time)."""
    since_ms = 0 if since is None else int(since.timestamp() * 1000)
    return SCAN_SQL, (chat_id, since_ms, quiz_id, quiz_id)
