"""Bringing an import's pictures in: each `<img>` a question points at becomes its `image` (or
its explanation's), read, cleaned and named beside the quiz file to be written.

A picture comes from the package (Anki's media), from a file beside the imported file (Moodle's
`@@PLUGINFILE@@/x.png` is `x.png` there) or from a `data:` URI, decoded within the picture
limit. One the importer cannot have — on the web (the bot fetches nothing), missing, refused by
clean() (SVG, too large, damaged) — is skipped by line with the reason, and the question stays
without it; a question that was only a picture, and lost it, has nothing left to ask and is
skipped too. One picture a side (the first that comes in), 20 a quiz, and at most MAX_TRIES
pictures read and cleaned in all: a deck of broken pictures costs bounded work.
"""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from bot.catalog.importers.cleaning import slug
from bot.catalog.importers.common import Draft, ImportResult
from bot.catalog.importers.picture_refs import PictureRef, Side
from bot.catalog.picture_files import FolderPictures, PictureFiles, checked_name
from bot.domain.models import Picture, Text
from bot.domain.pictures import MAX_ALT, MAX_PICTURE_BYTES, MAX_QUIZ_PICTURES
from bot.pictures.clean import Cleaned, PictureError, clean, expected_format

MAX_TRIES = 100
"""Pictures read and cleaned at most in one import, kept or refused."""
TRIES_A_SIDE = 3
"""Pictures of one side of a question tried at most before the others are left out."""
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_WEB = ("http:", "https:", "ftp:", "//")
_DATA_TYPES = {
    "image/png": ".png",
    "image/jpeg": ".jpg",
    "image/jpg": ".jpg",
    "image/webp": ".webp",
    "image/gif": ".gif",
    "image/svg+xml": ".svg",
}
_MAX_BASE64 = (MAX_PICTURE_BYTES + 2) // 3 * 4
LEFT_OUT = frozenset(
    {
        "skip.picture",
        "skip.picture_extra_question",
        "skip.picture_extra_explanation",
        "skip.picture_in_answer",
    }
)
"""Reasons for a picture left out while its question is kept (every other skip is an item's)."""
PLUGINFILE = "@@PLUGINFILE@@/"
"""Moodle's name for a question's own files: exported beside the GIFT file."""


class _NothingBeside:
    """No files beside the imported one (a test, a chat upload): every file named is missing."""

    def read(self, name: str) -> bytes:
        raise PictureError(f"there is no file '{name}' beside the imported file")


NOTHING_BESIDE: PictureFiles = _NothingBeside()


class FilesBeside(FolderPictures):
    """The files in the imported file's folder (the command line's): read as a quiz's are,
    a name never reaching outside the folder."""

    def read(self, name: str) -> bytes:
        path = self.folder / checked_name(name)
        if not path.is_file():
            raise PictureError(f"there is no file '{name}' beside the imported file")
        return super().read(name)


@dataclass(frozen=True, slots=True)
class Wording:
    """The words a picture's defaults take, in the quiz's language."""

    alt: str
    """The alt text of a picture whose `<img>` has none."""
    prompt: str
    """The prompt of a question that was only a picture."""


@dataclass(slots=True)
class Brought:
    """What an import brought in: the pictures by their path beside the quiz, and the names
    of the files they were read from (a zip's pictures that no question took are told)."""

    files: dict[str, Cleaned] = field(default_factory=dict)
    """Path beside the quiz file (`<folder>/<name>`) → the cleaned picture."""
    names: set[str] = field(default_factory=set)
    """The files read, by the name they were asked for (`checked_name`); not data URIs."""
    by_digest: dict[str, str] = field(default_factory=dict)
    by_source: dict[str, tuple[Cleaned, str] | PictureError] = field(default_factory=dict)
    tries: int = 0


def bring_pictures(
    result: ImportResult,
    files: PictureFiles,
    folder: str,
    language: str,
    wording: Wording,
) -> Brought:
    """Each draft's pictures resolved onto it (`image`, `explanation_image`), every one left
    out skipped by line; returns what was brought in, to write beside the quiz."""
    brought = Brought()
    kept: list[Draft] = []
    for draft in result.questions:
        draft.image = _side(result, draft, "question", files, folder, language, wording, brought)
        draft.explanation_image = _side(
            result, draft, "explanation", files, folder, language, wording, brought
        )
        if not draft.prompt and any(ref.side == "question" for ref in draft.pictures):
            if draft.image is None:
                result.skip(draft.line, "skip.picture_only")
                continue
            draft.prompt = wording.prompt
            draft.name = draft.name or PurePosixPath(draft.image.name).stem
        kept.append(draft)
    result.questions[:] = kept
    return brought


def leave_out_pictures(result: ImportResult) -> None:
    """The pictures dropped (where the quiz cannot have them: a chat, standard output): said
    once; a question that was only a picture is skipped, as before pictures came."""
    kept: list[Draft] = []
    for draft in result.questions:
        if draft.pictures:
            result.note("note.media")
        if not draft.prompt and draft.pictures:
            if result.format == "anki":
                result.skip(draft.line, "skip.media_only", field="Front")
            else:
                result.skip(draft.line, "skip.empty_prompt")
            continue
        kept.append(draft)
    result.questions[:] = kept


