"""Validated quizzes as plain tuples and back, for the cache of validated quizzes.

Plain tuples of strings and numbers are what `marshal` writes and reads fastest; the models'
fields are listed here one by one, and a test fails when a model gains a field this forgets.
A change to this encoding bumps cache.MAGIC.
"""

from __future__ import annotations

from typing import Any

from bot.domain.models import Credit, Picture, Question, Quiz, Reference, Text
from bot.domain.question_types import QUESTION_TYPES, AnswerKey, NumberKey, SetKey, TextKey

Encoded = tuple[Any, ...]


def _text(text: Text) -> tuple[tuple[str, str], ...]:
    return text.versions


def _maybe(text: Text | None) -> tuple[tuple[str, str], ...] | None:
    return None if text is None else text.versions


def _references(references: tuple[Reference, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((reference.title, reference.url) for reference in references)


def _question(question: Question) -> Encoded:
    return (
        question.id,
        _text(question.prompt),
        tuple(_text(choice) for choice in question.choices),
        question.answer,
        _maybe(question.explanation),
        tuple((index, _text(note)) for index, note in question.notes.items()),
        _references(question.references),
        question.type,
        _key(question.key),
        _picture(question.image),
        _picture(question.explanation_image),
    )


def _picture(picture: Picture | None) -> Encoded | None:
    if picture is None:
        return None
    return (
        picture.digest,
        picture.media_type,
        picture.width,
        picture.height,
        picture.alt.versions,
        picture.data,
        picture.name,
    )


def _decode_picture(value: Any) -> Picture | None:
    if value is None:
        return None
    digest, media_type, width, height, alt, data, name = value
    return Picture(digest, media_type, width, height, _decode_text(alt), data, name)


def _key(key: AnswerKey | None) -> Encoded | None:
    if isinstance(key, SetKey):
        return ("set", tuple(sorted(key.rights)))
    if isinstance(key, TextKey):
        answers = tuple((code, tuple(a.spelling for a in found)) for code, found in key.answers)
        return ("text", answers, key.strict_accents, key.exact)
    if isinstance(key, NumberKey):
        return ("number", key.low, key.high, key.value, key.unit)
    return None


def _decode_key(value: Any) -> AnswerKey | None:
    if value is None:
        return None
    kind, *rest = value
    if kind == "set":
        return SetKey(frozenset(rest[0]))
    if kind == "text":
        return TextKey.of(rest[0], rest[1], rest[2])
    if kind == "number":
        return NumberKey(*rest)
    raise ValueError(f"unknown answer key {kind!r}")


def _decode_type(value: Any) -> Any:
    if value not in QUESTION_TYPES:
        raise ValueError(f"unknown question type {value!r}")
    return value


def encode(quiz: Quiz) -> Encoded:
    credit = quiz.credit
    return (
        quiz.id,
        _text(quiz.title),
        _maybe(quiz.description),
        quiz.difficulty,
        quiz.tags,
        tuple(_question(question) for question in quiz.questions),
        _references(quiz.further_reading),
        quiz.source,
        quiz.languages,
        None if credit is None else (credit.name, credit.url, credit.licence),
    )


def _decode_text(versions: Any) -> Text:
    if not isinstance(versions, tuple) or not versions:
        raise TypeError("a text is a non-empty tuple of (language, text) pairs")
    return Text.of(versions)


def _decode_maybe(versions: Any) -> Text | None:
    return None if versions is None else _decode_text(versions)


def decode(value: Encoded) -> Quiz:
    """The quiz `encode` was given; raises ValueError or TypeError on anything else."""
    quiz_id, title, description, difficulty, tags, questions, reading, source = value[:8]
    languages, credit = value[8:]
    return Quiz(
        quiz_id,
        _decode_text(title),
        _decode_maybe(description),
        difficulty,
        tuple(tags),
        tuple(
            Question(
                question_id,
                _decode_text(prompt),
                tuple(_decode_text(choice) for choice in choices),
                answer,
                _decode_maybe(explanation),
                {index: _decode_text(note) for index, note in notes},
                tuple(Reference(*reference) for reference in references),
                _decode_type(kind),
                _decode_key(key),
                _decode_picture(image),
                _decode_picture(explanation_image),
            )
            for (
                question_id,
                prompt,
                choices,
                answer,
                explanation,
                notes,
                references,
                kind,
                key,
                image,
                explanation_image,
            ) in questions
        ),
        tuple(Reference(*reference) for reference in reading),
        source,
        tuple(languages),
        None if credit is None else Credit(*credit),
    )
