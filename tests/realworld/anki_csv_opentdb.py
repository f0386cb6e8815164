"""Independent readings of the real Anki, CSV and Open Trivia DB files: what each item says, read
with the standard library (sqlite3 on the package's own collection, csv, json, html.parser), not
with the importers, so that the tests compare the import against the source itself."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import sqlite3
import zipfile
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import zstandard

_BLOCKS = {"br", "div", "p", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol"}
_SOUND = re.compile(r"\[sound:[^\]]*\]")
_MEDIA = re.compile(r"<img\b|\[sound:", re.IGNORECASE)
MARKUP = re.compile(r"<[a-zA-Z/!][^<>]*>|&[a-zA-Z]+;|&#\d+;|\[sound:")
"""What no imported text may keep: a tag, an HTML comment, an entity, a sound reference."""


@dataclass(frozen=True)
class Item:
    """One item of the source: where it is, its kind, and its texts as a reader sees them."""

    line: int
    fields: tuple[str, ...]
    cloze: bool = False
    media: bool = False


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append(" " if tag in _BLOCKS else "")

    def handle_endtag(self, tag: str) -> None:
        self.parts.append(" " if tag in _BLOCKS else "")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def words(text: str) -> str:
    """The text with its spacing made single: how two readings are compared."""
    return " ".join(text.replace("\u00a0", " ").split())


def seen_text(fragment: str, is_html: bool) -> str:
    """An Anki field as its reader sees it: HTML rendered to text, sounds left out."""
    fragment = _SOUND.sub("", fragment)
    if not is_html:
        return words(fragment)
    reader = _Reader()
    reader.feed(fragment)
    reader.close()
    return words("".join(reader.parts))


def package_notes(path: Path, folder: Path) -> list[Item]:
    """The notes of an .apkg, numbered in id order, read from its newest collection opened as
    a file with sqlite3 (WAL and all, as Anki itself opens it)."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        if "collection.anki21b" in names:
            compressed = archive.read("collection.anki21b")
            data = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(compressed)).read()
        else:
            data = archive.read(
                next(n for n in ("collection.anki21", "collection.anki2") if n in names)
            )
    database = folder / f"{path.stem}.sqlite"
    database.write_bytes(data)
    connection = sqlite3.connect(database)
    try:
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master")}
        if "notetypes" in tables:
            rows = connection.execute("SELECT id, config FROM notetypes").fetchall()
            cloze = {int(i) for i, config in rows if bytes(config).startswith(b"\x08\x01")}
        else:
            models = json.loads(connection.execute("SELECT models FROM col").fetchone()[0])
            cloze = {int(i) for i, model in models.items() if model.get("type") == 1}
        notes = connection.execute("SELECT mid, flds FROM notes ORDER BY id").fetchall()
    finally:
        connection.close()
    return [
        Item(
            number,
            tuple(str(fields).split("\x1f")),
            int(mid) in cloze,
            bool(_MEDIA.search(fields)),
        )
        for number, (mid, fields) in enumerate(notes, 1)
    ]


def text_rows(path: Path) -> tuple[list[Item], int]:
    """A headerless Anki text export's rows (comment lines left out) with their lines, and how
    many fields its first row has: one physical line a row (none of these files quotes a break)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    first = next(line for line in lines if line.strip() and not line.startswith("#"))
    separator = "\t" if "\t" in first else ","
    items = [
        Item(
            number,
            tuple(next(csv.reader([line], delimiter=separator))),
            media=bool(_MEDIA.search(line)),
        )
        for number, line in enumerate(lines, 1)
        if line.strip() and not line.startswith("#")
    ]
    return items, len(items[0].fields)


def table_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


@dataclass(frozen=True)
class Trivia:
    question: str
    right: str
    wrong: tuple[str, ...]
    kind: str
    """The result's `type`: multiple or boolean."""


def trivia(path: Path) -> list[Trivia]:
    """Open Trivia DB results with their texts unescaped (the default encoding)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    results = document["results"] if isinstance(document, dict) else document
    return [
        Trivia(
            html.unescape(result["question"]),
            html.unescape(result["correct_answer"]),
            tuple(html.unescape(answer) for answer in result["incorrect_answers"]),
            result["type"],
        )
        for result in results
    ]
