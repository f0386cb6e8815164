"""The typed wrong answers a group gives most often: the misconceptions an organiser reads.

Answers are grouped as the matcher compares them (case, accents, spacing and surrounding
punctuation do not split a group; for a `number` question, "0,27" and "0.27" are one value),
and each group is shown as its most common spelling (the first in code order on a tie, so
the page does not depend on the order answers are read in).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

from bot.domain.matching import fold, read_number
from bot.domain.models import Question
from bot.domain.question_types import NumberKey

COMMON_SHOWN = 5


def common_wrong(
    question: Question, typed: Iterable[str], limit: int = COMMON_SHOWN
) -> list[tuple[str, int]]:
    """The `limit` most common of `typed` (a question's wrong answers, as typed), most
    common first, ties in the order of their spelling: (shown spelling, count)."""
    unit = question.key.unit if isinstance(question.key, NumberKey) else None
    spellings: dict[object, Counter[str]] = defaultdict(Counter)
    for line in typed:
        shown = " ".join(line.split())[:100]
        if shown:
            spellings[_group(shown, unit)][shown] += 1
    counted = [
        (min(found, key=lambda spelling: (-found[spelling], spelling)), sum(found.values()))
        for found in spellings.values()
    ]
    return sorted(counted, key=lambda pair: (-pair[1], pair[0].casefold()))[:limit]


def _group(typed: str, unit: str | None) -> object:
    """What two answers share when they are the same answer: the number read (English
    notation first, then French) for a `number` question, else the folded text."""
    if unit is not None:
        value = read_number(typed, unit, "en")
        value = read_number(typed, unit, "fr") if value is None else value
        if value is not None:
            return value
    return fold(typed)
