"""Every bundled quiz (issue 31): its key does not give itself away, every question is sourced,
its French is clean as `quizbot validate --strict` checks it, and it plays to the end in both
languages in the terminal.

A quiz labelled hard must not be won by a strategy that ignores the questions: always the
longest choice, the shortest, or always the same letter. The bounds hold in every language
of the quiz, since the choices are measured as the player reads them.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.catalog.field_reader import Problem
from bot.catalog.loader import validate
from bot.domain.models import Question, Quiz
from bot.text.authored import shown
from bot.text.i18n import t
from tests.support.paths import QUIZZES, bundled_ids
from tests.support.quiz_checks import (
    LENGTH_PICK_AT_MOST,
    ONE_LETTER_AT_MOST,
    cites_a_paper_or_official_docs,
    longest_is_right,
    shortest_is_right,
)
from tests.support.terminal_player import play_right

SEED_ORDER = (
    "why-parallelism",
    "tensor-split",
    "pipeline-bubble",
    "microbatches",
    "tensor-intra-node",
    "megatron",
    "stage-transfers",
    "tensor-communication",
)
"""The seed's eight questions (shared/seed-parallelism-quiz.txt), in its order."""


def choice_questions(quiz: Quiz) -> list[Question]:
    """The questions answered by picking one choice: the only ones a length or letter
    strategy can win (a `multiple` or `order` question is not won by one letter)."""
    return [question for question in quiz.questions if question.type == "choice"]


def words(text: str) -> str:
    """The text with every run of spaces (no-break ones too) as one space, as wrapped."""
    return " ".join(text.split())


@pytest.fixture(params=bundled_ids())
def quiz(request: pytest.FixtureRequest, quizzes: dict[str, Quiz]) -> Quiz:
    return quizzes[request.param]


@pytest.mark.parametrize(
    "pick", [longest_is_right, shortest_is_right], ids=["longest", "shortest"]
)
def test_always_picking_the_longest_or_the_shortest_choice_loses(
    quiz: Quiz, pick: Callable[[list[int], int], bool]
) -> None:
    questions = choice_questions(quiz)
    for language in quiz.languages:
        won = [
            question.id
            for question in questions
            if pick([len(choice.get(language)) for choice in question.choices], question.answer)
        ]
        assert len(won) <= LENGTH_PICK_AT_MOST * len(questions), (language, won)


def test_the_right_letters_are_spread(quiz: Quiz) -> None:
    questions = choice_questions(quiz)
    letters = Counter(question.answer for question in questions)
    assert max(letters.values()) <= ONE_LETTER_AT_MOST * len(questions), letters
    # and at least three letters: a key of two lets "never C or D" halve the guessing
    assert len(letters) >= min(3, len(questions)), letters


def test_every_question_cites_a_paper_or_official_documentation(quiz: Quiz) -> None:
    for question in quiz.questions:
        urls = [reference.url for reference in question.references]
        assert cites_a_paper_or_official_docs(urls), (question.id, urls)
        assert all(url.startswith("https://") for url in urls), question.id
        assert question.explanation is not None, question.id


def test_the_french_is_clean_as_strict_validation_checks_it(quiz: Quiz) -> None:
    warnings: list[Problem] = []
    loaded, problems = validate([QUIZZES / f"{quiz.id}.yaml"], warnings)
    assert [found.id for found in loaded] == [quiz.id]
    assert problems == []
    assert [str(warning) for warning in warnings] == []


def test_parallelism_keeps_the_seeds_questions_in_its_order(quizzes: dict[str, Quiz]) -> None:
    """The answer key itself (ABCDABCD) is test_loader's; this pins which question is where."""
    assert tuple(question.id for question in quizzes["parallelism"].questions) == SEED_ORDER


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_it_plays_to_the_end_in_the_terminal(tmp_path: Path, quiz: Quiz, lang: str) -> None:
    """`quizbot play` to the last question, every answer typed right as the questions come
    (letters as shown, numbers and words as a player writes them): a full score, and every
    explanation on screen."""
    size = len(quiz.questions)
    db = tmp_path / "q.db"
    played = play_right(quiz, lang, db, tmp_path / "stderr.txt")
    assert played.returncode == 0, played.stderr
    assert "Traceback" not in played.stderr
    assert sorted(played.asked) == sorted(question.id for question in quiz.questions)
    out = words(played.stdout)
    assert words(f"{quiz.title.get(lang)} · Question {size}/{size}") in out
    for question in quiz.questions:
        assert question.explanation is not None
        assert words(shown(question.explanation.get(lang))) in out, question.id
    assert words(t(lang, "summary.solo", points=size, total=size)) in out
    with sqlite3.connect(db) as connection:
        (answered, right) = connection.execute(
            "SELECT COUNT(*), SUM(correct) FROM answers"
        ).fetchone()
    assert (answered, right) == (size, size)
