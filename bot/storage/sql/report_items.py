"""The report's reads for item analysis and members' progress over a period (issue 29).

Read-only, by primary key ranges: the item counts the answer writers keep
(bot/storage/sql/item_counts.py), the hourly score buckets for members' halves of a period,
and the review cards of the chat's members for their predicted recall.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from bot.domain.item_analysis import ChoiceCount, Latest
from bot.domain.report import Tally
from bot.storage.sql.queries import SqlQueries
from bot.storage.sql.report_counts import DAY_MS

_EPOCH = date(1970, 1, 1)


def _day(day: date) -> int:
    return (day - _EPOCH).days


def _int(value: object) -> int:
    return value if isinstance(value, int) else int(str(value)) if value is not None else 0


class ItemQueries(SqlQueries):
    """The ReportStore methods of the item analysis and members' progress."""

    async def period_counts(
        self, chat_id: str, quiz_id: str, first: date | None
    ) -> tuple[list[Latest], list[ChoiceCount]]:
        """Each member's latest answer to each question of the quiz, and the answers per
        choice, from the day `first` (UTC; None: all time) on: one row per member and
        question, and a day's ~32 rows per question and choice (or all time's)."""
        since = 0 if first is None else _day(first)
        latest = await self._rows(
            "SELECT user_id, question_id, last_correct FROM member_questions "
            "WHERE chat_id = ? AND quiz_id = ? AND last_at >= ?",
            chat_id,
            quiz_id,
            since * DAY_MS,
        )
        if first is None:
            choices = await self._rows(
                "SELECT question_id, choice, answered, points FROM question_choices "
                "WHERE chat_id = ? AND quiz_id = ? AND answered > 0",
                chat_id,
                quiz_id,
            )
        else:
            choices = await self._rows(
                "SELECT question_id, choice, SUM(answered), SUM(points) "
                "FROM question_choice_days WHERE chat_id = ? AND quiz_id = ? AND day >= ? "
                "GROUP BY question_id, choice",
                chat_id,
                quiz_id,
                since,
            )
        return (
            [Latest(str(user), str(question), bool(right)) for user, question, right in latest],
            [ChoiceCount(str(q), _int(c), _int(a), _int(p)) for q, c, a, p in choices],
        )

    async def member_halves(
        self, chat_id: str, first: date | None, middle: date
    ) -> dict[str, tuple[Tally, Tally]]:
        """Each member's answers (every quiz) before `middle` (from `first`; None: all time)
        and from `middle` on, from the hourly buckets; all time's earlier part as the
        member's totals (member_stats) less the later part, so it reads the later days only."""
        halves: dict[str, list[Tally]] = defaultdict(lambda: [Tally(), Tally()])
        start = middle if first is None else first
        for user_id, later, answered, points in await self._rows(
            "SELECT user_id, CASE WHEN hour >= ? THEN 1 ELSE 0 END, SUM(answered), SUM(points) "
            "FROM score_hours WHERE chat_id = ? AND hour >= ? GROUP BY 1, 2",
            _day(middle) * 24,
            chat_id,
            _day(start) * 24,
        ):
            halves[str(user_id)][_int(later)] = Tally(_int(answered), _int(points))
        if first is None:
            for user_id, answered, points in await self._rows(
                "SELECT user_id, answered, points FROM member_stats WHERE chat_id = ?", chat_id
            ):
                recent = halves[str(user_id)][1]
                earlier = Tally(_int(answered) - recent.answered, _int(points) - recent.correct)
                halves[str(user_id)][0] = earlier
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
