"""A member's picks on a `multiple` or `order` post before they count, without I/O.

A shared group message holds no per-member state, so each tap changes the member's picks kept
in the store, and the whole selection is judged as one `Response` when it is complete: a
`multiple` question when the member presses Submit, an `order` question at the last item
picked. Any surface with letter buttons (a Telegram group post, Discord toggles) uses these
rules; picks are positions on the post (A is 0), in the order picked.
"""

from __future__ import annotations

from bot.domain.models import LETTERS, Question

PICKED: tuple[str, ...] = ("multiple", "order")
"""Types answered by several taps on letter buttons, kept as picks until complete."""


def tap(picks: tuple[int, ...], letter: int) -> tuple[int, ...]:
    """The picks after a tap on `letter`: added at the end, or taken out if already picked
    (so a slip on an `order` post is undone by tapping the letter again)."""
    if letter in picks:
        return tuple(pick for pick in picks if pick != letter)
    return (*picks, letter)


def complete_order(question: Question, picks: tuple[int, ...]) -> bool:
    """Whether an `order` post is answered by these picks: every item picked once."""
    return question.type == "order" and len(set(picks)) == len(question.choices)


def picks_text(picks: tuple[int, ...]) -> str:
    """Picks as stored: the letters in the order picked ("CA")."""
    return "".join(LETTERS[pick] for pick in picks)


def picks_of(text: str) -> tuple[int, ...]:
    """Picks from their stored letters; letters this bot never writes are dropped."""
    return tuple(LETTERS.index(char) for char in text if char in LETTERS)
