"""What a platform does with a round's messages: the one interface an adapter implements."""

from __future__ import annotations

from typing import Protocol

from bot.domain.entities import Round
from bot.domain.views import ClosedView, QuestionView, RoundSummary


class Publisher(Protocol):
    """What a platform does with a round's messages.

    Any method may raise `ChatGoneError` (the round then ends quietly); edits may raise
    `MessageGoneError` (the results then go out as a new message).
    """

    async def post_question(self, round_: Round, view: QuestionView) -> str:
        """Post a question; return a reference the publisher can later edit."""
        ...

    async def update_question(self, round_: Round, view: QuestionView, answered: int) -> None:
        """Refresh the answered count on a posted question."""
        ...

    async def show_results(self, round_: Round, closed: ClosedView) -> None:
        """Turn a question into its results: correct answer, votes, explanation."""
        ...

    async def post_results(self, round_: Round, closed: ClosedView) -> None:
        """Post a question's results as a new message: its own message is gone."""
        ...

    async def post_summary(self, round_: Round, summary: RoundSummary) -> None: ...
