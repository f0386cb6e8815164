"""Reading what a question is answered with, type by type: its choices, its answer, its notes.

question_reader.py reads what every question has (id, prompt, explanation, references) and the
`type` (format 3; `choice` by default); here each type's own keys are read and checked, each
problem at its line: `truefalse` with choices, `multiple` with every choice right, a `text`
answer over 100 characters, a `number` with both a tolerance and a range, an `order` of more
than 10 choices.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.catalog.field_reader import FieldReader
from bot.catalog.yaml_nodes import Node
from bot.domain.matching import fold
from bot.domain.models import LANGUAGES, LETTERS, MAX_CHOICES, Text
from bot.domain.question_types import AnswerKey, NumberKey, QuestionType, SetKey, TextKey
from bot.text.i18n import t

MAX_TYPED_ANSWER = 100
"""Characters of one accepted `text` answer: a word or a phrase, typed on a phone."""
MAX_ACCEPTED = 20
"""Accepted answers of a `text` question in one language."""
MAX_UNIT = 20
KEYS: dict[QuestionType, frozenset[str]] = {
    "choice": frozenset({"choices", "answer", "notes"}),
    "truefalse": frozenset({"answer", "notes"}),
    "multiple": frozenset({"choices", "answer", "notes"}),
    "order": frozenset({"choices"}),
    "text": frozenset({"answer", "accents", "exact"}),
    "number": frozenset({"answer", "tolerance", "range", "unit"}),
}
"""The keys each type takes besides those of every question."""
TYPE_KEYS = frozenset().union(*KEYS.values())
_MISPLACED = {
    ("truefalse", "choices"): "a truefalse question has no choices: they are True and False, "
    "in the player's language",
    ("order", "answer"): "an order question has no answer: write its choices in the right order",
    ("order", "notes"): "notes explain wrong choices; an order question has none",
}


@dataclass(frozen=True, slots=True)
class Body:
    """A question's choices (as written), its right choice or -1, its key and notes."""

    choices: tuple[Text, ...]
    answer: int
    key: AnswerKey | None = None
    notes: dict[int, Text] = field(default_factory=dict)


def read_body(
    reader: FieldReader, values: dict[str, Node], node: Node, kind: QuestionType
) -> Body | None:
    """The answer part of a question of type `kind`, or None after reporting its problems."""
    body = _READERS[kind](reader, values, node)
    for key in sorted(TYPE_KEYS - KEYS[kind]):
        if key in values:
            message = _MISPLACED.get((kind, key), f"'{key}' is not for a {kind} question")
            reader.report(values[key].line, message)
    return body


def _choice(reader: FieldReader, values: dict[str, Node], node: Node) -> Body | None:
    choices_node, answer_node = (
        reader.required(values, key, node) for key in ("choices", "answer")
    )
    choices = read_choices(reader, choices_node) if choices_node else None
    answer = read_letter(reader, answer_node, "answer", choices) if answer_node else None
    notes = read_notes(
        reader, values.get("notes"), choices, {answer} if answer is not None else set()
    )
    if choices is None or answer is None:
        return None
    return Body(choices, answer, None, notes)


def true_false() -> tuple[Text, Text]:
    """True and False in the bot's languages: shown in the player's, in that order."""
    return (
        Text.of(tuple((code, t(code, "answer.true")) for code in LANGUAGES)),
        Text.of(tuple((code, t(code, "answer.false")) for code in LANGUAGES)),
    )


def _truefalse(reader: FieldReader, values: dict[str, Node], node: Node) -> Body | None:
    answer_node = reader.required(values, "answer", node)
    choices = true_false()
    answer = None
    if answer_node is not None:
        if isinstance(answer_node.value, bool) and not answer_node.is_yes_no_trap:
            answer = 0 if answer_node.value else 1
        else:
            reader.report(
                answer_node.line, f"answer must be true or false (got {_shown(answer_node)})"
            )
    rights = {answer} if answer is not None else set()
    notes = read_notes(reader, values.get("notes"), choices, rights, letters="AB")
    return None if answer is None else Body(choices, answer, None, notes)


