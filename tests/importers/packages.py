"""Binary inputs the importers read, built the way their programs write them.

Anki packages follow Anki's own collection schemas: schema 11 (`collection.anki2` /
`collection.anki21`: note types and decks as JSON in the `col` row) and schema 18 (Anki
2.1.50+, `collection.anki21b`: zstd-compressed, in WAL mode, note types and decks in their own
tables, a stub `collection.anki2` beside it). Kahoot's template is its quiz spreadsheet: a few
rows of instructions, then the header row and one question a row.
"""

from __future__ import annotations

import hashlib
import io
import json
import sqlite3
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

import openpyxl
import zstandard

SCHEMA_11 = """
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null,
  scm integer not null, ver integer not null, dty integer not null, usn integer not null,
  ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null,
  mod integer not null, usn integer not null, tags text not null, flds text not null,
  sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null,
  ord integer not null, mod integer not null, usn integer not null, type integer not null,
  queue integer not null, due integer not null, ivl integer not null, factor integer not null,
  reps integer not null, lapses integer not null, left integer not null, odue integer not null,
  odid integer not null, flags integer not null, data text not null);
CREATE INDEX ix_cards_nid on cards (nid);
"""
SCHEMA_18_EXTRA = """
CREATE TABLE notetypes (id integer not null primary key, name text not null,
  mtime_secs integer not null, usn integer not null, config blob not null);
CREATE TABLE decks (id integer primary key not null, name text not null,
  mtime_secs integer not null, usn integer not null, common blob not null, kind blob not null);
CREATE TABLE fields (ntid integer not null, ord integer not null, name text not null,
  config blob not null, primary key (ntid, ord));
CREATE TABLE templates (ntid integer not null, ord integer not null, name text not null,
  mtime_secs integer not null, usn integer not null, config blob not null,
  primary key (ntid, ord));
"""
BASIC, CLOZE, DECK = 1342697561419, 1342697561420, 1580000000000
TYPE_IN = 1342697561421
TYPE_IN_FORMAT = "{{Front}}\n\n{{type:Back}}"
"""The question template of Anki's stock "Basic (type in the answer)" note type."""
# (note type, fields, tags) for each note, in note id order
NOTES: Sequence[tuple[int, Sequence[str], str]] = (
    (BASIC, ("What is the capital of <b>France</b>?", "Paris"), "geography europe"),
    (BASIC, ("Capital of Germany?", "Berlin"), "geography"),
    (BASIC, ("Capital of Italy?", "Rome&nbsp;[sound:roma.mp3]"), "geography"),
    (
        CLOZE,
        ("{{c1::Madrid}} is the capital of {{c2::Spain::a country}}.", "Since 1561"),
        "geography",
    ),
    (BASIC, ("Capital of Portugal?",), "geography"),
    (BASIC, ('<img src="map.png">', "Vienna"), "geography"),
    (BASIC, ("Capital of Norway?", "Oslo"), "geography"),
    (TYPE_IN, ("Capital of <i>Sweden</i>?", "Stockholm"), "geography"),
    (CLOZE, ("{{c1::Bern}} and {{c1::Geneva}} are Swiss.", ""), "geography"),
)


def _collection(schema_18: bool, notes: Sequence[tuple[int, Sequence[str], str]]) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "collection.anki2"
        connection = sqlite3.connect(path)
        if schema_18:  # Anki 2.1.50+ keeps its collection in WAL mode, and exports it so
            connection.execute("PRAGMA journal_mode = WAL")
        connection.executescript(SCHEMA_11 + (SCHEMA_18_EXTRA if schema_18 else ""))
        models = {
            str(BASIC): {"id": BASIC, "name": "Basic", "type": 0},
            str(CLOZE): {"id": CLOZE, "name": "Cloze", "type": 1},
            str(TYPE_IN): {
                "id": TYPE_IN,
                "name": "Typing",
                "type": 0,
                "flds": [{"name": "Front"}, {"name": "Back"}],
                "tmpls": [{"qfmt": TYPE_IN_FORMAT}],
            },
        }
        decks = {str(DECK): {"id": DECK, "name": "Europe::Capitals"}}
        if schema_18:  # the JSON columns are empty; the tables say it
            models, decks = {}, {}
            connection.execute(
                "INSERT INTO notetypes VALUES (?, 'Basic', 0, 0, x''), (?, 'Cloze', 0, 0, ?), "
                "(?, 'Typing', 0, 0, x'')",
                (BASIC, CLOZE, b"\x08\x01\x10\x02", TYPE_IN),
            )
            connection.execute(
                "INSERT INTO fields VALUES (?, 0, 'Front', x''), (?, 1, 'Back', x'')",
                (TYPE_IN, TYPE_IN),
            )
            template = TYPE_IN_FORMAT.encode()  # protobuf: field 1, q_format, a string
            connection.execute(
                "INSERT INTO templates VALUES (?, 0, 'Card 1', 0, 0, ?)",
                (TYPE_IN, b"\x0a" + bytes([len(template)]) + template),
            )
            connection.execute(
                "INSERT INTO decks VALUES (?, ?, 0, 0, x'', x'')", (DECK, "Europe\x1fCapitals")
            )
        connection.execute(
            "INSERT INTO col VALUES (1, 0, 0, 0, ?, 0, 0, 0, '{}', ?, ?, '{}', '{}')",
            (18 if schema_18 else 11, json.dumps(models), json.dumps(decks)),
        )
        for number, (notetype, fields, tags) in enumerate(notes, 1):
            connection.execute(
                "INSERT INTO notes VALUES (?, ?, ?, 0, 0, ?, ?, '', 0, 0, '')",
                (number, f"guid{number}", notetype, f" {tags} ", "\x1f".join(fields)),
            )
            connection.execute(
                "INSERT INTO cards VALUES (?, ?, ?, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '')",
                (number, number, DECK),
            )
        connection.commit()
        connection.close()
        return path.read_bytes()


