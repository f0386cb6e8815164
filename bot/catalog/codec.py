"""Validated quizzes as plain tuples and back, for the cache of validated quizzes.

Plain tuples of strings and numbers are what `marshal` writes and reads fastest; the models'
fields are listed here one by one, and a test fails when a model gains a field this forgets.
"""

from __future__ import annotations

from typing import Any

from bot.domain.models import Question, Quiz, Reference, Text

Encoded = tuple[Any, ...]


def _text(text: Text) -> tuple[str, str]:
    return (text.en, text.fr)


def _references(references: tuple[Reference, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((reference.title, reference.url) for reference in references)


def _question(question: Question) -> Encoded:
    return (
        question.id,
        _text(question.prompt),
        tuple(_text(choice) for choice in question.choices),
        question.answer,
        _text(question.explanation),
        tuple((index, _text(note)) for index, note in question.notes.items()),
        _references(question.references),
    )


def encode(quiz: Quiz) -> Encoded:
    return (
        quiz.id,
        _text(quiz.title),
        _text(quiz.description),
        quiz.difficulty,
        quiz.tags,
        tuple(_question(question) for question in quiz.questions),
        _references(quiz.further_reading),
        quiz.source,
    )


def decode(value: Encoded) -> Quiz:
    """The quiz `encode` was given; raises ValueError or TypeError on anything else."""
    quiz_id, title, description, difficulty, tags, questions, reading, source = value
    return Quiz(
        quiz_id,
        Text(*title),
        Text(*description),
        difficulty,
        tuple(tags),
        tuple(
            Question(
                question_id,
                Text(*prompt),
                tuple(Text(*choice) for choice in choices),
                answer,
                Text(*explanation),
                {index: Text(*note) for index, note in notes},
                tuple(Reference(*reference) for reference in references),
            )
            for question_id, prompt, choices, answer, explanation, notes, references in questions
        ),
        tuple(Reference(*reference) for reference in reading),
        source,
    )
