"""Leaderboard reads from the score tables that the answer writer maintains.

Scanning answers costs time in proportion to a chat's history; summing maintained rows
costs time in proportion to the players and buckets in the period (figures in
docs/performance.md, `python bench/leaderboard.py`).

Buckets: all time, UTC hours, and UTC weeks (from Monday 00:00 UTC). "Today" and "this week"
start at local midnight in the chat's zone, which is neither a UTC week's start nor, in zones
such as +05:30, a whole UTC hour. So a period is summed from the buckets that fit it
(`plan_of`): this week from the week's buckets, adding the hours before the UTC week begins
or taking away those after (at most 14); today from its hours. The part of an hour at either
end is read from the answers table by its (chat_id, answered_at) index, and not queried at
all in whole-hour zones. So every `since` gives the exact scan result.

A leaderboard page (`standing_query`) is one statement that sums per player and returns only
what is shown: the leaders, the asker with how many players are ahead, and the count. So ~11
rows reach Python instead of one per player, and names are joined for those alone. SQL picks
the leaders by points and time; the engine ranks them, names breaking ties. Window functions
would rank in SQL too, but SQLite sorts every line once per window: slower than this here.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from datetime import datetime

from bot.domain.entities import ScoreLine, Standing
from bot.storage.interface import PageQuery
from bot.storage.sql.answers import HOUR_MS, WEEK_MS, WEEK_OFFSET_MS, week_of
from bot.storage.sql.rows import to_ms

_FILL_TOTALS_AND_HOURS = f"""
    INSERT INTO score_totals
        SELECT chat_id, quiz_id, user_id, SUM(correct), COUNT(*), SUM(elapsed_ms)
        FROM answers GROUP BY chat_id, quiz_id, user_id;
    INSERT INTO score_hours
        SELECT chat_id, answered_at / {HOUR_MS}, quiz_id, user_id,
            SUM(correct), COUNT(*), SUM(elapsed_ms)
        FROM answers GROUP BY chat_id, answered_at / {HOUR_MS}, quiz_id, user_id;
"""
_WEEK = f"(answered_at + {WEEK_OFFSET_MS}) / {WEEK_MS}"
_FILL_WEEKS = f"""
    INSERT INTO score_weeks
        SELECT chat_id, {_WEEK}, quiz_id, user_id, SUM(correct), COUNT(*), SUM(elapsed_ms)
        FROM answers GROUP BY chat_id, {_WEEK}, quiz_id, user_id;
"""
FILL_SCORE_TABLES = _FILL_TOTALS_AND_HOURS + _FILL_WEEKS
"""Sums over the answers table, into empty score tables (migrations, bulk loads)."""

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
    {_FILL_TOTALS_AND_HOURS}
"""
"""Migration: score tables, filled from the answers already stored."""
SCORE_WEEKS_MIGRATION = f"""
    CREATE TABLE score_weeks (
        chat_id TEXT NOT NULL,
        week INTEGER NOT NULL,
        quiz_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        points INTEGER NOT NULL,
        answered INTEGER NOT NULL,
        total_ms INTEGER NOT NULL,
        PRIMARY KEY (chat_id, week, quiz_id, user_id)
    ) WITHOUT ROWID;
    {_FILL_WEEKS}
"""
"""Migration: weekly score buckets, filled from the answers already stored."""

_QUIZ = "(CAST(? AS TEXT) IS NULL OR quiz_id = ?)"
_PARTS = {
    "totals": "SELECT user_id, points, answered, total_ms FROM score_totals "
    f"WHERE chat_id = ? AND {_QUIZ}",
    "weeks": "SELECT user_id, points, answered, total_ms FROM score_weeks "
    f"WHERE chat_id = ? AND week >= ? AND {_QUIZ}",
    "hours": "SELECT user_id, {sign}points AS points, {sign}answered AS answered, "
    "{sign}total_ms AS total_ms FROM score_hours "
    f"WHERE chat_id = ? AND hour >= ? AND hour < ? AND {_QUIZ}",
    "answers": "SELECT user_id, {sign}correct AS points, {sign}1 AS answered, "
    "{sign}elapsed_ms AS total_ms FROM answers "
    f"WHERE chat_id = ? AND answered_at >= ? AND answered_at < ? AND {_QUIZ}",
}
"""What score lines sum: all time, weeks from one on, or the hours and answers of a span,
added or (sign "-") taken away."""
WEEK_EDGE_MS = 14 * HOUR_MS
"""Local midnight on a Monday is at most 14 hours from the UTC week's start, in every zone."""
_NO_END = 2**62
Plan = tuple[tuple[str, tuple[object, ...]], ...]
"""Parts of `_PARTS` (names, "-" first to take one away) and their arguments."""


