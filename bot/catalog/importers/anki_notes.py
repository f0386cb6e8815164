"""Anki notes to questions, the same for text exports and .apkg packages.

A note's first field (Front) is the prompt and its second (Back) the answer; the wrong choices
are other notes' answers (bot/catalog/importers/distractors.py). A note with the same Front as
an earlier one is Anki's duplicate: imported once, at the first (two questions alike, or one
whose "wrong" choice is the other's right answer, would teach nothing true). Cloze notes
("{{c1::…}}") hide words inside one text: nothing to choose from, so they are skipped with the
reason.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bot.catalog.importers.cleaning import has_media, html_to_text, tag, without_media
from bot.catalog.importers.common import Draft, ImportResult
from bot.catalog.importers.distractors import keep_flashcards

_CLOZE = re.compile(r"\{\{c\d+::")


@dataclass(frozen=True, slots=True)
class Note:
    line: int
    """Its line in a text export, or its number in a package."""
    fields: tuple[str, ...]
    notetype: str = ""
    deck: str = ""
    tags: tuple[str, ...] = ()
    cloze: bool = False
    """Known from the notetype itself (a package says so)."""


def add_notes(result: ImportResult, notes: Iterable[Note], html: bool) -> None:
    """Each note as a question of `result`, or skipped with its reason."""
    drafts: list[Draft] = []
    fronts: dict[str, int] = {}
    decks: Counter[str] = Counter()
    tags: Counter[str] = Counter()
    for note in notes:
        if result.full(len(drafts)):
            break
        decks.update([note.deck] if note.deck else [])
        tags.update(note.tags)
        draft = _draft(result, note, html)
        if draft is None:
            continue
        first = fronts.setdefault(draft.prompt.casefold(), draft.line)
        if first != draft.line:  # Anki's duplicate: the same first field
            result.skip(draft.line, f"skip.anki_duplicate_{result.unit}", first=first)
        else:
            drafts.append(draft)
    keep_flashcards(result, drafts)
    if decks:
        result.title = result.title or _deck_title(decks)
    for name, _ in tags.most_common(10):
        if (value := tag(name)) and value not in result.tags:
            result.tags.append(value)


def _deck_title(decks: Counter[str]) -> str:
    """The decks' common parent ("Music::Easy", "Music::Hard": Music), else the most common."""
    paths = [[part.strip() for part in deck.split("::")] for deck in decks]
    common: list[str] = []
    for parts in zip(*paths, strict=False):
        if len(set(parts)) > 1:
            break
        common.append(parts[0])
    return common[-1] if common else decks.most_common(1)[0][0].split("::")[-1].strip()


def _draft(result: ImportResult, note: Note, html: bool) -> Draft | None:
    if (
        note.cloze
        or "cloze" in note.notetype.casefold()
        or any(_CLOZE.search(field) for field in note.fields)
    ):
        result.skip(note.line, "skip.anki_cloze")
        return None
    if len(note.fields) < 2:
        result.skip(note.line, "skip.anki_one_field")
        return None
    front, back = note.fields[0], note.fields[1]
    if has_media(front) or has_media(back):
        result.note("note.media")
    prompt = html_to_text(front) if html else without_media(front)
    answer = html_to_text(back) if html else without_media(back)
    if not prompt or not answer:
        media = has_media(front if not prompt else back)
        key = "skip.media_only" if media else "skip.empty_field"
        result.skip(note.line, key, field="Front" if not prompt else "Back")
        return None
    return Draft(note.line, prompt, [answer], 0)
