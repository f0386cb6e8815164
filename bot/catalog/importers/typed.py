"""Drafts of format 3's types (truefalse, multiple, text, number) as the loader takes them.

build.py checks and writes `choice` drafts; this module does the same for the other types:
what would make the loader refuse one (`typed_problem`), the question it becomes
(`typed_question`), and its entry in the YAML file (`typed_document`). A `text` draft's
accepted answers are trimmed to what the loader takes (`typed_answers`): each ≤ 100 characters
and not punctuation alone, distinct once folded, the first 20; the answer shown first stays
first whenever it fits.
"""

from __future__ import annotations

import math

from bot.catalog.answer_reader import MAX_ACCEPTED, MAX_TYPED_ANSWER, true_false
from bot.catalog.importers.common import Draft, Reason
from bot.domain.matching import fold
from bot.domain.models import LETTERS, MAX_CHOICES, Question, Text
from bot.domain.question_types import AnswerKey, NumberKey, SetKey, TextKey


def typed_answers(answers: tuple[str, ...]) -> tuple[str, ...]:
    """The answers a `text` question can accept, in order: each ≤ MAX_TYPED_ANSWER
    characters, with a letter or digit, one of each folded form, MAX_ACCEPTED at most."""
    kept: dict[str, str] = {}
    for answer in answers:
        form = fold(answer)
        if len(answer) <= MAX_TYPED_ANSWER and form and form not in kept:
            kept[form] = answer
    return tuple(kept.values())[:MAX_ACCEPTED]


def trims(answers: tuple[str, ...]) -> bool:
    """Whether `typed_answers` leaves out an answer other than another's spelling."""
    return len(typed_answers(answers)) < len({fold(answer) for answer in answers})


def typed_problem(draft: Draft) -> Reason | None:
    """Why the loader would refuse a draft of a type other than `choice`, or None (its texts'
    lengths are build.py's to check)."""
    if draft.kind == "truefalse":
        return None if draft.answer in (0, 1) else Reason.of("skip.no_right")
    if draft.kind == "multiple":
        return _multiple_problem(draft)
    if draft.kind == "text":
        if not draft.accepted:
            return Reason.of("skip.empty_field", field="answer")
        if not typed_answers(draft.accepted):
            longest = max(len(answer) for answer in draft.accepted)
            if longest <= MAX_TYPED_ANSWER:  # Moodle's catch-all `=*`, a Red answer of "?"
                return Reason.of("skip.untypable_answer", answer=draft.accepted[0][:80])
            return Reason.of("skip.long_answer", length=longest, limit=MAX_TYPED_ANSWER)
        return None
    number = draft.number
    if number is None or not all(map(math.isfinite, (number.low, number.high))):
        return Reason.of("skip.empty_field", field="answer")
    return None


def _multiple_problem(draft: Draft) -> Reason | None:
    if len(draft.choices) > MAX_CHOICES:
        return Reason.of("skip.too_many_choices", count=len(draft.choices), limit=MAX_CHOICES)
    if len(draft.rights) == len(draft.choices):
        return Reason.of("skip.all_right")
    return None


def typed_question(
    question_id: str, draft: Draft, language: str, explanation: Text | None
) -> Question:
    """The question a checked draft of a type other than `choice` becomes."""

    def text(value: str) -> Text:
        return Text.of(((language, value),))

    choices: tuple[Text, ...] = tuple(text(choice) for choice in draft.choices)
    answer = -1
    key: AnswerKey | None = None
    rights = draft.rights
    if draft.kind == "truefalse":
        choices, answer, rights = true_false(), draft.answer, frozenset({draft.answer})
    elif draft.kind == "multiple":
        key = SetKey(draft.rights)
    elif draft.kind == "text":
        choices, key = (), TextKey.of(((language, typed_answers(draft.accepted)),))
    else:
        choices, key = (), draft.number
    notes = {
        index: text(note)
        for index, note in sorted(draft.notes.items())
        if note and index not in rights and index < len(choices)
    }
    prompt = text(draft.prompt)
    return Question(
        question_id,
        prompt,
        choices,
        answer,
        explanation,
        notes,
        (),
        draft.kind,
        key,
        draft.image,
        draft.explanation_image,
    )


def typed_document(question: Question) -> dict[str, object]:
    """The answer part of a question's entry in a format 3 file, after its type."""
    entry: dict[str, object] = {}
    key = question.key
    if question.type == "truefalse":
        entry["answer"] = question.answer == 0
    elif isinstance(key, SetKey):
        entry["choices"] = [choice.versions[0][1] for choice in question.choices]
        entry["answer"] = [LETTERS[index] for index in sorted(key.rights)]
    elif isinstance(key, TextKey):
        entry["answer"] = [accepted.spelling for accepted in key.answers[0][1]]
    elif isinstance(key, NumberKey):
        entry.update(_number_document(key))
    return entry


def _number_document(key: NumberKey) -> dict[str, object]:
    """`answer` and `tolerance`, or `range` (with the answer when the file gave one)."""
    if key.value is not None and math.isclose(key.value - key.low, key.high - key.value):
        tolerance = _shown_number(key.high - key.value)
        entry: dict[str, object] = {"answer": _shown_number(key.value)}
        if tolerance:
            entry["tolerance"] = tolerance
        return entry
    entry = {"range": [_shown_number(key.low), _shown_number(key.high)]}
    if key.value is not None:
        entry = {"answer": _shown_number(key.value)} | entry
    return entry


def _shown_number(value: float) -> int | float:
    """A number as a person writes it: 1822, not 1822.0; 0.01, not 0.010000000000000009."""
    rounded = float(f"{value:.12g}")
    return int(rounded) if rounded.is_integer() and abs(rounded) < 1e15 else rounded
