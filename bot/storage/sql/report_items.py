"""The report's reads for item analysis and members' progress over a period (issue 29).

Read-only, by primary key ranges: the item counts the answer writers keep
(bot/storage/sql/item_counts.py), the hourly score buckets for members' halves of a period,
and the review cards of the chat's members for their predicted recall.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from bot.domain.item_analysis import AnswerCount
from bot.domain.report import Tally
from bot.storage.sql.queries import SqlQueries

_EPOCH = date(1970, 1, 1)
_KEY = "WHERE chat_id = ? AND quiz_id = ?"
_DAYS = "SELECT user_id, question_id, choice, SUM(answered), SUM(points) FROM member_choice_days"
_GROUPED = " GROUP BY user_id, question_id, choice"
_ALL = "SELECT user_id, question_id, choice, answered, points FROM member_choices"


def _day(day: date) -> int:
    return (day - _EPOCH).days


def _int(value: object) -> int:
    return int(str(value)) if value is not None else 0


Counts = dict[tuple[str, str, int], list[int]]


class ItemQueries(SqlQueries):
    """The ReportStore methods of the item analysis and members' progress."""

    async def answer_counts(
        self, chat_id: str, quiz_id: str, first: date | None, last: date
    ) -> list[AnswerCount]:
        """Each member's answers to each question of the quiz by choice, from `first` (None:
        all time) to `last`, today. Reads whichever is fewer days: the period's, or all time
        less the days before it."""
        everything = f"{_ALL} {_KEY}"
        if first is None:
            return _counts(await self._counted(everything, chat_id, quiz_id))
        [(oldest,)] = await self._rows(
            f"SELECT MIN(day) FROM member_choice_days {_KEY}", chat_id, quiz_id
        )
        if oldest is None:
            return []
        if _day(first) - _int(oldest) < _day(last) - _day(first) + 1:
            found = await self._counted(everything, chat_id, quiz_id)
            before = f"{_DAYS} {_KEY} AND day < ?{_GROUPED}"
            older = await self._counted(before, chat_id, quiz_id, _day(first))
            for key, (answered, points) in older.items():
                found[key][0] -= answered
                found[key][1] -= points
            return _counts(found)
        since = f"{_DAYS} {_KEY} AND day >= ?{_GROUPED}"
        return _counts(await self._counted(since, chat_id, quiz_id, _day(first)))

    async def _counted(self, sql: str, *args: object) -> Counts:
        found: Counts = defaultdict(lambda: [0, 0])
        for user_id, question_id, choice, answered, points in await self._rows(sql, *args):
            found[(str(user_id), str(question_id), _int(choice))] = [_int(answered), _int(points)]
        return found

    async def member_halves(
        self, chat_id: str, first: date | None, middle: date
    ) -> dict[str, tuple[Tally, Tally]]:
        """Each member's answers (every quiz) before `middle` (from `first`; None: all time)
        and from `middle` on, from the hourly buckets."""
        rows = await self._rows(
            "SELECT user_id, CASE WHEN hour >= ? THEN 1 ELSE 0 END, SUM(answered), SUM(points) "
            "FROM score_hours WHERE chat_id = ? AND hour >= ? "
            "GROUP BY user_id, CASE WHEN hour >= ? THEN 1 ELSE 0 END",
            _day(middle) * 24,
            chat_id,
            0 if first is None else _day(first) * 24,
            _day(middle) * 24,
        )
        halves: dict[str, list[Tally]] = defaultdict(lambda: [Tally(), Tally()])
        for user_id, later, answered, points in rows:
            halves[str(user_id)][_int(later)] = Tally(_int(answered), _int(points))
        return {user: (earlier, later) for user, (earlier, later) in halves.items()}

    async def recall_cards(self, chat_id: str) -> dict[str, list[str]]:
        """The review cards of the chat's members, of the quizzes they played in the chat."""
        rows = await self._rows(
            "SELECT c.user_id, c.card FROM member_stats m JOIN review_cards c "
            "ON c.user_id = m.user_id WHERE m.chat_id = ? AND EXISTS (SELECT 1 FROM "
            "score_totals t WHERE t.chat_id = ? AND t.user_id = c.user_id "
            "AND t.quiz_id = c.quiz_id)",
            chat_id,
            chat_id,
        )
        cards: dict[str, list[str]] = defaultdict(list)
        for user_id, card in rows:
            cards[str(user_id)].append(str(card))
        return dict(cards)


def _counts(found: Counts) -> list[AnswerCount]:
    return [
        AnswerCount(user, question, choice, answered, points)
        for (user, question, choice), (answered, points) in sorted(found.items())
        if answered > 0
    ]
