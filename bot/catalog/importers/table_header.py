"""The header row of a question table: which column holds what, by the names people give them.

Two layouts are read. quizbot's own: `question`, `answer` (the right answer's text), `wrong`
columns. And the one quiz makers write by hand or export from a spreadsheet: `Question`,
`Option 1` … `Option 4` (or `Choice A`, `Answer 1`…), `Correct Answer` naming one of the
options by its text, its number or its letter. Names are compared without case or spaces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

QUESTION_NAMES = ("question", "question text", "prompt")
ANSWER_NAMES = (
    "correct answer",
    "correct answers",
    "correct answer(s)",
    "correct",
    "right answer",
    "correct option",
    "correct choice",
    "answer",
)
"""Searched in this order: "Answer" is the answer only where nothing more precise is."""
EXPLANATION_NAMES = ("explanation", "feedback")
_OPTION = re.compile(r"(?:(?:option|choice|answer|alternative)\s*[-_#]?\s*)?(?:\d{1,2}|[a-j])")
"""An option column: "Option 1", "Choice B", "Answer 3" (Kahoot's names), or just "A", "1"."""


@dataclass(frozen=True, slots=True)
class Header:
    """Where each column is, by index in a row, as the header row named them; None where
    the file has no such column (a row may also be shorter than the header)."""

    question: int
    answer: int
    wrong: tuple[int, ...]
    explanation: int | None
    id: int | None
    options: tuple[int, ...] = ()
    """Columns of choices among which the answer column names the right one; () in quizbot's
    own layout, where the answer column holds the right answer and `wrong` the others."""
    names: tuple[str, ...] = ()
    """The header's cells as written, to name columns in messages."""


def read_header(fields: list[str]) -> Header | None:
    """The columns of a header row, or None if it lacks a question and an answer column."""
    names = [" ".join(field.split()).lower() for field in fields]

    def column(candidates: tuple[str, ...]) -> int | None:
        return next((names.index(name) for name in candidates if name in names), None)

    options = tuple(index for index, name in enumerate(names) if _OPTION.fullmatch(name))
    answer = column(ANSWER_NAMES)
    question = column(QUESTION_NAMES)
    if question is None or answer is None:
        return None
    wrong = tuple(index for index, name in enumerate(names) if name.startswith("wrong"))
    return Header(
        question,
        answer,
        wrong,
        column(EXPLANATION_NAMES),
        column(("id",)),
        options,
        tuple(" ".join(field.split()) for field in fields),
    )
