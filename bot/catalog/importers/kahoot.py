"""Kahoot's quiz spreadsheet template (.xlsx), read with openpyxl.

The template puts instructions first and the question table below them; the header row is
found by its text wherever it is: "Question", "Answer 1" … "Answer 4", "Correct answer(s)".
Each row below is a question with 2 to 4 answers and the number of the right one ("2"); one
whose answers are True and False is a `truefalse` question. A row naming several right answers
("1,3") is skipped with the reason: in a Kahoot quiz a player picks one, and any of them
scores, where a question here has one right answer. The template numbers 100 rows in its
first column: a row with nothing in the question, answer and correct-answer columns is no item,
and is passed over without a word.
A spreadsheet is a zip of XML: its declared sizes are checked before openpyxl reads
it, and only the first MAX_ITEMS rows are looked at.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.catalog.importers.cleaning import plain
from bot.catalog.importers.common import (
    MAX_ITEMS,
    Draft,
    ImportResult,
    MalformedFileError,
    Options,
)
from bot.catalog.importers.wording import true_false

FORMAT = "kahoot"
MAX_SPREADSHEET_BYTES = 20_000_000
"""A spreadsheet's files, uncompressed, all together (the template is ~30 KB)."""
HEADER_ROWS = 50
"""The header is looked for in the first rows only."""
_NUMBERS = re.compile(r"\d+")


@dataclass(frozen=True, slots=True)
class _Columns:
    question: int
    answers: tuple[int, ...]
    correct: int


def parse(data: bytes, options: Options) -> ImportResult:
    _check_sizes(data)
    result = ImportResult(FORMAT, unit="row")
    rows = _rows(data)
    columns = None
    for number, row in rows:
        if number > HEADER_ROWS:
            break
        columns = _header(row)
        if columns is not None:
            break
    if columns is None:
        raise MalformedFileError(1, "error.kahoot_header")
    for number, row in rows:
        if result.full():
            break
        if _filled(row, columns):
            _read_row(result, number, row, columns)
    return result


def _check_sizes(data: bytes) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            size = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as error:
        raise MalformedFileError(1, "error.spreadsheet", problem=str(error)[:200]) from None
    if size > MAX_SPREADSHEET_BYTES:
        raise MalformedFileError(1, "error.too_large", size=size, limit=MAX_SPREADSHEET_BYTES)


def _rows(data: bytes) -> Iterator[tuple[int, tuple[Any, ...]]]:
    """(row number, cell values) of the first sheet's first MAX_ITEMS rows."""
    import openpyxl

    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            sheet = workbook.worksheets[0]
            for number, row in enumerate(
                sheet.iter_rows(min_row=1, max_row=MAX_ITEMS, values_only=True), 1
            ):
                yield number, tuple(row)
        finally:
            workbook.close()
    except MalformedFileError:
        raise
    except Exception as error:  # openpyxl on untrusted bytes: any failure means unreadable
        raise MalformedFileError(1, "error.spreadsheet", problem=str(error)[:200]) from None


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return plain(str(value))


def _header(row: tuple[Any, ...]) -> _Columns | None:
    names = [_text(value).casefold() for value in row]

    def find(prefix: str) -> int | None:
        return next((i for i, name in enumerate(names) if name.startswith(prefix)), None)

    question, correct = find("question"), find("correct answer")
    answers = tuple(index for n in range(1, 5) if (index := find(f"answer {n}")) is not None)
    if question is None or correct is None or len(answers) < 2:
        return None
    return _Columns(question, answers, correct)


def _filled(row: tuple[Any, ...], columns: _Columns) -> bool:
    """Something is written in a column the question is read from (not only the row's
    number, or a time limit)."""
    read = (columns.question, columns.correct, *columns.answers)
    return any(index < len(row) and _text(row[index]) for index in read)


def _read_row(result: ImportResult, number: int, row: tuple[Any, ...], columns: _Columns) -> None:
    def cell(index: int) -> str:
        return _text(row[index]) if index < len(row) else ""

    given = [(position, cell(index)) for position, index in enumerate(columns.answers, 1)]
    answers = [(position, text) for position, text in given if text]
    marked = sorted({int(found) for found in _NUMBERS.findall(cell(columns.correct))})
    if not marked:
        result.skip(number, "skip.kahoot_no_correct")
    elif len(marked) > 1:  # Kahoot: any one of them scores, where a choice has one right
        result.skip(number, "skip.several_right", count=len(marked))
    elif marked[0] not in [position for position, _ in answers]:
        result.skip(number, "skip.kahoot_bad_correct", value=marked[0])
    else:
        choices = [text for _, text in answers]
        right = [position for position, _ in answers].index(marked[0])
        prompt = cell(columns.question)
        draft = true_false(number, prompt, choices, right) or Draft(number, prompt, choices, right)
        result.questions.append(draft)
