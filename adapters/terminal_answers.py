"""Reading a typed line as a response to a question of any type, for `play` and `review`.

One letter for a `choice`; A/B, or t/f in English and v/f in French, for `truefalse`; letters
in any order for `multiple` ("AC", "a, c"); every letter once, in order, for `order` ("CABD");
the line itself for `text`, and a number for `number`. A line that does not fit gets the
prompt's own explanation instead of a Response, and is asked again: nothing is stored for it.
"""

from __future__ import annotations

import re

from bot.domain.judging import Response
from bot.domain.matching import read_number
from bot.domain.models import LETTERS, Language, Question, ui_language
from bot.domain.question_types import NumberKey
from bot.text.i18n import t

_SEPARATORS = re.compile(r"[\s,;/+>.\-→]+")
_TRUE_FALSE = {
    "en": {"a": 0, "b": 1, "t": 0, "f": 1, "true": 0, "false": 1},
    "fr": {"a": 0, "b": 1, "v": 0, "f": 1, "vrai": 0, "faux": 1},
}
"""The choice each word means (True is 0, False 1; A and B as shown, True first)."""


def prompt(question: Question, count: int, language: Language) -> str:
    """What the prompt asks for, by type (`count`: letters shown on the post)."""
    last = LETTERS[max(count, 1) - 1]
    if question.type == "truefalse":
        return t(language, "console.prompt_truefalse")
    if question.type == "multiple":
        return t(language, "console.prompt_multiple", first="A", last=last)
    if question.type == "order":
        return t(language, "console.prompt_order", example=LETTERS[:count][::-1])
    if question.type in ("text", "number"):
        return t(language, "console.prompt_typed")
    return t(language, "console.prompt", first="A", last=last)


def read_response(
    question: Question, order: tuple[int, ...], line: str, language: Language
) -> Response | str:
    """The response `line` gives to `question` posted with `order`, or the notice saying
    what to type instead."""
    typed = line.strip()
    count = len(order)
    last = LETTERS[max(count, 1) - 1]
    if question.type == "text":
        return Response(typed=typed) if typed else t(language, "console.bad_typed")
    if question.type == "number":
        unit = question.key.unit if isinstance(question.key, NumberKey) else ""
        if read_number(typed, unit, language) is None:
            example = "0,5" if language == "fr" else "0.5"
            return t(language, "console.bad_number", example=example)
        return Response(typed=typed)
    if question.type == "truefalse":
        choice = _TRUE_FALSE[ui_language(language)].get(typed.casefold())
        if choice is None or choice not in order:
            return t(language, "console.bad_truefalse")
        return Response((order.index(choice),))
    letters = _letters(typed, count)
    if question.type == "multiple":
        if letters is None or not letters or len(set(letters)) != len(letters):
            return t(language, "console.bad_letters", first="A", last=last)
        return Response(letters)
    if question.type == "order":
        if letters is None or sorted(letters) != list(range(count)):
            return t(language, "console.bad_order", first="A", last=last)
        return Response(letters)
    if letters is None or len(letters) != 1:
        return t(language, "console.bad_letter", first="A", last=last)
    return Response(letters)


def _letters(typed: str, count: int) -> tuple[int, ...] | None:
    """The letter indices typed, separators aside; None if one is not a letter shown."""
    letters = _SEPARATORS.sub("", typed).upper()
    if any(letter not in LETTERS[:count] for letter in letters):
        return None
    return tuple(LETTERS.index(letter) for letter in letters)
