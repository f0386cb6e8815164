"""Warnings: what a quiz file may hold but should not. A warning never stops a quiz from
loading; `quizbot validate` prints it, and `--strict` counts it as an error.

Each check is a function of the validated quiz giving (question id or None, message), like
limits.check_quiz; the loader turns them into `Problem(..., warning=True)` at the question's
line. A new kind of warning is one more function in CHECKS.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from bot.domain.models import Quiz
from bot.domain.question_types import SINGLE

Finding = tuple[str | None, str]


def missing_explanations(quiz: Quiz) -> Iterator[Finding]:
    """Imported cards rarely explain themselves: the verdict then teaches nothing."""
    for question in quiz.questions:
        if question.explanation is None:
            yield (
                question.id,
                "no explanation: the verdict will show the right answer alone "
                "(add one that says why it is right)",
            )


def types_chats_do_not_play(quiz: Quiz) -> Iterator[Finding]:
    """Telegram and Discord play one-choice questions only, for now (issue 27): a bundled quiz
    with other types is for the terminal (chats refuse such an upload)."""
    for question in quiz.questions:
        if question.type not in SINGLE:
            yield (
                question.id,
                f"{question.type} questions are played in the terminal only for now "
                "(quizbot play, quizbot review); Telegram and Discord do not ask them yet",
            )


CHECKS: tuple[Callable[[Quiz], Iterator[Finding]], ...] = (
    missing_explanations,
    types_chats_do_not_play,
)


def check_quiz(quiz: Quiz) -> list[Finding]:
    """Every warning about `quiz`, check by check."""
    return [finding for check in CHECKS for finding in check(quiz)]
