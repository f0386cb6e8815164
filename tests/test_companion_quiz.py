"""The hard companion quiz (issue 17): sourced on every question, playable to the end in both
languages in the terminal, and its right answers spread over the letters."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.domain.models import Quiz
from tests.support.commands import quizbot

DEEP = "parallelism-deep"


def test_every_question_cites_a_source(quizzes: dict[str, Quiz]) -> None:
    quiz = quizzes[DEEP]
    assert 10 <= len(quiz.questions) <= 12
    for question in quiz.questions:
        assert question.references, question.id
        assert all(ref.url.startswith("https://") for ref in question.references), question.id
        assert question.explanation is not None
        assert question.explanation.en.strip()
        assert question.explanation.fr.strip()


def test_the_right_answer_is_not_always_in_the_same_place(quizzes: dict[str, Quiz]) -> None:
    """A quiz whose key is all A (or always the longest choice) is not hard, whatever it asks."""
    quiz = quizzes[DEEP]
    assert len({question.answer for question in quiz.questions}) == 4
    longest = [
        max(range(len(q.choices)), key=lambda i: len(q.choices[i].en)) == q.answer
        for q in quiz.questions
    ]
    assert sum(longest) <= len(quiz.questions) // 2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_it_plays_to_the_end_in_the_terminal(
    tmp_path: Path, quizzes: dict[str, Quiz], lang: str
) -> None:
    quiz = quizzes[DEEP]
    size = len(quiz.questions)
    db = tmp_path / "q.db"
    result = quizbot("play", DEEP, "--lang", lang, stdin="a\n" * size, db=db)
    assert result.returncode == 0, result.stderr
    assert f"{quiz.title.get(lang)} · Question {size}/{size}" in result.stdout
    with sqlite3.connect(db) as connection:
        (answered,) = connection.execute("SELECT COUNT(*) FROM answers").fetchone()
    assert answered == size
