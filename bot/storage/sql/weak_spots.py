"""The read behind a chat's weak spots: each member's answers here to each question, with card.

One query, no table of its own: the chat's answers (index `answers_by_chat`), their posts for
the question, and the members' review cards by their key. The ranking itself is a domain rule
(bot/domain/weak_spots.py): FSRS predicts recall in Python, not in SQL.
"""

from __future__ import annotations

from bot.domain.weak_spots import SeenAnswers
from bot.storage.sql.queries import SqlQueries
from bot.storage.sql.rows import Row, Select


def _to_seen(row: Row) -> SeenAnswers:
    quiz_id, question_id, user_id, card, misses, answers = row
    return SeenAnswers(
        str(quiz_id), str(question_id), str(user_id), str(card),
        int(str(misses)), int(str(answers)),
    )  # fmt: skip


_SEEN = Select(
    "SELECT p.quiz_id, p.question_id, a.user_id, c.card, SUM(1 - a.correct), COUNT(*) "
    "FROM answers a JOIN posts p ON p.post_id = a.post_id "
    "JOIN review_cards c ON c.user_id = a.user_id AND c.quiz_id = p.quiz_id "
    "AND c.question_id = p.question_id",
    _to_seen,
)


class WeakSpotQueries(SqlQueries):
    """`Store.seen_answers`, in SQL both backends share."""

    async def seen_answers(self, chat_id: str) -> list[SeenAnswers]:
        """Per member and question answered in this chat: their card, misses and answers."""
        return await self._all(
            _SEEN,
            "WHERE a.chat_id = ? GROUP BY p.quiz_id, p.question_id, a.user_id, c.card "
            "ORDER BY p.quiz_id, p.question_id, a.user_id",
            chat_id,
        )
