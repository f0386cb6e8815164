"""Anki's text exports ("Notes in Plain Text"), read with the headers Anki writes and reads.

The file starts with header lines `#key:value`: `separator` (tab, comma, semicolon, space,
pipe, colon or the character itself), `html` (true/false), `columns` (names, separated like the
notes), `tags` (for every note), `deck` and `notetype` (for every note), and `tags column`,
`deck column`, `notetype column`, `guid column` (1-based). Without a separator header the
first note line decides (tab, then `;`, `,`, `|`); without an html header a file whose fields
hold HTML is read as HTML, as Anki does. Notes are CSV rows (quoted fields may span lines);
a row starting with `#` is a comment. The first field that is not a meta column is the Front,
the next the Back (or the columns named Front and Back). Without `columns` nor `tags column`, a
third field is the tags, as Anki maps a file with more columns than a Basic note has fields (a
headerless export with "include tags"); the summary then says how the file was read. A row
with more fields than the first one is skipped: its separator or quotes went wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from bot.catalog.importers.anki_notes import Note, add_notes
from bot.catalog.importers.common import ImportResult, Options, read_text
from bot.catalog.importers.delimited import SEPARATOR_NAMES, guess_separator, rows

FORMAT = "anki"
_HTML = re.compile(r"<[a-zA-Z/][^<>]*>|&[a-zA-Z]+;|&#\d+;")
_META_COLUMNS = ("notetype", "deck", "tags", "guid")


@dataclass
class Headers:
    separator: str | None = None
    html: bool | None = None
    columns: str | None = None
    tags: tuple[str, ...] = ()
    deck: str = ""
    notetype: str = ""
    meta: dict[str, int] = field(default_factory=dict)
    """Meta column numbers (1-based) by kind: notetype, deck, tags, guid."""
    lines: int = 0
    """How many lines the headers take."""


def parse(data: bytes, options: Options) -> ImportResult:
    text = read_text(data)
    headers = read_headers(text)
    body = text.split("\n", headers.lines)[-1] if headers.lines else text
    separator = headers.separator or guess_separator(body)
    records = [
        (line, fields)
        for line, fields in rows(body, separator, headers.lines + 1)
        if not fields[0].startswith("#")
    ]
    html = headers.html
    if html is None:
        html = any(_HTML.search(value) for _, fields in records[:200] for value in fields)
    result = ImportResult(FORMAT)
    layout = _layout(headers, separator, records[0][1] if records else [])
    if headers.separator is None or layout.tags_guessed:
        _say_reading(result, separator, layout)
    add_notes(result, _notes(result, records, headers, layout), html)
    if html:
        result.note("note.html")
    return result


def _notes(
    result: ImportResult, records: list[tuple[int, list[str]]], headers: Headers, layout: _Layout
) -> Iterator[Note]:
    """The records as notes; one with more fields than the first is skipped (the separator
    or a quote went wrong there), unless a notetype column says notes differ."""
    expected = len(records[0][1]) if records else 0
    for line, fields in records:
        if len(fields) > expected and "notetype" not in layout.meta:
            result.skip(line, "skip.anki_extra_fields", count=len(fields), expected=expected)
        else:
            yield _note(line, fields, headers, layout)


def _say_reading(result: ImportResult, separator: str, layout: _Layout) -> None:
    """Which reading was taken where the file did not say it all (a headerless export)."""
    named = next((name for name, value in SEPARATOR_NAMES.items() if value == separator), None)
    shown = named or f"“{separator}”"
    tags = layout.meta.get("tags")
    if tags is None:
        result.note("note.anki_text", separator=shown)
    else:
        result.note("note.anki_text_tags", separator=shown, column=tags + 1)


def read_headers(text: str) -> Headers:
    """The `#key:value` lines at the top of the file (and a first `tags:` line)."""
    headers = Headers()
    for number, line in enumerate(text.split("\n", 100)[:100]):
        if number == 0 and line.startswith("tags:"):
            headers.tags = tuple(line[5:].split())
        elif line.startswith("#"):
            key, colon, value = line[1:].partition(":")
            if colon:
                _header(headers, key.strip().lower(), value.strip())
        else:
            break
        headers.lines = number + 1
    return headers


def _header(headers: Headers, key: str, value: str) -> None:
    if key == "separator":
        named = SEPARATOR_NAMES.get(value.lower(), value if len(value) == 1 else None)
        headers.separator = named or headers.separator
    elif key == "html" and value.lower() in ("true", "false"):
        headers.html = value.lower() == "true"
    elif key == "columns":
        headers.columns = value
    elif key == "tags":
        headers.tags = tuple(value.split())
    elif key in ("deck", "notetype"):
        setattr(headers, key, value)
    elif key.endswith(" column") and key.split()[0] in _META_COLUMNS and value.isdigit():
        headers.meta[key.split()[0]] = int(value)


@dataclass(frozen=True, slots=True)
class _Layout:
    meta: dict[str, int]
    """0-based meta column indexes by kind."""
    front_back: tuple[int, int] | None
    """Where the columns named Front and Back are among the field columns, if named."""
    tags_guessed: bool = False
    """The tags column is the one after Front and Back, as Anki maps a headerless file."""


def _layout(headers: Headers, separator: str, first: list[str]) -> _Layout:
    meta = {kind: number - 1 for kind, number in headers.meta.items()}
    names: list[str] = []
    if headers.columns is not None:
        found = next((fields for _, fields in rows(headers.columns, separator)), [])
        names = [name.strip().lower() for i, name in enumerate(found) if i not in meta.values()]
    if "front" in names and "back" in names:
        return _Layout(meta, (names.index("front"), names.index("back")))
    if headers.columns is None and "tags" not in meta:
        free = [index for index in range(len(first)) if index not in meta.values()]
        if len(free) > 2:
            return _Layout({**meta, "tags": free[2]}, None, tags_guessed=True)
    return _Layout(meta, None)


def _note(line: int, fields: list[str], headers: Headers, layout: _Layout) -> Note:
    def column(kind: str) -> str:
        index = layout.meta.get(kind)
        return fields[index] if index is not None and 0 <= index < len(fields) else ""

    skip = set(layout.meta.values())
    values = [value for index, value in enumerate(fields) if index not in skip]
    if layout.front_back is not None:
        values = [values[i] if i < len(values) else "" for i in layout.front_back]
    return Note(
        line,
        tuple(values),
        column("notetype") or headers.notetype,
        column("deck") or headers.deck,
        headers.tags + tuple(column("tags").split()),
    )
