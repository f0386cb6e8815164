"""The SQLite answer writer's review card step: one upsert a batch, no read of the cards.

Reading a batch's cards back, then writing each one, cost an answer about as much as the
answer itself (docs/performance.md, "Answers/s with card updates"). Here every answer is one
row of one `executemany`, in the answer's own transaction:

- a NEW card (the insert): the library's first review of a new card depends on the rating
  and the answer's instant only, so its row is the precomputed JSON with the instant placed
  in it (`Reviewer.first_review`; tested byte for byte against `Scheduler.review_card` and
  `Card.to_json`), with the seconds' text cached instead of an `isoformat` each;
- an EXISTING card (the conflict): SQL calls back `Reviewer.review` on the stored card through
  user functions registered on the writer's connection, so FSRS itself reviews it (once for
  all the cards that share a history: `Reviewer._outcome`).

A first review that cannot be templated (fuzzed) is asked of the library while the row is
built. PostgreSQL keeps reading the cards, then writing them (bot/storage/postgres/).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

from bot.domain.review import FirstReview, Reviewer
from bot.storage.group_commit import PendingAnswer
from bot.storage.sql.review import due_ms
from bot.storage.sql.rows import to_ms

_REVIEWED = "quizbot_reviewed_card"
_ARGUMENTS = 4
"""(the stored card, the grade: 0 wrong, 1 right, 2 right with a typo (Hard), the answer's
instant in ISO 8601, elapsed ms)."""
_INTERVAL_DIGITS = 13
"""Milliseconds to the due time, zero-padded: 36,500 days (FSRS's longest) has 13 digits."""
_DAY = timedelta(days=1)
_MS = timedelta(milliseconds=1)


class CardFunctions:
    """The card upsert's user function: one FSRS review a row, packed as one text that SQL
    takes apart (`UPSERT_CARDS`): the state's digit, the milliseconds to the due time, then
    the card's JSON. One call a row, not one a column: each call of a user function costs
    about what the review of a card that shares its history does."""

    def __init__(self, reviewer: Callable[[], Reviewer]) -> None:
        self._reviewer = reviewer
        self._last: tuple[object, ...] = ()
        self._packed = ""

    def install(self, connection: sqlite3.Connection) -> None:
        connection.create_function(_REVIEWED, _ARGUMENTS, self.reviewed, deterministic=True)

    def reviewed(self, stored: str | None, graded: int, at: str, elapsed: int) -> str:
        arguments = (stored, graded, at, elapsed)
        if arguments != self._last:  # were SQLite ever to ask twice, one review, one fuzz
            self._last = ()  # an exception below must not leave a stale result
            moment = datetime.fromisoformat(at)
            reviewer = self._reviewer()
            card = reviewer.review(stored, False, graded > 0, moment, elapsed, at, graded == 2)
            interval = (card.due - moment) // _MS
            self._packed = f"{card.state}{interval:0{_INTERVAL_DIGITS}d}{card.card}"
            self._last = arguments
        return self._packed


def card_arguments(
    created: Sequence[PendingAnswer], reviewer: Reviewer
) -> list[tuple[object, ...]]:
    """UPSERT_CARDS' parameters, one tuple per answer with a question, in answer order (a card
    answered twice in a batch is reviewed twice, in order): a new card's row as the library
    would write it, and what the conflict's review needs."""
    firsts = {
        graded: _placeable(reviewer.first_review(*graded))
        for graded in ((True, False), (False, False), (True, True))
    }  # (correct, hard): Good, Again, Hard (right with a typo)
    rows: list[tuple[object, ...]] = []
    for item in created:
        if not item.question_id:
            continue
        answer = item.answer
        at, correct, elapsed = answer.answered_at, answer.correct, answer.elapsed_ms
        if at.tzinfo is not UTC:  # the library refuses any other tzinfo, even an equal one
            at = at.astimezone(UTC)
        ms = to_ms(at)
        second = ms // 1000  # exact (after 1970): to_ms's float error is far under 1 µs
        micro = at.microsecond
        tail = f".{micro:06d}+00:00" if micro else "+00:00"
        at_text = (_SECONDS.get(second) or _second_text(second)) + tail  # at.isoformat()
        hard = correct and answer.typo
        first = firsts[correct, hard]
        if first is None:
            new = reviewer.review(None, False, correct, at, elapsed, hard=hard)
            card, state, due_at = new.card, new.state, due_ms(new)
        else:
            prefix, middle, suffix, days, state, interval_ms = first
            due = second + days * 86_400
            due_text = (_SECONDS.get(due) or _second_text(due)) + tail if days else at_text
            card, due_at = f"{prefix}{due_text}{middle}{at_text}{suffix}", ms + interval_ms
        rows.append((answer.user_id, item.quiz_id, item.question_id, card, state,
                     int(not correct), due_at, ms, at_text, elapsed,
                     2 if hard else int(correct)))  # fmt: skip
    return rows


_Placeable = tuple[str, str, str, int, int, int]
"""A first review's JSON parts, its whole days to the due time, state and interval in ms."""


def _placeable(found: FirstReview | None) -> _Placeable | None:
    """A template placed by text alone: due a whole number of days later (UTC has no
    daylight saving, so only the date moves); None to ask the library each time."""
    if found is None or found.interval % _DAY:
        return None
    prefix, middle, suffix = found.parts
    return prefix, middle, suffix, found.interval // _DAY, found.state, found.interval // _MS


_SECONDS: dict[int, str] = {}
"""'YYYY-MM-DDTHH:MM:SS' of recent seconds since the epoch: a burst's answers share a few,
and `datetime.isoformat` was most of a new card's cost (docs/performance.md)."""


def _second_text(second: int) -> str:
    if len(_SECONDS) > 1024:
        _SECONDS.clear()
    text = _SECONDS[second] = datetime.fromtimestamp(second, UTC).isoformat()[:19]
    return text


_JSON_AT = 2 + _INTERVAL_DIGITS
UPSERT_CARDS = (
    "INSERT INTO review_cards (user_id, quiz_id, question_id, card, state, missed, due_at, "
    "reviewed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) "
    "ON CONFLICT (user_id, quiz_id, question_id) DO UPDATE SET "
    f"(card, state, due_at) = (SELECT substr(r, {_JSON_AT}), CAST(substr(r, 1, 1) AS INTEGER), "
    f"excluded.reviewed_at + CAST(substr(r, 2, {_INTERVAL_DIGITS}) AS INTEGER) FROM "
    f"(SELECT {_REVIEWED}(review_cards.card, ?11, ?9, ?10) AS r)), "
    "missed = max(review_cards.missed, excluded.missed), reviewed_at = excluded.reviewed_at"
)
"""A new card's row as given; an existing card reviewed by FSRS through the function, once
(the subquery; a row value assigns the three columns from its one result)."""