def plan_of(chat_id: str, since: datetime | None, quiz_id: str | None) -> Plan:
    """Which buckets a line since a moment sums: the fewest rows that give the exact sum.

    Near a week's start (a week's leaderboard, or a Monday's), that week's buckets less the
    span before `since`, or the next week's plus the span before it; otherwise the whole
    hours since `since`. A span's whole hours come from the hourly buckets, the part of an
    hour at either end (zones such as +05:30) from the answers.
    """
    quiz = (quiz_id, quiz_id)
    if since is None:
        return (("totals", (chat_id, *quiz)),)
    since_ms = to_ms(since)
    week = week_of(since_ms)
    week_start = week * WEEK_MS - WEEK_OFFSET_MS
    if since_ms - week_start <= WEEK_EDGE_MS:
        taken = _span(chat_id, week_start, since_ms, quiz, "-")
        return (("weeks", (chat_id, week, *quiz)), *taken)
    if week_start + WEEK_MS - since_ms <= WEEK_EDGE_MS:
        added = _span(chat_id, since_ms, week_start + WEEK_MS, quiz, "")
        return (("weeks", (chat_id, week + 1, *quiz)), *added)
    return _span(chat_id, since_ms, None, quiz, "")


def _span(chat_id: str, start_ms: int, end_ms: int | None, quiz: tuple[object, ...],
          sign: str) -> Plan:  # fmt: skip
    """[start, end): its whole hours, and the answers of the part-hours at either end."""
    first = -(-start_ms // HOUR_MS)
    last = _NO_END if end_ms is None else end_ms // HOUR_MS
    parts: list[tuple[str, tuple[object, ...]]] = []
    if start_ms < first * HOUR_MS:
        head_end = first * HOUR_MS if end_ms is None else min(first * HOUR_MS, end_ms)
        parts.append((f"{sign}answers", (chat_id, start_ms, head_end, *quiz)))
    if first < last:
        parts.append((f"{sign}hours", (chat_id, first, last, *quiz)))
    if end_ms is not None and first <= last and last * HOUR_MS < end_ms:
        parts.append((f"{sign}answers", (chat_id, last * HOUR_MS, end_ms, *quiz)))
    return tuple(parts)


_NAMED = (
    "SELECT s.user_id, COALESCE(u.name, s.user_id), SUM(s.points), SUM(s.answered), "
    "SUM(s.total_ms) FROM ({rows}) s LEFT JOIN users u ON u.user_id = s.user_id "
    "GROUP BY s.user_id, u.name HAVING SUM(s.answered) > 0"
)
_STANDING = """
    WITH lines AS (
        SELECT user_id, SUM(points) AS points, SUM(answered) AS answered,
            SUM(total_ms) AS total_ms
        FROM ({rows}) s GROUP BY user_id HAVING SUM(answered) > 0
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
size-th line's points and time included, see bot.domain.entities.Standing) and the asker, with the
players ahead of the asker, the player count and whether the chat has daily questions.
Names are joined for those ~11 lines only; the final order by name is the engine's.
A line whose span was all taken away (answered 0) is no line."""


@functools.lru_cache(maxsize=64)
def _statement(template: str, names: tuple[str, ...]) -> str:
    """`template` summing the rows of the named parts (a few shapes, so built once each)."""
    rows = " UNION ALL ".join(
        _PARTS[name.removeprefix("-")].format(sign="-" if name.startswith("-") else "")
        for name in names
    )
    return template.format(rows=rows)


def _query(template: str, plan: Plan) -> tuple[str, tuple[object, ...]]:
    names = tuple(name for name, _ in plan)
    return _statement(template, names), tuple(a for _, args in plan for a in args)


def scores_query(
    chat_id: str, since: datetime | None, quiz_id: str | None
) -> tuple[str, tuple[object, ...]]:
    """The SQL and arguments for a chat's score lines since a moment (None: all time)."""
    return _query(_NAMED, plan_of(chat_id, since, quiz_id))


def standing_query(page: PageQuery) -> tuple[str, tuple[object, ...]]:
    """The SQL and arguments of a leaderboard page (rows: see `to_standing`)."""
    if page.size < 1:
        raise ValueError(f"a leaderboard shows at least one player, not {page.size}")
    sql, args = _query(_STANDING, plan_of(page.chat_id, page.since, page.quiz_id))
    return sql, (*args, page.size - 1, page.user_id, page.chat_id)


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
