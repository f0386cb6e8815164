"""The review session's intro: with its first question only, on every platform."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

from bot.domain.review_sessions import ReviewSession
from bot.text.review_steps import opening

SESSION = ReviewSession(
    user_id="tg:1",
    chat_id="tg:1",
    channel_ref="",
    started_at=datetime(2026, 3, 4, tzinfo=UTC),
    total=3,
    language="fr",
)


def test_the_intro_comes_with_the_first_question_in_the_players_language() -> None:
    assert opening(SESSION, "en") == "🔁 Review: 3 questions you missed, most overdue first."
    assert (opening(SESSION, "fr") or "").startswith("🔁 Révision\u00a0: 3 questions")


def test_no_intro_once_a_question_was_asked_even_after_a_restart() -> None:
    assert opening(dataclasses.replace(SESSION, asked=1, post_id=7), "en") is None
    assert opening(dataclasses.replace(SESSION, asked=2, correct=2), "fr") is None
