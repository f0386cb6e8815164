"""Anki notes to questions, the same for text exports and .apkg packages.

A note's first field (Front) is the prompt and its second (Back) the answer; the wrong choices
are other notes' answers (bot/catalog/importers/distractors.py). A note whose note type asks to
type the answer (`{{type:Back}}` in its template; in a text export, a note type named "… type
in the answer …" as Anki's own) is a `text` question accepting the typed field. A cloze note
("{{c1::…}}") is a `text` question per card (anki_cloze.py), its second field (Back Extra) the
explanation. A note with the same Front as an earlier one is Anki's duplicate: imported once,
at the first (two questions alike, or one whose "wrong" choice is the other's right answer,
would teach nothing true; two Fronts alike with different pictures differ). An `<img>` in the
Front is the question's picture (a Front of a picture alone asks what it shows), one in the
Back the explanation's; sounds are left out, said once.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bot.catalog.importers.anki_cloze import MAX_CARDS, cloze_cards, has_cloze
from bot.catalog.importers.cleaning import (
    has_media,
    has_sound,
    html_to_text,
    tag,
    without_media,
)
from bot.catalog.importers.common import Draft, ImportResult
from bot.catalog.importers.distractors import keep_flashcards
from bot.catalog.importers.picture_refs import PictureRef, find_pictures

_TYPE_IN = re.compile(r"type in the answer|saisir la réponse", re.IGNORECASE)
"""Anki's own note type "Basic (type in the answer)" (in English or French), as a text export
names it: a text export has no templates to look for `{{type:…}}` in."""


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
    typed: int | None = None
    """The field its note type asks to type (`{{type:Back}}`), by index; None for none."""


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
        for draft in _drafts(result, note, html):
            first = fronts.setdefault(_front(draft), draft.line)
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


def _front(draft: Draft) -> str:
    """What makes two notes' Fronts the same: their text and their pictures' files."""
    pictures = (ref.source for ref in draft.pictures if ref.side == "question")
    return "\0".join((draft.prompt.casefold(), *pictures))


def _deck_title(decks: Counter[str]) -> str:
    """The decks' common parent ("Music::Easy", "Music::Hard": Music), else the most common."""
    paths = [[part.strip() for part in deck.split("::")] for deck in decks]
    common: list[str] = []
    for parts in zip(*paths, strict=False):
        if len(set(parts)) > 1:
            break
        common.append(parts[0])
    return common[-1] if common else decks.most_common(1)[0][0].split("::")[-1].strip()


def _drafts(result: ImportResult, note: Note, html: bool) -> list[Draft]:
    if (
        note.cloze
        or "cloze" in note.notetype.casefold()
        or any(has_cloze(field) for field in note.fields)
    ):
        return _cloze(result, note, html)
    draft = _draft(result, note, html)
    if draft is None:
        return []
    typed = note.typed
    if typed is None and _TYPE_IN.search(note.notetype):
        typed = 1
    if typed == 1:  # Front asks, Back is typed (another typed field is no answer to Front)
        draft.kind, draft.answer, draft.accepted = "text", -1, (draft.choices[0],)
        draft.choices = []
    return [draft]


def _cloze(result: ImportResult, note: Note, html: bool) -> list[Draft]:
    """A `text` draft per card of the note's cloze field, or the note skipped saying why."""
    field = next((field for field in note.fields if has_cloze(field)), "")
    drafts = []
    cards, left = cloze_cards(field, lambda text: _seen(text, html))
    if left:
        result.skip(note.line, "skip.anki_cloze_many", limit=MAX_CARDS, count=left)
    for card in cards:
        if not card.answer:
            result.skip(note.line, "skip.anki_cloze_several", number=card.number)
            continue
        draft = Draft(note.line, card.prompt, [], -1, kind="text", accepted=(card.answer,))
        extra = [other for other in note.fields[1:2] if other is not field]
        draft.explanation = _seen(extra[0], html) if extra else None
        draft.explanation = draft.explanation or None
        draft.pictures = _pictures(field, extra[0] if extra else "", html)
        drafts.append(draft)
    if not field:
        result.skip(note.line, "skip.anki_cloze")
    return drafts


def _seen(text: str, html: bool) -> str:
    return html_to_text(text) if html else without_media(text)


def _draft(result: ImportResult, note: Note, html: bool) -> Draft | None:
    if len(note.fields) < 2:
        result.skip(note.line, "skip.anki_one_field")
        return None
    front, back = note.fields[0], note.fields[1]
    if html and (has_sound(front) or has_sound(back)):
        result.note("note.sounds")
    elif not html and (has_media(front) or has_media(back)):
        result.note("note.media")
    prompt, answer = _seen(front, html), _seen(back, html)
    pictures = _pictures(front, back, html)
    asks = prompt or any(ref.side == "question" for ref in pictures)
    if not asks or not answer:
        media = has_media(front if not asks else back)
        key = "skip.media_only" if media else "skip.empty_field"
        result.skip(note.line, key, field="Front" if not asks else "Back")
        return None
    draft = Draft(note.line, prompt, [answer], 0)
    draft.pictures = pictures
    return draft


def _pictures(front: str, back: str, html: bool) -> list[PictureRef]:
    """The note's `<img>`s: the Front's go with the question, the Back's with the answer
    (its explanation); a text export without HTML has none."""
    if not html:
        return []
    return find_pictures(front) + find_pictures(back, "explanation")
