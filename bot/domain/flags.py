"""Flagged questions, without I/O: the reasons a member gives, the daily limit, and what an
admin's `/flags` and the report read of a chat's flags.

A flag is a member's doubt about one question in one chat: a reason, and maybe a sentence.
A member flags a question once while its flags are open (flagging it again changes the
reason); at most `FLAGS_PER_DAY` new flags in any 24 hours, so a member cannot flood the
admins. Admins hide a question in their chat (no round, daily, review or weak-spot round asks
it there again), show it again, or clear its flags (dealt with: they leave the list).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum

from bot.domain.models import Quiz

FLAGS_PER_DAY = 5
"""New flags a member may make in any 24 hours (changing a flag's reason is not one)."""
FLAG_WINDOW = timedelta(days=1)
NOTE_LENGTH = 300
"""Characters of a member's sentence kept (the rest is cut, with an ellipsis)."""
LATEST_NOTES = 3
"""Sentences `/flags` shows per question, newest first."""
NOTE_WINDOW = timedelta(hours=1)
"""How long after a flag a sentence sent alone (Telegram's reply) is added to it."""


class Reason(Enum):
    """Why a question is flagged; the value is its one letter in button data."""

    WRONG = "w"
    """The answer given as right is wrong."""
    UNCLEAR = "u"
    TYPO = "t"
    OTHER = "o"


class FlagOutcome(Enum):
    ADDED = "added"
    CHANGED = "changed"
    """The member had flagged it already: the reason is now this one."""
    LIMITED = "limited"
    """FLAGS_PER_DAY reached: nothing stored."""


@dataclass(frozen=True, slots=True)
class NewFlag:
    chat_id: str
    quiz_id: str
    question_id: str
    user_id: str
    reason: Reason
    flagged_at: datetime


@dataclass(frozen=True, slots=True)
class FlaggedQuestion:
    """One question's open flags in a chat, as `/flags` and the report show them."""

    quiz_id: str
    question_id: str
    count: int
    reasons: dict[Reason, int]
    notes: tuple[str, ...]
    """The latest sentences, newest first (at most LATEST_NOTES)."""
    latest: datetime
    hidden: bool


@dataclass(frozen=True, slots=True)
class Listed:
    """A flagged question as `/flags` shows it: its quiz (None once removed) and its id."""

    flagged: FlaggedQuestion
    quiz: Quiz | None
    ref: str
    """What an admin types to act on it: `<quiz id>/<question id>`."""


def clean_note(text: str) -> str | None:
    """A member's sentence as kept: one line, trimmed, at most NOTE_LENGTH; None if empty."""
    kept = " ".join("".join(c for c in text if c.isprintable() or c.isspace()).split())
    if not kept:
        return None
    return kept if len(kept) <= NOTE_LENGTH else kept[: NOTE_LENGTH - 1] + "…"
