"""Wrong choices for an answer that is a number: numbers near it, written the same way.

"How many legs does a spider have? 8" should offer 7, 9, 10 or the list's own 6, not the years
other cards answer (1945, 1989) nor a stray "+3". The other cards' numbers of the same shape
(a year for a year, a percentage for a percentage, as many decimals) and close in value come
first, the nearest first; neighbours one step away (1 for years and small counts, a tenth of
the number's size above, the last decimal's unit) fill the rest. Nothing random: the same file
gives the same choices.
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from bot.catalog.importers.cleaning import same_answer
from bot.catalog.importers.wording import same_case
from bot.domain.models import primary

_NUMBER = re.compile(r"([-+]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(%?)")
_MAX_DIGITS = 15
"""Longer digit strings are codes or ids, not quantities."""
YEAR_SPAN = 30
"""A year's wrong choices are years at most this far from it."""
RATIO = 3
"""Another number's value is at most this many times larger (or smaller) than the answer's."""
NUMBER_WORDS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"),
    *("eighteen", "nineteen", "twenty"),
)
"""Numbers people write as words, in English quizzes."""


@dataclass(frozen=True, slots=True)
class Number:
    """An answer read as a number, and how it is written."""

    value: Decimal
    decimals: int
    grouped: bool
    """Thousands separated by commas ("2,000")."""
    percent: bool
    year: bool
    plus: bool
    """Written with its sign, as a bonus is ("+3")."""

    @property
    def shape(self) -> tuple[int, bool, bool, bool]:
        return (self.decimals, self.percent, self.year, self.plus)

    def text(self, value: Decimal) -> str:
        sign = "+" if self.plus else ""
        grouping = "," if self.grouped else ""
        return f"{value:{sign}{grouping}.{self.decimals}f}" + ("%" if self.percent else "")


def read_number(text: str) -> Number | None:
    """The answer as a number, or None when it is not one ("8", "1,000", "2.5", "40%"); a
    code written with leading zeros ("007") or very long is none."""
    found = _NUMBER.fullmatch(text.strip())
    if found is None:
        return None
    sign, whole, decimals, percent = found.groups()
    if len(whole) > _MAX_DIGITS or (len(whole) > 1 and whole.startswith("0")):
        return None
    value = Decimal(sign + whole.replace(",", "") + (f".{decimals}" if decimals else ""))
    year = not sign and not decimals and not percent and len(whole) == 4 and 1000 <= value <= 2100
    return Number(value, len(decimals or ""), "," in whole, bool(percent), year, sign == "+")


Pool = list[tuple[Number, str]]
"""The numbers among other cards' answers, each with its text."""


def numbers_in(texts: Iterable[str]) -> Pool:
    return [(number, text) for text in texts if (number := read_number(text)) is not None]


def number_choices(
    right: str, pool: Pool, taken: set[str], count: int, language: str = "en"
) -> list[str]:
    """Up to `count` numbers to offer beside `right`, none of `taken` (same_answer keys); [] when
    `right` is no number (in figures, or an English word up to twenty in an English quiz)."""
    number = read_number(right) if right[:1].isdigit() or right[:1] in "+-" else None
    if number is not None:
        candidates = [*_near_in_pool(number, pool), *_neighbours(number)]
    elif right.casefold() in NUMBER_WORDS and primary(language) == "en":
        candidates = _word_neighbours(right)
    else:
        return []
    chosen: list[str] = []
    seen = set(taken) | {same_answer(right)}
    for text in candidates:
        if same_answer(text) not in seen:
            seen.add(same_answer(text))
            chosen.append(text)
            if len(chosen) == count:
                break
    return chosen


def _word_neighbours(right: str) -> list[str]:
    """Numbers written as words ("Answer without numerics") get words, in the answer's case:
    "Two" → "Three", "One", "Four"…"""
    value = NUMBER_WORDS.index(right.casefold())
    texts = []
    for distance in (1, 2, 3, 4, 5, 6):
        for other in (value + distance, value - distance):
            if 0 <= other < len(NUMBER_WORDS):
                texts.append(same_case(NUMBER_WORDS[other], right))
    return texts


def _near_in_pool(number: Number, pool: Pool) -> list[str]:
    near: list[tuple[Decimal, int, str]] = []
    for other, text in pool:
        if other.shape == number.shape and _close(number, other.value):
            distance = abs(other.value - number.value)
            near.append((distance, zlib.crc32(text.encode()), text))
    return [text for _, _, text in sorted(near)]


def _close(number: Number, value: Decimal) -> bool:
    if number.year:
        return abs(value - number.value) <= YEAR_SPAN
    if (value < 0) != (number.value < 0):
        return False
    small, large = sorted((abs(value), abs(number.value)))
    return large <= 10 or small * RATIO >= large


def _neighbours(number: Number) -> list[str]:
    """The numbers one, two and three steps either side, above first; never below zero for
    a positive answer."""
    step = Decimal(1).scaleb(-number.decimals)
    size = abs(number.value)
    if not number.year and size >= 100 and number.decimals == 0:
        step = Decimal(10) ** (int(math.log10(size)) - 1)
    texts = []
    for distance in (1, 2, 3):
        for value in (number.value + distance * step, number.value - distance * step):
            if value >= 0 or number.value < 0:
                texts.append(number.text(value))
    return texts
