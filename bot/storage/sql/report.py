"""The report page's reads, in SQL both backends share: score tables and indexed lookups only.

Read-only. Totals and days come from the score tables the answer writer keeps (score_totals,
score_hours, score_weeks: rows per player and bucket, not per answer); members and a quiz's
question figures from the counts it keeps for the report (member_stats, question_choices,
question_times, round_scores: bot/storage/sql/report_counts.py), read by primary key;
rounds from the latest rows of `rounds` and their players' lines.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, date, datetime

from bot.domain.entities import ScoreLine
from bot.domain.report import (
    Day,
    MemberLine,
    Overview,
    QuestionFigures,
    QuizTotal,
    RoundLine,
    Tally,
    Week,
    fill_days,
    median_of_counts,
    member_line,
)
from bot.domain.rules import Ranked, rank_round
from bot.storage.sql.answers import WEEK_MS, WEEK_OFFSET_MS, week_of
from bot.storage.sql.daily import DailyQueries
from bot.storage.sql.report_counts import DAY_MS, TIME_STEP_MS
from bot.storage.sql.rows import from_ms, to_ms

WEEKS_SHOWN = 26
TYPED_READ = 5_000
"""Typed wrong answers a quiz page reads at most, the latest: enough to find the common ones."""


def _int(value: object) -> int:
    return int(str(value)) if value is not None else 0


def _day(day_number: object) -> date:
    return datetime.fromtimestamp(_int(day_number) * DAY_MS / 1000, UTC).date()


def _day_number(day: date) -> int:
    return (day - date(1970, 1, 1)).days


def _week_start(week: int) -> date:
    return from_ms(week * WEEK_MS - WEEK_OFFSET_MS).date()


_MEMBERS = """
    SELECT m.user_id, COALESCE(u.name, m.user_id), m.answered, m.points, m.last_day,
        CASE WHEN m.right_day >= ? THEN m.run ELSE 0 END, m.best,
        (SELECT COUNT(*) FROM review_cards c WHERE c.user_id = m.user_id AND c.missed = 1
            AND c.due_at <= ? AND EXISTS (SELECT 1 FROM score_totals t WHERE t.chat_id = ?
            AND t.user_id = m.user_id AND t.quiz_id = c.quiz_id))
    FROM member_stats m LEFT JOIN users u ON u.user_id = m.user_id
    WHERE m.chat_id = ? AND m.answered > 0
"""
"""One row per member, read by primary key from `member_stats` (kept by the answer writers,
bot/storage/sql/report_counts.py): totals, last active day, the current streak alive while
its last right day is yesterday or today (the first `?`: yesterday), the best; and the
member's missed questions due for review now (the partial index `review_cards_due`) of the
quizzes they played in this chat."""


_EDGE = (
    "(SELECT o.{column} FROM round_scores o WHERE o.round_id = r.round_id "
    "ORDER BY o.points DESC, o.total_ms LIMIT 1 OFFSET ?)"
)
_PODIUMS = f"""
    WITH edges AS MATERIALIZED (
        SELECT r.round_id,
            (SELECT COUNT(*) FROM round_scores c WHERE c.round_id = r.round_id) AS players,
            {_EDGE.format(column="points")} AS points,
            {_EDGE.format(column="total_ms")} AS total_ms
        FROM rounds r WHERE r.round_id IN ({{marks}})
    )
    SELECT s.round_id, s.user_id, COALESCE(u.name, s.user_id), s.points, s.answered,
        s.total_ms, e.players
    FROM edges e JOIN round_scores s ON s.round_id = e.round_id
    LEFT JOIN users u ON u.user_id = s.user_id
    WHERE e.points IS NULL OR s.points > e.points
        OR (s.points = e.points AND s.total_ms <= e.total_ms)
