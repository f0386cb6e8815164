"""Anki's cloze deletions as typed questions: one card per number, as Anki makes them.

`{{c1::Paris}} is the capital of {{c2::France::a country}}` makes two cards: the first asks
"[...] is the capital of France", the second "Paris is the capital of [a country]"; the
answer of each is what its deletion hides, typed. A card whose number hides several parts
(`{{c1::Paris}} … {{c1::Rome}}`) has no one answer to type, and is skipped saying so.

The field comes from an untrusted file: deletions are found in one pass (each ends at the
first `}}`, as Anki's own non-greedy pattern reads it), and a note makes at most MAX_CARDS
cards, so that the work stays in proportion to the field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

MAX_CARDS = 20
"""Cards made of one note: a field hiding more is a page, not a card (the rest are said)."""
_MAX_DIGITS = 4


@dataclass(frozen=True, slots=True)
class Card:
    """One cloze card: its number, the text with its deletion hidden, the hidden answer
    (empty when the number hides several parts)."""

    number: int
    prompt: str
    answer: str


@dataclass(frozen=True, slots=True)
class _Deletion:
    start: int
    end: int
    number: int
    hidden: str
    hint: str


def has_cloze(text: str) -> bool:
    return bool(_deletions(text, 1))


def cloze_cards(text: str, to_text: Callable[[str], str]) -> tuple[list[Card], int]:
    """The cards of a cloze field in the order of their numbers (the first MAX_CARDS), and
    how many numbers were left out past them; `to_text` turns a piece of the field (HTML or
    plain) into what a reader sees."""
    deletions = _deletions(text)
    numbers = sorted({deletion.number for deletion in deletions})
    cards = []
    for number in numbers[:MAX_CARDS]:
        parts, hidden, position = [], [], 0
        for deletion in deletions:
            parts.append(text[position : deletion.start])
            if deletion.number == number:
                hidden.append(deletion.hidden)
                parts.append(f"[{deletion.hint or '...'}]")
            else:
                parts.append(deletion.hidden)
            position = deletion.end
        parts.append(text[position:])
        answer = to_text(hidden[0]) if len(hidden) == 1 else ""
        cards.append(Card(number, to_text("".join(parts)), answer))
    return cards, max(0, len(numbers) - MAX_CARDS)


def _deletions(text: str, at_most: int | None = None) -> list[_Deletion]:
    """Every `{{cN::hidden}}` or `{{cN::hidden::hint}}` of the text, in one pass."""
    found: list[_Deletion] = []
    position = 0
    while (start := text.find("{{c", position)) >= 0:
        digits = start + 3
        end_digits = digits
        while end_digits < len(text) and text[end_digits] in "0123456789":
            end_digits += 1
        if not 0 < end_digits - digits <= _MAX_DIGITS or not text.startswith("::", end_digits):
            position = digits
            continue
        close = text.find("}}", end_digits + 2)
        if close < 0:
            break  # no deletion after this one can close either
        hidden, _, hint = text[end_digits + 2 : close].partition("::")
        found.append(_Deletion(start, close + 2, int(text[digits:end_digits]), hidden, hint))
        if at_most is not None and len(found) >= at_most:
            break
        position = close + 2
    return found
