"""Wrong choices for flashcards, drawn from the other cards' answers.

A flashcard (Anki, Quizlet, a Red trivia list) has one answer; a quiz question needs choices.
The wrong ones are other cards' answers of the same kind (numbers for a number) and of the
closest length, so that none stands out; ties are broken by a checksum of the text, so the same
file always gives the same choices (nothing random, nothing that depends on the run). Two kinds
of answers get choices of their own: Yes/No and True/False to a closed question get the other
word (wording.answer_pair), a number gets numbers near it (number_choices). No answer the card
accepts (Draft.accepted) is ever offered as a wrong one.
"""

from __future__ import annotations

import bisect
import re
import zlib
from collections.abc import Iterator

from bot.catalog.importers.build import LIMITS
from bot.catalog.importers.cleaning import same_answer
from bot.catalog.importers.common import Draft, ImportResult
from bot.catalog.importers.number_choices import NUMBER_WORDS, number_choices, numbers_in
from bot.catalog.importers.wording import answer_pair

WRONG_CHOICES = 3
_NUMBER = re.compile(r"[-+]?\d[\d.,' ]*%?")

SHORT = 2
"""Answers this short (a symbol, a letter, an initialism) are a kind of their own: "E" is no
wrong choice for "Mot", nor "Spock" for "Fe"."""
_Key = tuple[int, int, int]
"""(kind: number, short, other; length, checksum): the order answers are searched in."""


def _key(text: str) -> _Key:
    number = _NUMBER.fullmatch(text) or text.casefold() in NUMBER_WORDS
    kind = 0 if number else 1 if len(text) <= SHORT else 2
    return (kind, len(text), zlib.crc32(text.casefold().encode()))


def add_wrong_choices(drafts: list[Draft], pool: list[str], language: str = "en") -> list[Draft]:
    """Give each one-choice draft up to WRONG_CHOICES others from `pool` (in the quiz's
    `language`); returns the drafts for which none could be found (the caller skips them).

    Only answers that can be choices are offered (not empty, not too long: one would sink the
    question it is borrowed by), and never a draft's own prompt (a reversed card's answer)."""
    paired = {id(draft) for draft in drafts if _as_pair(draft, language)}
    yes_no = {same_answer(d.choices[d.answer]) for d in drafts if id(d) in paired}
    usable = (
        text
        for text in pool
        if 0 < len(text) <= LIMITS["choice"] and same_answer(text) not in yes_no
    )
    ordered = sorted({text.casefold(): text for text in usable}.values(), key=_key)
    keys = [_key(text) for text in ordered]
    numbers = numbers_in(ordered)
    lonely = []
    for draft in drafts:
        if id(draft) in paired:
            continue
        right = draft.choices[draft.answer]
        taken = {same_answer(text) for text in (right, draft.prompt, *draft.accepted)}
        found = number_choices(right, numbers, taken, WRONG_CHOICES, language)
        found = found or _nearest(ordered, keys, right, taken)
        if not found:
            lonely.append(draft)
            continue
        draft.choices = [right, *found]
        draft.answer = 0
    return lonely


def _as_pair(draft: Draft, language: str) -> bool:
    """Make a Yes/No or True/False card the pair it is (its answer is then no wrong choice
    for the other cards: "No" is no element symbol)."""
    right = draft.choices[draft.answer]
    pair = answer_pair(draft.prompt, right, language)
    if pair is not None:
        draft.choices, draft.answer = pair, pair.index(right)
    return pair is not None


def keep_flashcards(result: ImportResult, drafts: list[Draft], language: str = "en") -> None:
    """Add the drafts to `result` with wrong choices drawn from each other's answers (typed
    ones as they are); a card for which none can be found is skipped by line, and the summary
    says how choices came."""
    cards = [draft for draft in drafts if draft.kind == "choice"]
    pool = [draft.choices[0] for draft in cards]
    lonely = {id(draft) for draft in add_wrong_choices(cards, pool, language)}
    for draft in drafts:
        if id(draft) in lonely:
            result.skip(draft.line, "skip.no_wrong_choices")
        else:
            result.questions.append(draft)
    if any(draft.kind == "choice" for draft in result.questions):
        result.note("note.distractors")


def _nearest(ordered: list[str], keys: list[_Key], right: str, taken: set[str]) -> list[str]:
    """Up to WRONG_CHOICES texts nearest to `right` in `keys` order, none of `taken`
    (same_answer keys: the answer, its other spellings, the card's prompt), of its kind if
    there are any (a year among years), else of any kind."""
    key = _key(right)
    start = bisect.bisect_left(keys, key)
    for same_kind in (True, False):
        chosen: list[str] = []
        seen = set(taken)
        for index in _outward(start, len(ordered)):
            if same_kind and keys[index][0] != key[0]:
                continue
            text = ordered[index]
            if same_answer(text) not in seen:
                seen.add(same_answer(text))
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
