"""What adapters render: a posted question with its quiz, a press's result, a closed question,
a finished round. Plain data assembled by the play services from the store."""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.entities import Answer, Post, Round
from bot.domain.models import Question, Quiz
from bot.domain.rules import PressOutcome, Ranked


@dataclass(frozen=True, slots=True)
class QuestionView:
    """A post with the quiz and question it shows: what an adapter needs to render it."""

    quiz: Quiz
    question: Question
    post: Post


@dataclass(frozen=True, slots=True)
class PressResult:
    """What an answer press did, with the question it was on, for the private reply."""

    outcome: PressOutcome
    view: QuestionView | None
    """None when the press named a post this chat does not have."""


@dataclass(frozen=True, slots=True)
class ClosedView:
    """A question once closed, with every answer to it: what the reveal shows."""

    view: QuestionView
    answers: tuple[Answer, ...]


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """A round that has ended: the round's closing message and its ranking."""

    round: Round
    quiz: Quiz
    ranking: tuple[Ranked, ...]
    stopped: bool
    """Ended before its last question closed (/stop, a new practice, a failed post)."""