def _multiple(reader: FieldReader, values: dict[str, Node], node: Node) -> Body | None:
    choices_node, answer_node = (
        reader.required(values, key, node) for key in ("choices", "answer")
    )
    choices = read_choices(reader, choices_node) if choices_node else None
    rights = _read_letters(reader, answer_node, choices) if answer_node else None
    notes = read_notes(reader, values.get("notes"), choices, rights or set())
    if choices is None or rights is None or answer_node is None:
        return None
    if len(rights) < 2:
        reader.report(
            answer_node.line,
            f"a multiple question needs 2 or more right answers (found {len(rights)}); "
            "with one, make it a choice question",
        )
        return None
    if len(rights) == len(choices):
        reader.report(
            answer_node.line, "a multiple question needs a wrong choice: every choice is right"
        )
        return None
    return Body(choices, -1, SetKey(frozenset(rights)), notes)


def _read_letters(
    reader: FieldReader, node: Node, choices: tuple[Text, ...] | None
) -> set[int] | None:
    if not isinstance(node.value, list):
        reader.report(node.line, "answer must list the right letters, e.g. [A, C]")
        return None
    rights: set[int] = set()
    for item in node.value:
        index = read_letter(reader, item, "answer", choices)
        if index is not None and index in rights:
            reader.report(item.line, f"answer '{LETTERS[index]}' is listed twice")
        elif index is not None:
            rights.add(index)
    return rights if len(rights) == len(node.value) else None


def _order(reader: FieldReader, values: dict[str, Node], node: Node) -> Body | None:
    choices_node = reader.required(values, "choices", node)
    if choices_node is None:
        return None
    choices = read_choices(reader, choices_node, "an order question orders")
    return None if choices is None else Body(choices, -1)


def _text(reader: FieldReader, values: dict[str, Node], node: Node) -> Body | None:
    answer_node = reader.required(values, "answer", node)
    strict = _read_accents(reader, values.get("accents"))
    exact = _read_flag(reader, values.get("exact"), "exact")
    if answer_node is None:
        return None
    answers = _read_accepted(reader, answer_node)
    if answers is None or strict is None or exact is None:
        return None
    return Body((), -1, TextKey.of(answers, strict, exact))


def _read_accepted(
    reader: FieldReader, node: Node
) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
    """Every language's accepted answers: one list for all, or one per language."""
    languages = reader.languages
    if not isinstance(node.value, dict):
        found = _accepted_list(reader, node, "accepted answer")
        return None if found is None else tuple((code, found) for code in languages)
    values = reader.mapping(node, "answer", set(languages)) or {}
    result = []
    for code in languages:
        if code not in values:
            reader.report(node.line, f"answer: missing the accepted answers in '{code}'")
            continue
        found = _accepted_list(reader, values[code], f"accepted answer ({code})")
        if found is not None:
            result.append((code, found))
    return tuple(result) if len(result) == len(languages) else None


def _accepted_list(reader: FieldReader, node: Node, what: str) -> tuple[str, ...] | None:
    items = node.value if isinstance(node.value, list) else [node]
    if not 1 <= len(items) <= MAX_ACCEPTED:
        reader.report(
            node.line, f"a text question accepts 1 to {MAX_ACCEPTED} answers (found {len(items)})"
        )
        return None
    found: list[str] = []
    for item in items:
        if isinstance(item.value, int | float) and not isinstance(item.value, bool):
            item = Node(item.raw, item.line, item.raw)  # answer: 1984 is the text "1984"
        value = reader.string(item, what, MAX_TYPED_ANSWER)
        if value is None or len(value) > MAX_TYPED_ANSWER:
            continue
        if not fold(value):
            reader.report(item.line, f"{what} '{value}' has nothing but spaces and punctuation")
            continue
        found.append(value)
    return tuple(found) if len(found) == len(items) else None


def _read_accents(reader: FieldReader, node: Node | None) -> bool | None:
    if node is None:
        return False
    if node.value != "strict":
        reader.report(node.line, f"accents must be strict, or left out (got {_shown(node)})")
        return None
    return True


def _read_flag(reader: FieldReader, node: Node | None, what: str) -> bool | None:
    if node is None:
        return False
    if not isinstance(node.value, bool) or node.is_yes_no_trap:
        reader.report(node.line, f"{what} must be true or false (got {node.raw})")
        return None
    return node.value


