"""Leaderboard reads from the score tables that the answer writer maintains.

Scanning answers costs time in proportion to a chat's history (~50 ms at 1M rows); summing
maintained rows costs time in proportion to the players and hours in the period.

Time zones: "today" and "this week" start at local midnight in the chat's zone, which is
not a UTC hour boundary in zones such as +05:30 or +05:45. The hourly buckets that lie
wholly inside the period are summed; the part before the first whole hour (at most an
hour; empty, and not queried, for whole-hour zones) is read from the answers table by its
(chat_id, answered_at) index. So every `since` gives the exact scan result.

A leaderboard page (`standing_query`) is one statement that sums per player and returns only
what is shown: the leaders, the asker with how many players are ahead, and the count. So ~11
rows reach Python instead of one per player, and names are joined for those alone. SQL picks
the leaders by points and time; the engine ranks them, names breaking ties. Window functions
would rank in SQL too, but SQLite sorts every line once per window: slower than this here.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from bot.answer_writer import HOUR_MS
from bot.engine import ScoreLine, Standing

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

_TOTAL_ROWS = (
    "SELECT user_id, points, answered, total_ms FROM score_totals "
    "WHERE chat_id = ? AND (CAST(? AS TEXT) IS NULL OR quiz_id = ?)"
)
_HOUR_ROWS = (
    "SELECT user_id, points, answered, total_ms FROM score_hours "
    "WHERE chat_id = ? AND hour >= ? AND (CAST(? AS TEXT) IS NULL OR quiz_id = ?)"
)
_SINCE_ROWS = (
    f"{_HOUR_ROWS} UNION ALL SELECT user_id, correct, 1, elapsed_ms FROM answers "
    "WHERE chat_id = ? AND answered_at >= ? AND answered_at < ? "
    "AND (CAST(? AS TEXT) IS NULL OR quiz_id = ?)"
)
_ROWS = {"all": _TOTAL_ROWS, "hours": _HOUR_ROWS, "since": _SINCE_ROWS}
"""What a line sums: all time; whole hours since a whole-hour start; or whole hours plus the
answers before the first of them. Skipping that empty union for whole-hour starts (most
zones) saves SQLite a co-routine copying every hourly row: ~15% of a week's page."""
_NAMED = (
    "SELECT s.user_id, COALESCE(u.name, s.user_id), SUM(s.points), SUM(s.answered), "
    "SUM(s.total_ms) FROM ({rows}) s LEFT JOIN users u ON u.user_id = s.user_id "
    "GROUP BY s.user_id, u.name"
)
SCORES_SQL = {kind: _NAMED.format(rows=rows) for kind, rows in _ROWS.items()}
_STANDING = """
    WITH lines AS (
        SELECT user_id, SUM(points) AS points, SUM(answered) AS answered,
            SUM(total_ms) AS total_ms
        FROM ({rows}) s GROUP BY user_id
    ), edge AS (
        SELECT points, total_ms FROM lines ORDER BY points DESC, total_ms LIMIT 1 OFFSET ?
    ), shown AS (
        SELECT l.user_id, l.points, l.answered, l.total_ms, NULL AS ahead
        FROM lines l LEFT JOIN edge e ON 1 = 1
        WHERE e.points IS NULL OR l.points > e.points
            OR (l.points = e.points AND l.total_ms <= e.total_ms)
        UNION ALL
        SELECT me.user_id, me.points, me.answered, me.total_ms,
            (SELECT COUNT(*) FROM lines m WHERE m.points > me.points)
        FROM lines me WHERE me.user_id = ?
    )
    SELECT s.user_id, COALESCE(u.name, s.user_id), s.points, s.answered, s.total_ms, s.ahead,
        (SELECT COUNT(*) FROM lines),
        CASE WHEN EXISTS (SELECT 1 FROM daily_posts WHERE chat_id = ?) THEN 1 ELSE 0 END
    FROM shown s LEFT JOIN users u ON u.user_id = s.user_id
"""
"""A leaderboard page in one statement: per-player sums, then only the leaders (ties at the
size-th line's points and time included, see engine.Standing) and the asker, with the
players ahead of the asker, the player count and whether the chat has daily questions.
Names are joined for those ~11 lines only; the final order by name is the engine's."""
STANDING_SQL = {kind: _STANDING.format(rows=rows) for kind, rows in _ROWS.items()}
SCAN_SQL = (
    "SELECT a.user_id, COALESCE(u.name, a.user_id), SUM(a.correct), COUNT(*), "
    "SUM(a.elapsed_ms) FROM answers a LEFT JOIN users u ON u.user_id = a.user_id "
    "WHERE a.chat_id = ? AND a.answered_at >= ? AND (CAST(? AS TEXT) IS NULL OR a.quiz_id = ?) "
    "GROUP BY a.user_id, u.name"
)
"""The reference: the same figures by scanning answers (tests and the benchmark baseline)."""


def _rows_of(
    chat_id: str, since: datetime | None, quiz_id: str | None
) -> tuple[str, tuple[object, ...]]:
    """Which `_ROWS` a line sums, and their arguments."""
    if since is None:
        return "all", (chat_id, quiz_id, quiz_id)
    since_ms = int(since.timestamp() * 1000)
    first_hour = -(-since_ms // HOUR_MS)  # the first bucket that starts at or after `since`
    edge_end = first_hour * HOUR_MS
    hours = (chat_id, first_hour, quiz_id, quiz_id)
    if since_ms == edge_end:
        return "hours", hours
    return "since", (*hours, chat_id, since_ms, edge_end, quiz_id, quiz_id)


def scores_query(
    chat_id: str, since: datetime | None, quiz_id: str | None
) -> tuple[str, tuple[object, ...]]:
    """The SQL and arguments for a chat's score lines since a moment (None: all time)."""
    kind, args = _rows_of(chat_id, since, quiz_id)
    return SCORES_SQL[kind], args


def standing_query(
    chat_id: str, since: datetime | None, quiz_id: str | None, user_id: str | None, size: int
) -> tuple[str, tuple[object, ...]]:
    """The SQL and arguments of a leaderboard page (rows: see `to_standing`)."""
    if size < 1:
        raise ValueError(f"a leaderboard shows at least one player, not {size}")
    kind, args = _rows_of(chat_id, since, quiz_id)
    return STANDING_SQL[kind], (*args, size - 1, user_id, chat_id)


def to_standing(rows: Iterable[tuple[object, ...]]) -> Standing:
    """Rows of `standing_query`: leaders have no `ahead` count, the asker's row has one."""
    leaders: list[ScoreLine] = []
    asker, ahead, players, has_daily = None, 0, 0, False
    for user_id, name, points, answered, total_ms, above, count, daily in rows:
        line = ScoreLine(
            str(user_id), str(name), int(str(points)), int(str(answered)), int(str(total_ms))
        )
        if above is None:
            leaders.append(line)
        else:
            asker, ahead = line, int(str(above))
        players, has_daily = int(str(count)), bool(daily)
    return Standing(tuple(leaders), asker, ahead, players, has_daily)


def scan_query(
    chat_id: str, since: datetime | None, quiz_id: str | None
) -> tuple[str, tuple[object, ...]]:
    since_ms = 0 if since is None else int(since.timestamp() * 1000)
    return SCAN_SQL, (chat_id, since_ms, quiz_id, quiz_id)
