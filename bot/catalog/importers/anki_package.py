"""Anki packages (.apkg, .colpkg): a zip holding the collection, an SQLite database.

Anki 2.1 writes `collection.anki21` (or `collection.anki2` for older versions); Anki 2.1.50+
writes `collection.anki21b`, the same database compressed with zstd (schema 18: note types in
their own table), next to a stub `collection.anki2` that only says to update Anki. The newest
collection present is read. The database comes from an untrusted file, so it is opened in
memory, read-only, with its schema's code distrusted, and every query runs under a budget of
SQLite steps: a crafted view cannot make the work unbounded. The package's media are read
only when a note shows a picture, each member bounded (anki_media.py).
"""

from __future__ import annotations

import io
import json
import lzma
import re
import sqlite3
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from typing import Any

from bot.catalog.importers.anki_media import package_media
from bot.catalog.importers.anki_notes import Note, add_notes
from bot.catalog.importers.common import MAX_ITEMS, ImportResult, MalformedFileError, Options

FORMAT = "anki"
MAX_PACKAGE_BYTES = 200_000_000
"""A package with its media; only the collection inside is read."""
MAX_COLLECTION_BYTES = 100_000_000
STEP_BUDGET = 200_000_000
"""SQLite virtual machine steps for every query together (reading 20,000 notes takes ~1%)."""
COLLECTIONS = ("collection.anki21b", "collection.anki21", "collection.anki2")
_ZIP_ERRORS = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    zlib.error,
    lzma.LZMAError,
    OSError,
    EOFError,
    ValueError,
    NotImplementedError,  # a compression method zipfile does not have
)
"""What zipfile raises on a damaged archive: a bad header, a bad CRC, bad compressed data."""
_SQLITE_MAGIC = b"SQLite format 3\x00"
_CLOZE_KIND = b"\x08\x01"
"""Schema 18 note type config (protobuf): field 1, `kind`, is 1 for cloze."""
_TYPE_FIELD = re.compile(rb"\{\{type:([^:{}]+)\}\}")
"""A template asking to type a field's answer (`{{type:cloze:Text}}` is a cloze's, not this)."""


@dataclass(frozen=True, slots=True)
class _NoteType:
    name: str
    cloze: bool = False
    typed: int | None = None
    """The index of the field its template asks to type, if any."""


def parse(data: bytes, options: Options) -> ImportResult:
    database = collection_bytes(data)
    result = ImportResult(FORMAT, unit="note")
    with closing(_open(database)) as connection:
        try:
            notes = list(_notes(connection))
        except (sqlite3.Error, ValueError, TypeError, AttributeError, RecursionError) as error:
            raise MalformedFileError(1, "error.anki_database", problem=str(error)[:200]) from None
    add_notes(result, notes, html=True)
    result.note("note.html")
    if any(draft.pictures for draft in result.questions) and options.pictures:
        result.media = package_media(zipfile.ZipFile(io.BytesIO(data)))
    return result


def is_package(data: bytes) -> bool:
    """A zip holding an Anki collection (the test the format detection uses)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return any(name in archive.namelist() for name in COLLECTIONS)
    except _ZIP_ERRORS:  # a zip version it cannot read too (NotImplementedError)
        return False


def collection_bytes(data: bytes) -> bytes:
    """The newest collection's SQLite bytes, decompressed; MalformedFileError otherwise."""
    if len(data) > MAX_PACKAGE_BYTES:
        raise MalformedFileError(1, "error.too_large", size=len(data), limit=MAX_PACKAGE_BYTES)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            name = next((name for name in COLLECTIONS if name in names), None)
            if name is None:
                raise MalformedFileError(1, "error.anki_no_collection")
            member = archive.getinfo(name)
            if member.file_size > MAX_COLLECTION_BYTES:
                raise MalformedFileError(
                    1, "error.too_large", size=member.file_size, limit=MAX_COLLECTION_BYTES
                )
            stored = archive.read(member)
    except _ZIP_ERRORS as error:
        raise MalformedFileError(1, "error.zip", problem=str(error)[:200]) from None
    return _decompress(stored) if name.endswith("b") else stored


def _decompress(stored: bytes) -> bytes:
    """A zstd-compressed collection, refusing to grow past MAX_COLLECTION_BYTES."""
    import zstandard

    try:
        reader = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(stored))
        chunks, size = [], 0
        while chunk := reader.read(1 << 20):
            size += len(chunk)
            if size > MAX_COLLECTION_BYTES:
                raise MalformedFileError(
                    1, "error.too_large", size=size, limit=MAX_COLLECTION_BYTES
                )
            chunks.append(chunk)
    except zstandard.ZstdError as error:
        raise MalformedFileError(1, "error.anki_zstd", problem=str(error)[:200]) from None
    return b"".join(chunks)


