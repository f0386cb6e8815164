"""Tables with options and a correct-answer column (`Option 1`…`Option 4`, `Correct Answer`).

The correct-answer column names the right option by its text, by its number (1 = the first
option column, as spreadsheets write it also "2.0") or by its letter (A = the first). The file
is read one way throughout, the way that resolves the most rows (text first on a tie: options
"2, 4, 6, 8" with the answer "2" are read as the text "2"), and the summary says which; a row
the chosen way cannot resolve is skipped with the value it gave.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.catalog.importers.cleaning import plain
from bot.catalog.importers.common import Draft, ImportResult
from bot.catalog.importers.table_header import Header

_NUMBER = re.compile(r"(\d{1,2})(?:\.0*)?")
_LETTER = re.compile(r"[a-jA-J]")

Pick = Callable[[str, list[str]], int | None]


@dataclass(frozen=True, slots=True)
class _Row:
    line: int
    prompt: str
    options: list[str]
    """By column, the empty ones kept: "3" names the third column whatever is before it."""
    correct: str
    """The correct-answer cell as written."""
    explanation: str | None
    name: str | None


def _by_text(cell: str, options: list[str]) -> int | None:
    folded = cell.casefold()
    return next((i for i, option in enumerate(options) if option.casefold() == folded), None)


def _by_number(cell: str, options: list[str]) -> int | None:
    match = _NUMBER.fullmatch(cell)
    index = int(match.group(1)) - 1 if match else -1
    return index if 0 <= index < len(options) else None


def _by_letter(cell: str, options: list[str]) -> int | None:
    index = ord(cell.upper()) - ord("A") if _LETTER.fullmatch(cell) else -1
    return index if 0 <= index < len(options) else None


WAYS: dict[str, Pick] = {"text": _by_text, "number": _by_number, "letter": _by_letter}


def choice_drafts(
    result: ImportResult, records: Iterable[tuple[int, list[str]]], header: Header
) -> None:
    """Each row as a question of `result`, or skipped with why; a note says how the
    correct-answer column was read."""
    table: list[_Row] = []
    for line, fields in records:
        if result.full(len(table)):
            break
        table.append(_row(line, fields, header))
    way = max(WAYS, key=lambda name: sum(_resolves(WAYS[name], row) for row in table))
    names = header.names
    result.note(
        f"note.csv_answer_{way}",
        column=names[header.answer],
        first=names[header.options[0]],
        question=names[header.question],
    )
    for row in table:
        _add(result, row, WAYS[way], names[header.answer])


def _row(line: int, fields: list[str], header: Header) -> _Row:
    def cell(index: int | None) -> str:
        return plain(fields[index]) if index is not None and index < len(fields) else ""

    options = [cell(index) for index in header.options]
    explanation, name = cell(header.explanation) or None, cell(header.id) or None
    return _Row(line, cell(header.question), options, cell(header.answer), explanation, name)


def _named(pick: Pick, cell: str, options: list[str]) -> list[int]:
    """The non-empty options `cell` names read by `pick`: one, several ("1,3" by number or
    letter), or none."""
    parts = re.split(r"\s*[,;&]\s*", cell) if pick is not _by_text else [cell]
    indexes = [pick(part, options) for part in parts if part]
    if not indexes or any(index is None or not options[index] for index in indexes):
        return []
    return [index for index in indexes if index is not None]


def _resolves(pick: Pick, row: _Row) -> bool:
    return bool(_named(pick, row.correct, row.options))


def _add(result: ImportResult, row: _Row, pick: Pick, column: str) -> None:
    named = _named(pick, row.correct, row.options)
    if not row.correct:
        result.skip(row.line, "skip.empty_field", field=column)
    elif not named:
        result.skip(row.line, "skip.csv_bad_correct", value=row.correct[:80], column=column)
    elif len(set(named)) > 1:
        result.skip(row.line, "skip.several_right", count=len(set(named)))
    else:
        choices = [option for option in row.options if option]
        answer = choices.index(row.options[named[0]])
        draft = Draft(row.line, row.prompt, choices, answer, row.explanation, name=row.name)
        result.questions.append(draft)
