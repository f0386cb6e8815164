"""The installed quizzes, loaded and validated once at start-up."""

from __future__ import annotations

from pathlib import Path

from bot.catalog.cache import validate_cached
from bot.catalog.loader import QuizError, validate
from bot.domain.models import Quiz


def load_catalog(folder: Path, cache: Path | None = None) -> dict[str, Quiz]:
    """Every quiz in `folder` by id; raises QuizError listing every problem in every file.

    With a `cache` folder, a file that an earlier start validated, with the same bytes and the
    same code, is not validated again (bot/catalog/cache.py).
    """
    quizzes, problems = validate([folder]) if cache is None else validate_cached(folder, cache)
    if problems:
        raise QuizError(problems)
    return {quiz.id: quiz for quiz in quizzes}
