"""What review sessions and reminders hold: the questions due, a session in progress and its
end, and an opt-in reminder (kept in the store; FSRS itself is in review.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, tzinfo


@dataclass(frozen=True, slots=True)
class DueCard:
    """A missed question due for review."""

    quiz_id: str
    question_id: str
    due: datetime


@dataclass(frozen=True, slots=True)
class ReviewSession:
    """A player's review in progress in one chat: the question asked now and the tally.

    Kept in the store, so a press on the current question after a restart carries on."""

    user_id: str
    chat_id: str
    channel_ref: str
    started_at: datetime
    """Questions reviewed since are not asked again in this session (a miss is due at once)."""
    total: int
    language: str
    post_id: int | None = None
    asked: int = 0
    correct: int = 0


@dataclass(frozen=True, slots=True)
class ReviewSummary:
    """A finished session, and when the player's next question is due."""

    session: ReviewSession
    next_due: datetime | None
    """When the next missed question is due (None: nothing left to review, ever)."""
    zone: tzinfo
    """The chat's zone, in which that moment is shown."""


@dataclass(frozen=True, slots=True)
class NothingDue:
    """No question due now; when the next one is (None: no missed question at all)."""

    next_due: datetime | None
    zone: tzinfo


@dataclass(frozen=True, slots=True)
class Reminder:
    """An opt-in daily private message at a local time, sent on days something is due."""

    user_id: str
    at: time
    zone: str
    language: str
    next_run_at: datetime


SESSION_SIZE = 20
"""Questions a review session brings back at most, most overdue first."""
