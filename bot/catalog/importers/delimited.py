"""Rows of delimiter-separated text (CSV quoting) with the line each row starts on."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

from bot.catalog.importers.common import MalformedFileError

SEPARATOR_NAMES = {
    "tab": "\t",
    "comma": ",",
    "semicolon": ";",
    "space": " ",
    "pipe": "|",
    "colon": ":",
}


def rows(text: str, delimiter: str, first_line: int = 1) -> Iterator[tuple[int, list[str]]]:
    """(line, fields) of each non-blank row of `text`, whose first line is `first_line`."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=False)
    start = 1
    try:
        for fields in reader:
            if any(field.strip() for field in fields):
                yield first_line + start - 1, fields
            start = reader.line_num + 1
    except csv.Error as error:
        raise MalformedFileError(
            first_line + reader.line_num - 1, "error.csv", problem=str(error)
        ) from None


def guess_separator(sample: str) -> str:
    """The separator of a table without a header saying so: tab, then ; then , then |."""
    first = next((line for line in sample.split("\n", 50) if line.strip()), "")
    for candidate in ("\t", ";", ",", "|"):
        if candidate in first:
            return candidate
    return "\t"
