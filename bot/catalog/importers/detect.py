"""Which format a file is in, from its name and its first bytes."""

from __future__ import annotations

import re
from pathlib import PurePath

from bot.catalog.importers.anki_package import is_package
from bot.catalog.importers.anki_text import read_headers
from bot.catalog.importers.cleaning import looks_like_html
from bot.catalog.importers.common import Options
from bot.catalog.importers.table_header import read_header

SAMPLE = 65_536
_ZIP = b"PK\x03\x04"
_GIFT = re.compile(r"\{\s*(?:[=~]|T\s*[}#]|F\s*[}#]|TRUE\b|FALSE\b|#)|^::[^\n]*::", re.MULTILINE)
_QUIZ_FILE = re.compile(r"^format:\s*[123]\s*$", re.MULTILINE)
SUFFIXES = {
    ".gift": "gift",
    ".apkg": "anki",
    ".colpkg": "anki",
    ".json": "opentdb",
    ".xlsx": "kahoot",
    ".yaml": "red",
    ".yml": "red",
}


def detect(name: str, data: bytes, options: Options) -> str | None:
    """The format's name (see importers.FORMATS), or None when nothing tells."""
    suffix = PurePath(name).suffix.lower()
    if data.startswith(_ZIP):
        return _zip_format(data) or SUFFIXES.get(suffix)
    if suffix in (".apkg", ".colpkg", ".xlsx"):
        return SUFFIXES[suffix]  # not a zip: the importer says it cannot be read
    text = data[:SAMPLE].decode("utf-8", "replace").lstrip("\ufeff")
    if suffix in SUFFIXES:
        return SUFFIXES[suffix]
    if text.lstrip().startswith(("{", "[")):
        return "opentdb"
    if options.term_separator or options.row_separator:
        return "quizlet"
    return _text_format(text, suffix)


def is_quiz_file(data: bytes) -> bool:
    """Already a quizbot quiz (a `format:` key at the top)."""
    return bool(_QUIZ_FILE.search(data[:SAMPLE].decode("utf-8", "replace")))


def _zip_format(data: bytes) -> str | None:
    if is_package(data):
        return "anki"
    if b"xl/workbook.xml" in data or b"xl/worksheets" in data:
        return "kahoot"
    return None


def _text_format(text: str, suffix: str) -> str | None:
    headers = read_headers(text)
    if headers.lines and (
        headers.separator or headers.html is not None or headers.columns or headers.meta
    ):
        return "anki"
    first = next((line for line in text.split("\n") if line.strip()), "")
    if read_header(re.split(r"[,;\t]", first)) is not None:
        return "csv"
    if _GIFT.search(text):
        return "gift"
    body = text.split("\n", headers.lines)[-1] if headers.lines else text
    note = next((line for line in body.split("\n") if line.strip()), "")
    if "\t" in note:
        return "anki" if _anki_only(text, headers.lines, note) else "quizlet"
    if suffix == ".csv":
        return "anki"
    return None


def _anki_only(text: str, header_lines: int, note: str) -> bool:
    """Tab-separated notes that Quizlet does not write: after a `#` comment line, with a third
    column (Anki's tags), or HTML; two plain columns may be either (Quizlet is assumed, and
    the summary says so)."""
    comments = text.split("\n", header_lines)[:header_lines]
    commented = any("\t" not in line for line in comments)  # "#tag<tab>…" is a card
    return commented or note.count("\t") >= 2 or looks_like_html(text)