def _side(
    result: ImportResult,
    draft: Draft,
    side: Side,
    files: PictureFiles,
    folder: str,
    language: str,
    wording: Wording,
    brought: Brought,
) -> Picture | None:
    """The first picture of that side that comes in, among its first TRIES_A_SIDE; each one
    tried and refused skipped saying why, the others in one line (a note of a thousand
    `<img>`s is one line, not a thousand)."""
    refs = [ref for ref in draft.pictures if ref.side == side]
    picture: Picture | None = None
    tried = 0
    while picture is None and tried < min(len(refs), TRIES_A_SIDE):
        ref = refs[tried]
        tried += 1
        found = _cleaned(ref, files, folder, brought)
        if isinstance(found, PictureError):
            result.skip(draft.line, "skip.picture", name=ref.shown, problem=str(found))
        else:
            cleaned, path = found
            alt = _alt(ref.alt or wording.alt)
            picture = cleaned.picture(Text.of(((language, alt),)), path)
    others = refs[tried:]
    if others:
        name, count = others[0].shown, len(others)
        result.skip(draft.line, f"skip.picture_extra_{side}", name=name, count=count)
    return picture


def _cleaned(
    ref: PictureRef, files: PictureFiles, folder: str, brought: Brought
) -> tuple[Cleaned, str] | PictureError:
    """The picture `ref` points at, cleaned, with its path beside the quiz; or why not."""
    known = brought.by_source.get(ref.source)
    if known is not None:
        return known
    outcome: tuple[Cleaned, str] | PictureError
    if len(brought.by_digest) >= MAX_QUIZ_PICTURES:
        return PictureError(f"a quiz shows at most {MAX_QUIZ_PICTURES} pictures")
    if brought.tries >= MAX_TRIES:
        return PictureError(f"{MAX_TRIES} pictures were read already: the rest are left out")
    brought.tries += 1
    try:
        data, name = _read(ref.source, files)
        cleaned = clean(data, name)
        if not ref.source.lower().startswith("data:"):
            brought.names.add(checked_name(name))
    except PictureError as error:
        outcome = error
    else:
        path = brought.by_digest.get(cleaned.digest)
        if path is None:
            path = _free_path(folder, name, brought.files)
            brought.by_digest[cleaned.digest] = path
            brought.files[path] = cleaned
        outcome = (cleaned, path)
    brought.by_source[ref.source] = outcome
    return outcome


def _read(source: str, files: PictureFiles) -> tuple[bytes, str]:
    """The bytes a source names and a file name whose ending says their format."""
    lowered = source.lower()
    if lowered.startswith("data:"):
        return _data_uri(source)
    if lowered.startswith(_WEB):
        raise PictureError("a picture on the web: the bot fetches nothing from the web")
    if _SCHEME.match(source) and not source.startswith(PLUGINFILE):
        raise PictureError("not a file of the package or beside the imported file")
    name = source
    if source.startswith(PLUGINFILE):  # Moodle adds ?time=… to some
        name = source.removeprefix(PLUGINFILE).split("?", 1)[0]
    return _named(name, files, urllib.parse.unquote)


def _named(name: str, files: PictureFiles, unquote: Callable[[str], str]) -> tuple[bytes, str]:
    """The file `name`, else its percent-decoded name (`my%20map.png`, as HTML may write it)."""
    expected_format(name)  # SVG and other endings refused before anything is read
    try:
        return files.read(name), name
    except PictureError:
        other = unquote(name)
        if other == name:
            raise
        return files.read(other), other


def _data_uri(source: str) -> tuple[bytes, str]:
    """`data:image/png;base64,…` decoded, its size checked before decoding."""
    header, comma, payload = source.partition(",")
    media_type = header[5:].split(";", 1)[0].strip().lower()
    suffix = _DATA_TYPES.get(media_type)
    if suffix is None:
        shown = media_type[:40] or "unknown"
        raise PictureError(
            f"a data: picture of type '{shown}': the bot shows PNG, JPEG, WebP or GIF"
        )
    expected_format(f"picture{suffix}")  # SVG: refused, saying why
    if not comma or ";base64" not in header.lower():
        raise PictureError("a data: picture that is not base64")
    payload = "".join(payload.split())
    if len(payload) > _MAX_BASE64 + 4:
        raise PictureError(f"the picture is over {MAX_PICTURE_BYTES:,} bytes")
    try:
        return base64.b64decode(payload, validate=True), f"picture{suffix}"
    except (binascii.Error, ValueError):
        raise PictureError("the data: picture is not valid base64") from None


def _free_path(folder: str, name: str, taken: dict[str, Cleaned]) -> str:
    """`<folder>/<name>` with a plain file name (`Map of Europe.PNG` → `map-of-europe.png`),
    numbered when another picture took it."""
    path = PurePosixPath(name)
    suffix = path.suffix.lower()
    stem = slug(path.stem, 40) or "picture"
    candidate, number = f"{folder}/{stem}{suffix}", 1
    while candidate in taken:
        number += 1
        candidate = f"{folder}/{stem}-{number}{suffix}"
    return candidate


def _alt(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1].rsplit(" ", 1)[0] + "…"
