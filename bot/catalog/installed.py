"""The installed quizzes, loaded and validated once at start-up.

A broken file does not hold the others hostage: `load_served` serves every quiz that loads and
keeps the problems of the files it left out, which the commands print and the bots log, one
line a file (`skipped_lines`). `quizbot validate` and CI stay strict (loader.validate).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.catalog.cache import validate_cached
from bot.catalog.field_reader import Problem
from bot.catalog.loader import QuizError, validate
from bot.domain.models import Language, Quiz
from bot.text.i18n import t

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Catalog:
    """The quizzes served, by id, and the problems of the files left out (in file order)."""

    quizzes: dict[str, Quiz]
    problems: list[Problem]


def load_served(folder: Path, cache: Path | None = None) -> Catalog:
    """Every quiz in `folder` that loads; a file with problems is skipped, its problems kept.

    With a `cache` folder, a file that an earlier start validated, with the same bytes and the
    same code, is not validated again (bot/catalog/cache.py).
    """
    quizzes, problems = validate([folder]) if cache is None else validate_cached(folder, cache)
    return Catalog({quiz.id: quiz for quiz in quizzes}, problems)


def load_catalog(folder: Path, cache: Path | None = None) -> dict[str, Quiz]:
    """Every quiz in `folder` by id; raises QuizError listing every problem in every file."""
    catalog = load_served(folder, cache)
    if catalog.problems:
        raise QuizError(catalog.problems)
    return catalog.quizzes


def skipped_lines(problems: Sequence[Problem], language: Language) -> list[str]:
    """One line a skipped file: its first problem (file, line, what), how many more, and
    that the other quizzes are served."""
    by_file: dict[str, list[Problem]] = {}
    for problem in problems:
        by_file.setdefault(problem.file, []).append(problem)
    lines = []
    for file, found in by_file.items():
        first, more = str(found[0]), len(found) - 1
        if more:
            lines.append(t(language, "catalog.skipped_more", problem=first, count=more, file=file))
        else:
            lines.append(t(language, "catalog.skipped", problem=first))
    return lines


def log_skipped(problems: Sequence[Problem]) -> None:
    """For the bots and the report's server, once their logging is set up: a warning a file."""
    for line in skipped_lines(problems, "en"):
        log.warning("%s", line)
