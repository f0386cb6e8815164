"""Anki's cloze deletions as typed questions: one card per number, as Anki makes them.

`{{c1::Paris}} is the capital of {{c2::France::a country}}` makes two cards: the first asks
"[...] is the capital of France", the second "Paris is the capital of [a country]"; the
answer of each is what its deletion hides, typed. A card whose number hides several parts
(`{{c1::Paris}} … {{c1::Rome}}`) has no one answer to type, and is skipped saying so.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

CLOZE = re.compile(r"\{\{c(\d+)::(.*?)(?:::(.*?))?\}\}", re.DOTALL)
"""A deletion: its number, the text it hides, its hint."""


@dataclass(frozen=True, slots=True)
class Card:
    """One cloze card: its number, the text with its deletion hidden, the hidden answer
    (empty when the number hides several parts)."""

    number: int
    prompt: str
    answer: str


def cloze_cards(text: str, to_text: Callable[[str], str]) -> list[Card]:
    """The cards of a cloze field, in the order of their numbers; `to_text` turns a piece of
    the field (HTML or plain) into what a reader sees."""
    numbers = sorted({int(found.group(1)) for found in CLOZE.finditer(text)})
    cards = []
    for number in numbers:
        hidden: list[str] = []

        def shown(found: re.Match[str], number: int = number, hidden: list[str] = hidden) -> str:
            if int(found.group(1)) != number:
                return found.group(2)
            hidden.append(found.group(2))
            return f"[{found.group(3) or '...'}]"

        prompt = to_text(CLOZE.sub(shown, text))
        answer = to_text(hidden[0]) if len(hidden) == 1 else ""
        cards.append(Card(number, prompt, answer))
    return cards
