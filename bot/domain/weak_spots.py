"""A chat's weak spots, without I/O: which questions this group is most likely to forget now.

The ranking, exactly (README, "Weak spots"): every question someone answered in this chat is
a candidate. Its *recall* is the mean, over the members who answered it here, of the FSRS
retrievability of their card for it now (`Reviewer.recall`: a card is per person, across
chats); its *misses* are the wrong answers given to it here. Candidates come lowest recall
first, compared in whole percents (a difference under one percent is noise: a round just
played leaves every card near 100 %), then most misses first, then by quiz key and question
id so the order never depends on the database. Cards the store no longer has (`/forgetme`)
are not read at all; a card that cannot be read (edited by hand) leaves its member out of the
mean, and a question left with no readable card ranks at 100 %, by its misses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from bot.domain.review import Reviewer

WEAK_NAME = "weak"
"""What a member types for it: `/quiz weak`, `/daily … weak`."""
DEFAULT_COUNT = 5
"""Questions a weak-spot round asks when the member names no number."""


@dataclass(frozen=True, slots=True)
class SeenAnswers:
    """One member's answers here to one question, with their card (the store's read)."""

    quiz_id: str
    question_id: str
    user_id: str
    card: str
    """The member's FSRS card for the question (`fsrs.Card.to_json`)."""
    misses: int
    answers: int


@dataclass(frozen=True, slots=True)
class WeakSpot:
    """A question as the ranking sees it."""

    quiz_id: str
    question_id: str
    recall: float
    """Mean predicted recall now over the members with a readable card (1.0 without any)."""
    members: int
    """Members who answered it in this chat."""
    misses: int
    answers: int

    def rank_key(self) -> tuple[int, int, str, str]:
        return round(self.recall * 100), -self.misses, self.quiz_id, self.question_id


def rank_weak_spots(
    reviewer: Reviewer, seen: Iterable[SeenAnswers], now: datetime
) -> list[WeakSpot]:
    """Every question seen, weakest first (the ranking of this module's docstring)."""
    grouped: dict[tuple[str, str], list[SeenAnswers]] = {}
    for row in seen:
        grouped.setdefault((row.quiz_id, row.question_id), []).append(row)
    spots = [_spot(reviewer, key, rows, now) for key, rows in grouped.items()]
    return sorted(spots, key=WeakSpot.rank_key)


def _spot(
    reviewer: Reviewer, key: tuple[str, str], rows: list[SeenAnswers], now: datetime
) -> WeakSpot:
    recalls = [r for r in (_recall(reviewer, row.card, now) for row in rows) if r is not None]
    return WeakSpot(
        quiz_id=key[0],
        question_id=key[1],
        recall=sum(recalls) / len(recalls) if recalls else 1.0,
        members=len({row.user_id for row in rows}),
        misses=sum(row.misses for row in rows),
        answers=sum(row.answers for row in rows),
    )


def _recall(reviewer: Reviewer, card: str, now: datetime) -> float | None:
    try:
        return reviewer.recall(card, now)
    except (ValueError, KeyError, TypeError, ArithmeticError):  # a card edited by hand
        return None
