"""The installed quizzes, loaded and validated once at start-up."""

from __future__ import annotations

from pathlib import Path

from bot.loader import QuizError, validate
from bot.models import Quiz


def load_catalog(folder: Path) -> dict[str, Quiz]:
    """Every quiz in `folder` by id; raises QuizError listing every problem in every file."""
    quizzes, problems = validate([folder])
    if problems:
        raise QuizError(problems)
    return {quiz.id: quiz for quiz in quizzes}
