"""The SQLite answer writer's review card step: one upsert a batch, no read of the cards.

Reading a batch's cards back, then writing each one, cost an answer about as much as the
answer itself (docs/performance.md, "Answers/s with card updates"). Here every answer is one
row of one `executemany`, in the answer's own transaction:

- a NEW card (the insert): the library's first review of a new card depends on the rating
  and the answer's instant only, so SQL places the instant into the precomputed JSON
  (`Reviewer.first_review`, tested byte for byte against `Scheduler.review_card` and
  `Card.to_json`); no Python runs for it beyond the row's tuple;
- an EXISTING card (the conflict): SQL calls back `Reviewer.review` on the stored card through
  user functions registered on the writer's connection, so FSRS itself reviews it.

A first review that cannot be templated (fuzzed) goes through the same functions.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

from bot.domain.review import FirstReview, ReviewedCard, Reviewer
from bot.storage.group_commit import PendingAnswer
from bot.storage.sql.review import due_ms
from bot.storage.sql.rows import to_ms

_CARD, _STATE, _DUE = "quizbot_review_card", "quizbot_review_state", "quizbot_review_due"
_ARGUMENTS = 4
"""(stored card or NULL, correct 0/1, the answer's instant in ISO 8601, elapsed ms)."""
_DAY = timedelta(days=1)
_MS = timedelta(milliseconds=1)


class CardFunctions:
    """The user functions of the card upsert: one FSRS review per row, whichever of the card,
    state and due columns SQLite computes first (the last review is kept for the others)."""

    def __init__(self, reviewer: Callable[[], Reviewer]) -> None:
        self._reviewer = reviewer
        self._last: tuple[object, ...] = ()
        self._reviewed: ReviewedCard | None = None

    def install(self, connection: sqlite3.Connection) -> None:
        for name, function in ((_CARD, self.card), (_STATE, self.state), (_DUE, self.due)):
            connection.create_function(name, _ARGUMENTS, function, deterministic=True)

    def card(self, stored: str | None, correct: int, at: str, elapsed: int) -> str:
        return self._review(stored, correct, at, elapsed).card

    def state(self, stored: str | None, correct: int, at: str, elapsed: int) -> int:
        return self._review(stored, correct, at, elapsed).state

    def due(self, stored: str | None, correct: int, at: str, elapsed: int) -> int:
        return due_ms(self._review(stored, correct, at, elapsed))

    def _review(self, stored: str | None, correct: int, at: str, elapsed: int) -> ReviewedCard:
        arguments = (stored, correct, at, elapsed)
        if arguments != self._last or self._reviewed is None:
            self._reviewed = None  # an exception below must not leave a stale result
            moment = datetime.fromisoformat(at)
            self._reviewed = self._reviewer().review(stored, False, bool(correct), moment, elapsed)
            self._last = arguments
        return self._reviewed


def card_arguments(created: Sequence[PendingAnswer]) -> list[tuple[object, ...]]:
    """`upsert_sql`'s parameters, one tuple per answer with a question, in answer order (a
    card answered twice in a batch is reviewed twice, in order)."""
    rows: list[tuple[object, ...]] = []
    for item in created:
        if item.question_id:
            answer = item.answer
            at = answer.answered_at
            if at.tzinfo is not UTC:  # the library refuses any other tzinfo, even an equal one
                at = at.astimezone(UTC)
            rows.append((answer.user_id, item.quiz_id, item.question_id, answer.correct,
                         to_ms(at), at.isoformat(), answer.elapsed_ms))  # fmt: skip
    return rows


def upsert_sql(reviewer: Reviewer) -> str:
    """The card upsert for this reviewer's first reviews."""
    return _upsert_sql(reviewer.first_review(True), reviewer.first_review(False))


@functools.lru_cache(maxsize=8)
def _upsert_sql(right: FirstReview | None, wrong: FirstReview | None) -> str:
    """?1-?3 the card's key, ?4 correct (0/1), ?5 the instant in ms, ?6 in ISO 8601, ?7 the
    answer's duration in ms."""
    review = "(review_cards.card, ?4, ?6, ?7)"

    def first(function: str, templated: Callable[[FirstReview], str]) -> str:
        """A new card's column: from the template of its rating, else by the function."""
        right_sql, wrong_sql = (_templated(found, templated) or f"{function}(NULL, ?4, ?6, ?7)"
                                for found in (right, wrong))  # fmt: skip
        return f"CASE ?4 WHEN 1 THEN {right_sql} ELSE {wrong_sql} END"

    return (
        "INSERT INTO review_cards (user_id, quiz_id, question_id, card, state, missed, due_at, "
        f"reviewed_at) VALUES (?1, ?2, ?3, {first(_CARD, _card_text)}, "
        f"{first(_STATE, lambda found: str(found.state))}, 1 - ?4, "
        f"{first(_DUE, lambda found: f'?5 + {found.interval // _MS}')}, ?5) "
        "ON CONFLICT (user_id, quiz_id, question_id) DO UPDATE SET "
        f"card = {_CARD}{review}, state = {_STATE}{review}, "
        "missed = max(review_cards.missed, excluded.missed), "
        f"due_at = {_DUE}{review}, reviewed_at = excluded.reviewed_at"
    )


def _templated(found: FirstReview | None, expression: Callable[[FirstReview], str]) -> str:
    """The SQL of a templated first review's column; '' when there is no usable template."""
    if found is None or found.interval % _DAY:  # a due time not a whole number of days on
        return ""
    return expression(found)


def _card_text(found: FirstReview) -> str:
    """The library's JSON of the first review at ?6: whole days move only the date (UTC has
    no daylight saving), the time and fraction stay as the instant shows them."""
    days = found.interval // _DAY
    due = f"date(substr(?6, 1, 10), '+{days} days') || substr(?6, 11)" if days else "?6"
    prefix, middle, suffix = (_literal(part) for part in found.parts)
    return f"{prefix} || {due} || {middle} || ?6 || {suffix}"


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"
