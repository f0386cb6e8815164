"""What a review session says besides its questions, the same on every platform (Telegram,
Discord, the terminal): the intro, which comes with the session's first question only."""

from __future__ import annotations

from bot.domain.models import Language
from bot.domain.review_sessions import ReviewSession
from bot.text import review_texts


def opening(session: ReviewSession, language: Language) -> str | None:
    """The intro ("N questions to review") before the first question; None before the
    others, and after a restart mid-session (its tally says questions were asked)."""
    if session.asked:
        return None
    return review_texts.intro(session.total, language)
