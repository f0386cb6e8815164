"""quizbot's own CSV: one question a row, the columns named by a header row.

    question,answer,wrong,wrong,wrong,explanation
    What is 2 + 2?,4,3,5,22,"Two and two make four."

Columns (any order, names in any case): `question`, `answer`, one or more `wrong` (also
`wrong 1`, `wrong2`…), and optionally `explanation` and `id`. Fields follow CSV quoting; the
separator is the header's (comma, semicolon as spreadsheets in French write it, or tab). A row
without wrong choices gets other rows' answers, as flashcards do.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.catalog.importers.cleaning import plain
from bot.catalog.importers.common import (
    Draft,
    ImportResult,
    MalformedFileError,
    Options,
    read_text,
)
from bot.catalog.importers.delimited import guess_separator, rows
from bot.catalog.importers.distractors import add_wrong_choices

FORMAT = "csv"


@dataclass(frozen=True, slots=True)
class Header:
    """Where each column is, by index in a row, as the header row named them; None where
    the file has no such column (a row may also be shorter than the header)."""

    question: int
    answer: int
    wrong: tuple[int, ...]
    explanation: int | None
    id: int | None


def read_header(fields: list[str]) -> Header | None:
    """The columns of a header row, or None if it lacks question and answer."""
    names = [field.strip().lower() for field in fields]

    def column(name: str) -> int | None:
        return names.index(name) if name in names else None

    question, answer = column("question"), column("answer")
    if question is None or answer is None:
        return None
    wrong = tuple(index for index, name in enumerate(names) if name.startswith("wrong"))
    return Header(question, answer, wrong, column("explanation"), column("id"))


def parse(data: bytes, options: Options) -> ImportResult:
    text = read_text(data)
    records = rows(text, guess_separator(text))
    first = next(records, None)
    header = read_header(first[1]) if first else None
    if first is None or header is None:
        found = ", ".join(first[1][:8]) if first else ""
        raise MalformedFileError(first[0] if first else 1, "error.csv_header", found=found[:200])
    result = ImportResult(FORMAT)
    drafts: list[Draft] = []
    lonely: list[Draft] = []
    for line, fields in records:
        if result.full(len(drafts)):
            break
        draft = _draft(line, fields, header)
        (drafts if len(draft.choices) > 1 else lonely).append(draft)
    lonely = [draft for draft in lonely if draft.prompt and draft.choices[0]]
    pool = [draft.choices[draft.answer] for draft in drafts + lonely if draft.prompt]
    hopeless = {id(draft) for draft in add_wrong_choices(lonely, pool)}
    if len(lonely) > len(hopeless):
        result.note("note.distractors")
    for draft in sorted(drafts + lonely, key=lambda draft: draft.line):
        if id(draft) in hopeless:
            result.skip(draft.line, "skip.no_wrong_choices")
        else:
            result.questions.append(draft)
    return result


def _draft(line: int, fields: list[str], header: Header) -> Draft:
    def cell(index: int | None) -> str:
        return plain(fields[index]) if index is not None and index < len(fields) else ""

    wrong = [text for index in header.wrong if (text := cell(index))]
    draft = Draft(line, cell(header.question), [cell(header.answer), *wrong], 0)
    draft.explanation = cell(header.explanation) or None
    draft.name = cell(header.id) or None
    return draft
