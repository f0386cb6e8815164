"""Judging a response to a question of any type, without I/O.

A `Response` is what any surface collects, in neutral terms: the letters a player picked on a
post (in the order picked) or the line they typed. A Telegram button, a Discord select menu or
modal, or a terminal line all become one; `judge` tells whether it is right, and what the
verdict should say (the spelling of an answer accepted with a typo, the choices missed and the
ones picked wrongly). A response that does not fit the question (a letter the post does not
show, an order that repeats a letter, a blank line, a `number` answer that is no number) is
None: nothing is stored for it, and the player is asked again.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.entities import Answer
from bot.domain.matching import read_number, within
from bot.domain.models import LETTERS, Question
from bot.domain.question_types import TYPED, NumberKey, SetKey, TextKey

NO_CHOICE = -1
"""`Answer.choice` of an answer that is not one choice (a set, an order, a typed line)."""


@dataclass(frozen=True, slots=True)
class Response:
    """A player's answer as given: letter indices on the post, or a typed line."""

    letters: tuple[int, ...] = ()
    """Positions of the letters picked on the post (A is 0), in the order picked."""
    typed: str | None = None
    """The line typed, for `text` and `number` questions."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a response is worth, and what its verdict tells besides right or wrong."""

    correct: bool
    choice: int = NO_CHOICE
    """The one choice picked (its index as written), for `choice` and `truefalse`."""
    typo: bool = False
    """Right with a typo: told the spelling, and reviewed as Hard."""
    spelling: str | None = None
    """The accepted answer as written, when the typed one was spelled otherwise."""
    missed: tuple[int, ...] = ()
    """A `multiple` question's right choices not picked (indices as written)."""
    extra: tuple[int, ...] = ()
    """A `multiple` question's wrong choices picked (indices as written)."""
    response: str | None = None
    """What the store keeps of the answer besides `choice`: the typed line, or the choices
    picked as the letters they have in the file ("AC", "CABD")."""


def judge(
    question: Question, order: tuple[int, ...], response: Response, language: str = "en"
) -> Verdict | None:
    """The verdict on `response` to `question` posted with `order`; None if it does not fit.

    `language` is the player's: it reads "1,000" (a thousand in English, one in French)."""
    if question.type in TYPED:
        typed = (response.typed or "").strip()
        if not typed or response.letters:
            return None
        return _judge_typed(question, typed, language)
    if response.typed is not None or not response.letters:
        return None
    if any(not 0 <= index < len(order) for index in response.letters):
        return None
    picked = tuple(order[index] for index in response.letters)
    if question.type == "multiple" and isinstance(question.key, SetKey):
        return _judge_set(question.key, picked)
    if question.type == "order":
        return _judge_order(picked, len(question.choices))
    if len(picked) != 1:
        return None
    return Verdict(picked[0] == question.answer, choice=picked[0])


def written_letters(choices: tuple[int, ...]) -> str:
    """Choice indices as the letters they have in the file: (2, 0) is "CA"."""
    return "".join(LETTERS[index] for index in choices)


def _judge_set(key: SetKey, picked: tuple[int, ...]) -> Verdict | None:
    chosen = frozenset(picked)
    if len(chosen) != len(picked):
        return None
    missed = tuple(sorted(key.rights - chosen))
    extra = tuple(sorted(chosen - key.rights))
    shown = written_letters(tuple(sorted(chosen)))
    return Verdict(not missed and not extra, missed=missed, extra=extra, response=shown)


def _judge_order(picked: tuple[int, ...], count: int) -> Verdict | None:
    if sorted(picked) != list(range(count)):
        return None  # every choice once: "CABD", not "CAB" or "CCAB"
    return Verdict(picked == tuple(range(count)), response=written_letters(picked))


def _judge_typed(question: Question, typed: str, language: str) -> Verdict | None:
    key = question.key
    if isinstance(key, TextKey):
        found = key.matcher.match(typed)
        if found is None:
            return Verdict(False, response=typed)
        spelling = found.accepted.spelling if found.misspelt else None
        return Verdict(True, typo=found.edits > 0, spelling=spelling, response=typed)
    if isinstance(key, NumberKey):
        value = read_number(typed, key.unit, language)
        if value is None:
            return None  # not a number: asked again, not counted wrong
        return Verdict(within(value, key.low, key.high), response=typed)
    return None


def verdict_of(question: Question, answer: Answer, language: str = "en") -> Verdict:
    """The verdict a stored answer was given, worked out again from what it keeps: what a
    verdict, a repeated press or a closed question tells besides right or wrong."""
    found: Verdict | None = None
    if question.type in TYPED:
        found = judge(question, (), Response(typed=answer.response or ""), language)
    elif question.type in ("multiple", "order") and answer.response:
        written = tuple(range(len(question.choices)))
        letters = tuple(LETTERS.find(letter) for letter in answer.response)
        found = judge(question, written, Response(letters), language)
    if found is None or found.correct != answer.correct:  # the quiz changed since
        return Verdict(answer.correct, answer.choice, answer.typo, response=answer.response)
    return found
