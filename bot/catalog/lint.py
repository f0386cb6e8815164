"""Warnings: what a quiz file may hold but should not. A warning never stops a quiz from
loading; `quizbot validate` prints it, and `--strict` counts it as an error.

Each check is a function of the validated quiz giving (question id or None, message), like
limits.check_quiz; the loader turns them into `Problem(..., warning=True)` at the question's
line. A new kind of warning is one more function in CHECKS.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from bot.domain.models import Quiz

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


CHECKS: tuple[Callable[[Quiz], Iterator[Finding]], ...] = (missing_explanations,)


def check_quiz(quiz: Quiz) -> list[Finding]:
    """Every warning about `quiz`, check by check."""
    return [finding for check in CHECKS for finding in check(quiz)]