def apkg(
    schema_18: bool = False,
    notes: Sequence[tuple[int, Sequence[str], str]] = NOTES,
    media: dict[str, bytes] | None = None,
) -> bytes:
    """An .apkg as Anki 2.1 writes it (schema 11, its media map JSON), or as 2.1.50+ does
    (schema 18, zstd: the collection, a protobuf media map and each media file)."""
    media = media or {}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        if schema_18:
            compress = zstandard.ZstdCompressor().compress
            archive.writestr("meta", b"\x08\x03")  # PackageMetadata { version: LATEST }
            archive.writestr("collection.anki21b", compress(_collection(True, notes)))
            archive.writestr("collection.anki2", _stub())
            archive.writestr("media", compress(media_entries(media)))
            for number, data in enumerate(media.values()):
                archive.writestr(str(number), compress(data))
        else:
            archive.writestr("collection.anki2", _collection(False, notes))
            archive.writestr("media", json.dumps({str(i): name for i, name in enumerate(media)}))
            for number, data in enumerate(media.values()):
                archive.writestr(str(number), data)
    return buffer.getvalue()


def media_entries(media: dict[str, bytes]) -> bytes:
    """Anki's `MediaEntries` protobuf: `entries = 1` of `MediaEntry { name = 1, size = 2,
    sha1 = 3 }`, each file stored under its index."""

    def length_delimited(number: int, value: bytes) -> bytes:
        return _varint(number << 3 | 2) + _varint(len(value)) + value

    entries = b""
    for name, data in media.items():
        entry = length_delimited(1, name.encode()) + _varint(2 << 3) + _varint(len(data))
        entry += length_delimited(3, hashlib.sha1(data).digest())
        entries += length_delimited(1, entry)
    return entries


def _varint(value: int) -> bytes:
    out = b""
    while True:
        byte, value = value & 0x7F, value >> 7
        out += bytes([byte | (0x80 if value else 0)])
        if not value:
            return out


def _stub() -> bytes:
    """What 2.1.50+ leaves for older versions: a collection that only says to update."""
    return b"SQLite format 3\x00" + b"\x00" * 84


def zip_of(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


KAHOOT_HEADER = (
    "",
    "Question - max 120 characters",
    "Answer 1 - max 75 characters",
    "Answer 2 - max 75 characters",
    "Answer 3 - max 75 characters",
    "Answer 4 - max 75 characters",
    "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs",
    "Correct answer(s) - choose at least one",
)
KAHOOT_ROWS: Sequence[Sequence[object]] = (
    (1, "What is 2 + 2?", "3", "4", "5", None, 20, 2),
    (2, "Which are primes?", "2", "3", "4", "6", 20, "1,2"),
    (3, "When did Apollo 11 land on the Moon?", 1969, 1972, None, None, 30, 1),
    (4, "Which answer is missing?", "a", "b", None, None, 20, 3),
    (5, "Nobody marked the right one", "yes", "no", None, None, 20, None),
    (6, "Which gas do plants take in?", "Oxygen", None, "Carbon dioxide", "Nitrogen", 20, "3"),
    (7, "The Moon is a planet.", "true", "false", None, None, 20, 2),
    *((number,) for number in range(8, 100)),  # the template numbers its empty rows
    (100, None, None, None, None, None, 20),  # a time limit alone is no question either
)


def kahoot(header_row: int = 8) -> bytes:
    """Kahoot's quiz template: instructions above, the header at `header_row`."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet["B2"] = "Quiz template"
    sheet["B3"] = "Add questions, at least two answer alternatives, time limit and choose "
    sheet["B4"] = "correct answers (at least one). Have fun creating your awesome quiz!"
    for column, text in enumerate(KAHOOT_HEADER, 1):
        sheet.cell(row=header_row, column=column, value=text)
    for offset, row in enumerate(KAHOOT_ROWS, 1):
        for column, value in enumerate(row, 1):
            sheet.cell(row=header_row + offset, column=column, value=value)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