def _number(reader: FieldReader, values: dict[str, Node], node: Node) -> Body | None:
    answer_node, tolerance_node, range_node = (
        values.get(k) for k in ("answer", "tolerance", "range")
    )
    if answer_node is None and range_node is None:
        reader.report(node.line, "missing required key 'answer' (or a 'range')")
    if tolerance_node is not None and range_node is not None:
        reader.report(range_node.line, "a number question has a tolerance or a range, not both")
        return None
    value = _read_number(reader, answer_node, "answer") if answer_node else None
    tolerance = _read_number(reader, tolerance_node, "tolerance") if tolerance_node else 0.0
    bounds = _read_range(reader, range_node) if range_node else None
    unit = reader.string(values["unit"], "unit", MAX_UNIT) if "unit" in values else ""
    if tolerance is not None and tolerance < 0 and tolerance_node is not None:
        reader.report(
            tolerance_node.line, f"tolerance must be 0 or more (got {tolerance_node.raw})"
        )
        return None
    if unit is None or tolerance is None or (value is None and bounds is None):
        return None
    if bounds is None:
        assert value is not None
        return Body((), -1, NumberKey(value - tolerance, value + tolerance, value, unit))
    low, high = bounds
    if value is not None and not low <= value <= high and answer_node is not None:
        reader.report(answer_node.line, f"answer {answer_node.raw} is outside its range")
        return None
    return Body((), -1, NumberKey(low, high, value, unit))


def _read_number(reader: FieldReader, node: Node, what: str) -> float | None:
    value = node.value
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        reader.report(node.line, f"{what} must be a number such as 0.27 (got {_shown(node)})")
        return None
    return float(value)


def _shown(node: Node) -> str:
    """A value as a message quotes it: a text in quotes, anything else as written."""
    return f"'{node.value}'" if isinstance(node.value, str) else node.raw or "a list"


def _read_range(reader: FieldReader, node: Node) -> tuple[float, float] | None:
    items = node.value if isinstance(node.value, list) else []
    if len(items) != 2:
        reader.report(node.line, "range must be [lowest, highest], e.g. [0.27, 0.28]")
        return None
    low, high = (_read_number(reader, item, "range") for item in items)
    if low is None or high is None:
        return None
    if low > high:
        reader.report(node.line, f"range [{items[0].raw}, {items[1].raw}] goes down: lowest first")
        return None
    return low, high


def read_choices(
    reader: FieldReader, node: Node, needs: str = "a question needs"
) -> tuple[Text, ...] | None:
    items = reader.sequence(node, "choices")
    if not isinstance(node.value, list):
        return None
    if not 2 <= len(items) <= MAX_CHOICES:
        reader.report(node.line, f"{needs} 2 to {MAX_CHOICES} choices (found {len(items)})")
        return None
    texts = [reader.text(item, f"choice {LETTERS[i]}", 200) for i, item in enumerate(items)]
    if any(text is None for text in texts):
        return None
    return tuple(text for text in texts if text is not None)


def read_letter(
    reader: FieldReader, node: Node, what: str, choices: tuple[Text, ...] | None
) -> int | None:
    if isinstance(node.value, int | float) and not isinstance(node.value, bool):
        reader.report(node.line, f"{what} must be a choice letter such as A (got {node.raw})")
        return None
    value = reader.string(node, what)
    if value is None:
        return None
    if len(value) != 1 or value not in LETTERS:
        reader.report(node.line, f"{what} must be a choice letter such as A (got '{value}')")
        return None
    index = LETTERS.index(value)
    if choices is not None and index >= len(choices):
        reader.report(
            node.line,
            f"{what} '{value}' is out of range: there are "
            f"{len(choices)} choices (A-{LETTERS[len(choices) - 1]})",
        )
        return None
    return index


def read_notes(
    reader: FieldReader,
    node: Node | None,
    choices: tuple[Text, ...] | None,
    rights: set[int],
    letters: str = LETTERS,
) -> dict[int, Text]:
    """Notes on wrong choices, by index; a note on a right one is a mistake."""
    if node is None:
        return {}
    values = reader.mapping(node, "notes", set(letters))
    notes: dict[int, Text] = {}
    for key, note_node in (values or {}).items():
        index = read_letter(reader, Node(key, note_node.line, key), "note letter", choices)
        text = reader.text(note_node, f"note {key}", 300)
        if index is not None and index in rights:
            reader.report(
                note_node.line,
                f"note {key} is on the correct answer; notes explain "
                "wrong choices (put it in the explanation)",
            )
        elif index is not None and text is not None:
            notes[index] = text
    return notes


_READERS: dict[QuestionType, Callable[[FieldReader, dict[str, Node], Node], Body | None]] = {
    "choice": _choice,
    "truefalse": _truefalse,
    "multiple": _multiple,
    "order": _order,
    "text": _text,
    "number": _number,
}
