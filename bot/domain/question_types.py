"""Question types as immutable data: what each kind of question holds to be judged.

A `choice` question (formats 1 and 2, and format 3's default) is judged by `Question.answer`,
the index of its one right choice, as before. A `truefalse` question is a choice question whose
two choices are the bot's own True and False, never shuffled. The other types carry a key:
`SetKey` for `multiple` (the right choices), `TextKey` for `text`, `NumberKey` for `number`;
an `order` question needs none, its choices being written in the right order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.domain.language_codes import version_in
from bot.domain.matching import Accepted, AcceptedAnswers

QuestionType = Literal["choice", "truefalse", "multiple", "text", "number", "order"]
QUESTION_TYPES: tuple[QuestionType, ...] = (
    "choice",
    "truefalse",
    "multiple",
    "text",
    "number",
    "order",
)
SINGLE: tuple[QuestionType, ...] = ("choice", "truefalse")
"""Types answered by one letter: what a letter button (an AnswerPress) answers."""
TYPED: tuple[QuestionType, ...] = ("text", "number")
"""Types answered by typing a line."""
SHUFFLED: tuple[QuestionType, ...] = ("choice", "multiple", "order")
"""Types whose choices are shown in a new order on each post (True/False never is)."""


@dataclass(frozen=True, slots=True)
class SetKey:
    """A `multiple` question's right choices, by index as written (2 or more, not all)."""

    rights: frozenset[int]


@dataclass(frozen=True, slots=True)
class TextKey:
    """A `text` question's accepted answers, in each of the quiz's languages."""

    answers: tuple[tuple[str, tuple[Accepted, ...]], ...]
    """(language code, accepted answers) pairs, in the quiz's order: the first is the
    fallback, as for `Text`."""
    strict_accents: bool = False
    """`accents: strict`: an answer without its accents is wrong."""
    exact: bool = False
    """`exact: true`: no typo tolerated."""
    accepted: tuple[Accepted, ...] = field(default=(), compare=False)
    """Every language's answers once each, in the quiz's order of languages: what a typed
    answer is matched against (an answer right in any of the quiz's languages is right)."""
    matcher: AcceptedAnswers = field(init=False, compare=False, repr=False)
    """`accepted` indexed once for matching: what judging a typed answer looks up."""

    def __post_init__(self) -> None:
        if not self.accepted:
            unique = {item.spelling: item for _, found in self.answers for item in found}
            object.__setattr__(self, "accepted", tuple(unique.values()))
        object.__setattr__(self, "matcher", AcceptedAnswers(self.accepted))

    @classmethod
    def of(
        cls,
        answers: tuple[tuple[str, tuple[str, ...]], ...],
        strict_accents: bool = False,
        exact: bool = False,
    ) -> TextKey:
        """The key, each accepted answer prepared once for matching."""
        prepared = tuple(
            (code, tuple(Accepted.of(answer, strict_accents, exact) for answer in found))
            for code, found in answers
        )
        return cls(prepared, strict_accents, exact)

    def shown(self, language: str) -> tuple[Accepted, ...]:
        """The answers in `language` (or its primary subtag), else in the first language:
        the first of them is the one a verdict shows."""
        return version_in(self.answers, language)


@dataclass(frozen=True, slots=True)
class NumberKey:
    """A `number` question's right values: `low` to `high`, bounds included."""

    low: float
    high: float
    value: float | None = None
    """The answer as written with a tolerance (None for a range): what a verdict shows."""
    unit: str = ""
    """What may follow the number ("%", "ms"); "%" also reads "27 %" as 0.27."""


AnswerKey = SetKey | TextKey | NumberKey