def _open(database: bytes) -> sqlite3.Connection:
    connection = sqlite3.connect(":memory:")
    try:
        connection.deserialize(_rollback_journal(database))
        connection.execute("PRAGMA trusted_schema = OFF")
        connection.execute("PRAGMA query_only = ON")
    except sqlite3.Error as error:
        connection.close()
        raise MalformedFileError(1, "error.anki_database", problem=str(error)[:200]) from None
    steps = iter(range(STEP_BUDGET // 1000))
    connection.set_progress_handler(lambda: next(steps, None) is None, 1000)
    return connection


def _rollback_journal(database: bytes) -> bytes:
    """The database marked as using a rollback journal when it says WAL (header bytes 18-19
    are 2: Anki 2.1.50+ writes its collection so). An in-memory database cannot open a WAL one
    ("unable to open database file"); the package holds no -wal file, its pages are all in the
    main file, so the mark is all that differs."""
    if database[:16] == _SQLITE_MAGIC and database[18:20] == b"\x02\x02":
        return database[:18] + b"\x01\x01" + database[20:]
    return database


def _notes(connection: sqlite3.Connection) -> Iterator[Note]:
    tables = dict(connection.execute("SELECT name, type FROM sqlite_master"))
    if any(tables.get(name) != "table" for name in ("notes", "cards")):
        raise MalformedFileError(1, "error.anki_no_notes")
    if tables.get("notetypes") == "table" and tables.get("decks") == "table":
        notetypes = _notetypes_18(connection)
        decks = {
            int(i): str(name).replace("\x1f", "::")
            for i, name in connection.execute("SELECT id, name FROM decks")
        }
    elif tables.get("col") == "table":
        notetypes, decks = _col_11(connection)
    else:
        raise MalformedFileError(1, "error.anki_no_notes")
    query = (
        "SELECT n.mid, n.flds, n.tags, (SELECT did FROM cards WHERE nid = n.id LIMIT 1) "
        "FROM notes n ORDER BY n.id LIMIT ?"
    )
    for number, (mid, fields, tags, deck) in enumerate(connection.execute(query, (MAX_ITEMS,)), 1):
        kind = notetypes.get(int(mid), _NoteType(""))
        yield Note(
            number,
            tuple(str(fields).split("\x1f")),
            kind.name,
            decks.get(int(deck), "") if deck is not None else "",
            tuple(str(tags).split()),
            kind.cloze,
            kind.typed,
        )


def _notetypes_18(connection: sqlite3.Connection) -> dict[int, _NoteType]:
    """Note types from their own tables: a cloze one by its config's kind, the field typed
    from `{{type:Field}}` in a template's question (a protobuf string, read as bytes)."""
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    typed: dict[int, str] = {}
    if "templates" in tables:
        for notetype_id, config in connection.execute("SELECT ntid, config FROM templates"):
            if found := _TYPE_FIELD.search(bytes(config or b"")):
                typed.setdefault(int(notetype_id), found.group(1).decode("utf-8", "replace"))
    fields: dict[int, list[str]] = {}
    if "fields" in tables:
        for notetype_id, name in connection.execute("SELECT ntid, name FROM fields ORDER BY ord"):
            fields.setdefault(int(notetype_id), []).append(str(name))
    return {
        int(notetype_id): _NoteType(
            str(name),
            bytes(config or b"").startswith(_CLOZE_KIND),
            _index(fields.get(int(notetype_id), []), typed.get(int(notetype_id))),
        )
        for notetype_id, name, config in connection.execute(
            "SELECT id, name, config FROM notetypes"
        )
    }


def _index(names: list[str], typed: str | None) -> int | None:
    """The typed field's index among the note type's fields, None if it names none."""
    return names.index(typed) if typed is not None and typed in names else None


def _model(model: Any) -> _NoteType:
    """A schema 11 note type: `type` 1 is cloze; `{{type:Field}}` in a template's `qfmt`."""
    names = [str(field.get("name", "")) for field in model.get("flds", [])]
    typed = None
    for template in model.get("tmpls", []):
        if found := _TYPE_FIELD.search(str(template.get("qfmt", "")).encode()):
            typed = found.group(1).decode("utf-8", "replace")
            break
    return _NoteType(str(model.get("name", "")), model.get("type") == 1, _index(names, typed))


def _col_11(
    connection: sqlite3.Connection,
) -> tuple[dict[int, _NoteType], dict[int, str]]:
    """Note types and deck names from the JSON in the `col` row."""
    row = connection.execute("SELECT models, decks FROM col LIMIT 1").fetchone()
    if row is None:
        raise MalformedFileError(1, "error.anki_no_notes")
    models: Any = json.loads(row[0])
    decks: Any = json.loads(row[1])
    notetypes = {int(key): _model(model) for key, model in models.items()}
    return notetypes, {int(key): str(deck.get("name", "")) for key, deck in decks.items()}
