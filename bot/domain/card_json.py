"""The library's card JSON (`fsrs.Card.to_json`), written and taken apart as text.

An answer writes one card; `json.dumps` of `Card.to_dict()` was a fifth of an existing card's
review, and parsing the whole JSON back to learn when the card was last reviewed most of the
rest of what surrounds the review. Both are done here by text, on the one layout the library
writes: `{…fields…, "due": "<ISO>", "last_review": "<ISO>"}` (tested against it).
"""

from __future__ import annotations

from datetime import datetime

from fsrs import Card

DUE = '"due": "'
LAST_REVIEW = '", "last_review": "'
_END = '"}'


def serialized(card: Card) -> str:
    """`card.to_json()`, byte for byte (tested against the library on many cards)."""
    last = card.last_review
    return (
        f'{{"card_id": {card.card_id}, "state": {int(card.state)}, "step": {_number(card.step)}'
        f', "stability": {_number(card.stability)}, "difficulty": {_number(card.difficulty)}'
        f', "due": "{card.due.isoformat()}", "last_review": '
        f"{'null' if last is None else chr(34) + last.isoformat() + chr(34)}}}"
    )


def _number(value: float | None) -> str:
    """As `json.dumps` writes it (an int or a float's repr; None is null)."""
    return "null" if value is None else repr(value)


def head_of(text: str) -> str:
    """A card's JSON before its due time: every field that shapes its next review."""
    return text[: text.find(DUE)]


def joined(head: str, due: str, last_review: str) -> str:
    """The JSON of the card `head` names, due at `due`, last reviewed at `last_review`."""
    return f"{head}{DUE}{due}{LAST_REVIEW}{last_review}{_END}"


def reviewed_card_parts(text: str) -> tuple[str, datetime] | None:
    """(head, last review) of a stored card in the library's layout; None for anything else
    (never reviewed, edited by hand, another version's layout): the library reads those.
    Both times are the JSON's last values, so they are searched for from its end."""
    last = text.rfind(LAST_REVIEW)
    due = text.rfind(DUE, 0, max(last, 0))
    if last < 0 or due < 0 or not text.endswith(_END):
        return None
    try:
        at = datetime.fromisoformat(text[last + _LAST_REVIEW_LENGTH : -_END_LENGTH])
    except ValueError:
        return None
    return (text[:due], at) if at.tzinfo is not None else None


_LAST_REVIEW_LENGTH, _END_LENGTH = len(LAST_REVIEW), len(_END)
