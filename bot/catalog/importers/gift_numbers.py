"""GIFT's numeric questions as `number` questions, read as Moodle's qformat_gift reads them.

`{#1822}` is one value, `{#3.1415:0.0005}` a value and its tolerance, `{#3.141..3.142}` a
range; `{#=1822:0 =%50%1822:2}` lists several answers, each with its credit and `#feedback`
(`~` ones are wrong). A typed number is right or wrong, so only the full-credit answers are
accepted. Several of them become the one range they cover together when they overlap or touch
(`=1..2 =2..3` is 1 to 3); answers with a gap between them (`=2 =4`) cannot be one `number`
question, and are skipped by line saying so rather than accepting the numbers in between.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.catalog.importers.common import Draft, ImportResult
from bot.domain.question_types import NumberKey


@dataclass(frozen=True, slots=True)
class Answer:
    """One `=`/`~` answer of a GIFT question: `weight` is Moodle's credit, 1.0 for `=` or
    `%100%`, a fraction for partial credit, 0 for a wrong one; `feedback` is what follows
    its `#`."""

    text: str
    weight: float
    feedback: str


def numeric(result: ImportResult, line: int, answers: list[Answer]) -> Draft | None:
    """The `number` draft of a numeric question's answers, or None once skipped."""
    right = [answer for answer in answers if answer.weight >= 1]
    if not right:
        partial = any(answer.weight > 0 for answer in answers)
        result.skip(line, "skip.gift_partial_only" if partial else "skip.no_right")
        return None
    keys = [interval(answer.text) for answer in right]
    if any(key is None for key in keys):
        bad = next(answer.text for answer, key in zip(right, keys, strict=True) if key is None)
        result.skip(line, "skip.gift_numeric", answer=bad[:80])
        return None
    key = covering([key for key in keys if key is not None])
    if key is None:
        result.skip(line, "skip.gift_numeric_apart", count=len(keys))
        return None
    if any(0 < answer.weight < 1 for answer in answers):
        result.note("note.gift_partial_typed")
    draft = Draft(line, "", [], -1, kind="number", number=key)
    draft.explanation = right[0].feedback or None
    return draft


def interval(text: str) -> NumberKey | None:
    """`value`, `value:tolerance` or `low..high` as the values it accepts; None if it is no
    number (Moodle refuses those too)."""
    if ".." in text:
        low, high = (_number(part) for part in text.split("..", 1))
        if low is None or high is None:
            return None
        return NumberKey(min(low, high), max(low, high))
    value_text, _, tolerance_text = text.partition(":")
    value = _number(value_text)
    tolerance = _number(tolerance_text) if tolerance_text.strip() else 0.0
    if value is None or tolerance is None:
        return None
    return NumberKey(value - abs(tolerance), value + abs(tolerance), value)


def covering(keys: list[NumberKey]) -> NumberKey | None:
    """The one interval the answers' intervals make together, or None where there is a gap;
    the first answer's value is kept as the one shown."""
    ordered = sorted(keys, key=lambda key: key.low)
    low, high = ordered[0].low, ordered[0].high
    for key in ordered[1:]:
        if key.low > high:
            return None
        high = max(high, key.high)
    if len(keys) == 1:
        return keys[0]
    return NumberKey(low, high, keys[0].value)


def _number(text: str) -> float | None:
    try:
        value = float(text.strip())
    except ValueError:
        return None
    return value if math.isfinite(value) else None
