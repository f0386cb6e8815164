"""Wrong choices for flashcards, drawn from the other cards' answers.

A flashcard (Anki, Quizlet, a Red trivia list) has one answer; a quiz question needs choices.
The wrong ones are other cards' answers of the same kind (numbers for a number) and of the
closest length, so that none stands out; ties are broken by a checksum of the text, so the same
file always gives the same choices (nothing random, nothing that depends on the run).
"""

from __future__ import annotations

import bisect
import re
import zlib
from collections.abc import Iterator

from bot.catalog.importers.build import LIMITS
from bot.catalog.importers.common import Draft, ImportResult

WRONG_CHOICES = 3
_NUMBER = re.compile(r"[-+]?\d[\d.,' ]*%?")

_Key = tuple[int, int, int]
"""(kind, length, checksum): the order answers are searched in."""


def _key(text: str) -> _Key:
    kind = 0 if _NUMBER.fullmatch(text) else 1
    return (kind, len(text), zlib.crc32(text.casefold().encode()))


def add_wrong_choices(drafts: list[Draft], pool: list[str]) -> list[Draft]:
    """Give each one-choice draft up to WRONG_CHOICES others from `pool`; returns the drafts
    for which no other answer could be found (the caller skips them).

    Only answers that can be choices are offered (not empty, not too long: one would sink the
    question it is borrowed by), and never a draft's own prompt (a reversed card's answer)."""
    usable = (text for text in pool if 0 < len(text) <= LIMITS["choice"])
    ordered = sorted({text.casefold(): text for text in usable}.values(), key=_key)
    keys = [_key(text) for text in ordered]
    lonely = []
    for draft in drafts:
        right = draft.choices[draft.answer]
        found = _nearest(ordered, keys, right, draft.prompt)
        if not found:
            lonely.append(draft)
            continue
        draft.choices = [right, *found]
        draft.answer = 0
    return lonely


def keep_flashcards(result: ImportResult, drafts: list[Draft]) -> None:
    """Add the drafts to `result` with wrong choices drawn from each other's answers; a card
    for which none can be found is skipped by line, and the summary says how choices came."""
    lonely = {id(draft) for draft in add_wrong_choices(drafts, [d.choices[0] for d in drafts])}
    for draft in drafts:
        if id(draft) in lonely:
            result.skip(draft.line, "skip.no_wrong_choices")
        else:
            result.questions.append(draft)
    if result.questions:
        result.note("note.distractors")


def _nearest(ordered: list[str], keys: list[_Key], right: str, prompt: str) -> list[str]:
    """Up to WRONG_CHOICES texts nearest to `right` in `keys` order, of its kind if there are
    any (a year among years), else of any kind; never `right` or `prompt` again."""
    key = _key(right)
    start = bisect.bisect_left(keys, key)
    for same_kind in (True, False):
        chosen: list[str] = []
        seen = {right.casefold(), prompt.casefold()}
        for index in _outward(start, len(ordered)):
            if same_kind and keys[index][0] != key[0]:
                continue
            text = ordered[index]
            if text.casefold() not in seen:
                seen.add(text.casefold())
                chosen.append(text)
                if len(chosen) == WRONG_CHOICES:
                    break
        if chosen:
            return chosen
    return []


def _outward(start: int, size: int) -> Iterator[int]:
    """start, start - 1, start + 1, start - 2, … within 0..size-1."""
    above, below = start, start - 1
    while above < size or below >= 0:
        if above < size:
            yield above
        if below >= 0:
            yield below
        above += 1
        below -= 1