"""
"""Each round's first places from its players' lines (`round_scores`, a row per player kept
by the answer writers): those ranked no lower than the line in the last place shown (more
points, then less time, as `rules.rank_round`; ties at the edge included), and the round's
player count. Per round a few small sorts by primary key: SQLite's window functions (RANK
and a count per round) took several times longer over the same ~4,000 lines."""


class ReportQueries(DailyQueries):
    """The ReportStore methods (bot/storage/report_store.py) over a backend's `_rows`."""

    async def overview(self, chat_id: str, first: date, last: date) -> Overview:
        """Totals, each day from `first` to `last` (UTC), the last weeks and each quiz."""
        members, tally = await self.totals(chat_id)
        days = await self._rows(
            "SELECT hour / 24, COUNT(DISTINCT user_id), SUM(answered), SUM(points) "
            "FROM score_hours WHERE chat_id = ? AND hour >= ? AND hour < ? GROUP BY hour / 24",
            chat_id,
            _day_number(first) * 24,
            (_day_number(last) + 1) * 24,
        )
        last_week = week_of((_day_number(last) + 1) * DAY_MS - 1)
        weeks = await self._rows(
            "SELECT week, SUM(answered), SUM(points) FROM score_weeks "
            "WHERE chat_id = ? AND week > ? GROUP BY week ORDER BY week",
            chat_id,
            last_week - WEEKS_SHOWN,
        )
        quizzes = await self._rows(
            "SELECT quiz_id, COUNT(DISTINCT user_id), SUM(answered), SUM(points) "
            "FROM score_totals WHERE chat_id = ? GROUP BY quiz_id ORDER BY quiz_id",
            chat_id,
        )
        found_days = (Day(_day(d), _int(m), Tally(_int(a), _int(c))) for d, m, a, c in days)
        return Overview(
            members,
            tally,
            fill_days(first, last, found_days),
            tuple(Week(_week_start(_int(w)), Tally(_int(a), _int(c))) for w, a, c in weeks),
            tuple(QuizTotal(str(q), _int(m), Tally(_int(a), _int(c))) for q, m, a, c in quizzes),
        )

    async def totals(self, chat_id: str) -> tuple[int, Tally]:
        """The chat's members and answers over all time, however they were given (group
        rounds, practice, daily questions, the terminal)."""
        [(members, answered, correct)] = await self._rows(
            "SELECT COUNT(DISTINCT user_id), COALESCE(SUM(answered), 0), "
            "COALESCE(SUM(points), 0) FROM score_totals WHERE chat_id = ?",
            chat_id,
        )
        return _int(members), Tally(_int(answered), _int(correct))

    async def members(self, chat_id: str, now: datetime) -> list[MemberLine]:
        """Every member who answered, most answers first: totals, streaks, last active day,
        questions due for review, in one statement returning a row per member."""
        yesterday = _day_number(now.astimezone(UTC).date()) - 1
        rows = await self._rows(_MEMBERS, yesterday, to_ms(now), chat_id, chat_id)
        has_daily = await self._rows(
            "SELECT 1 FROM daily_posts WHERE chat_id = ? LIMIT 1", chat_id
        )
        user_ids = [str(row[0]) for row in rows]
        records = await self.daily_records(chat_id, user_ids) if has_daily else {}
        lines = [
            member_line(
                str(user_id),
                str(name),
                Tally(_int(answered), _int(correct)),
                (_int(current), _int(best)),
                None if last is None else _day(last),
                records.get(str(user_id)),
                _int(due),
            )
            for user_id, name, answered, correct, last, current, best, due in rows
        ]
        return sorted(lines, key=lambda line: (-line.tally.answered, line.name, line.user_id))

    async def question_figures(self, chat_id: str, quiz_id: str) -> list[QuestionFigures]:
        """Per question of the quiz answered in the chat: choices picked and answer times
        (to the tenth of a second, as shown), from the counts the answer writers keep."""
        choices: dict[str, dict[int, int]] = defaultdict(dict)
        times: dict[str, dict[int, int]] = defaultdict(dict)
        right: dict[str, int] = defaultdict(int)
        for question_id, choice, answered, points in await self._rows(
            "SELECT question_id, choice, answered, points FROM question_choices "
            "WHERE chat_id = ? AND quiz_id = ? AND answered > 0",
            chat_id,
            quiz_id,
        ):
            choices[str(question_id)][_int(choice)] = _int(answered)
            right[str(question_id)] += _int(points)
        for question_id, step, answered in await self._rows(
            "SELECT question_id, step, answered FROM question_times "
            "WHERE chat_id = ? AND quiz_id = ? AND answered > 0",
            chat_id,
            quiz_id,
        ):
            times[str(question_id)][_int(step) * TIME_STEP_MS] = _int(answered)
        return [
            QuestionFigures(
                key,
                choices[key],
                right[key],
                sum(choices[key].values()),
                median_of_counts(times[key]),
            )
            for key in sorted(choices)
        ]

    async def wrong_typed(
        self, chat_id: str, quiz_id: str, question_ids: Sequence[str], limit: int = TYPED_READ
    ) -> dict[str, list[str]]:
        """The latest `limit` wrong answers typed in the chat to these questions, as typed,
        by question id (the answers table by its chat index, bounded: a page stays fast)."""
        if not question_ids:
            return {}
        marks = ", ".join("?" for _ in question_ids)
        found: dict[str, list[str]] = defaultdict(list)
        for question_id, response in await self._rows(
            "SELECT p.question_id, a.response FROM answers a JOIN posts p "
            "ON p.post_id = a.post_id WHERE a.chat_id = ? AND a.quiz_id = ? AND a.correct = 0 "
            f"AND a.response IS NOT NULL AND p.question_id IN ({marks}) "
            "ORDER BY a.answered_at DESC, a.post_id DESC, a.user_id LIMIT ?",
            chat_id,
            quiz_id,
            *question_ids,
            limit,
        ):
            found[str(question_id)].append(str(response))
        return found

    async def rounds(self, chat_id: str, limit: int, podium: int = 3) -> list[RoundLine]:
        """The chat's latest group rounds, newest first: players and the first `podium`
        places of each (ties included)."""
        rounds = await self._rows(
            "SELECT round_id, quiz_id, started_at, ended_at, status, question_ids FROM rounds "
            "WHERE chat_id = ? AND mode = 'group' ORDER BY round_id DESC LIMIT ?",
            chat_id,
            limit,
        )
        ids = [_int(row[0]) for row in rounds]
        lines = await self._podiums(ids, podium) if ids else {}
        return [
            RoundLine(
                _int(round_id),
                str(quiz_id),
                from_ms(_int(started)),
                None if ended is None else from_ms(_int(ended)),
                str(status),
                len(json.loads(str(question_ids))),
                *lines.get(_int(round_id), (0, ())),
            )
            for round_id, quiz_id, started, ended, status, question_ids in rounds
        ]

    async def _podiums(
        self, round_ids: list[int], podium: int
    ) -> dict[int, tuple[int, tuple[Ranked, ...]]]:
        """Per round: its player count and first `podium` places (ties included), in
        `rules.rank_round`'s order."""
        lines: dict[int, list[ScoreLine]] = defaultdict(list)
        players: dict[int, int] = {}
        marks = ", ".join("?" * len(round_ids))
        for round_id, user_id, name, points, answered, total_ms, count in await self._rows(
            _PODIUMS.format(marks=marks), podium - 1, podium - 1, *round_ids
        ):
            line = ScoreLine(str(user_id), str(name), _int(points), _int(answered),
                             _int(total_ms))  # fmt: skip
            lines[_int(round_id)].append(line)
            players[_int(round_id)] = _int(count)
        return {key: (players[key], tuple(rank_round(found))) for key, found in lines.items()}
