"""Question tables (CSV): one question a row, the columns named by a header row.

    question,answer,wrong,wrong,wrong,explanation
    What is 2 + 2?,4,3,5,22,"Two and two make four."

    Question,Option 1,Option 2,Option 3,Correct Answer,Explanation
    What is 2 + 2?,3,4,5,4,"Two and two make four."

Columns (names in any case; see table_header.py for the names each may have): quizbot's own
`question`, `answer`, one or more `wrong` (also `wrong 1`, `wrong2`…), and optionally
`explanation` and `id`; or options with a correct-answer column that names one of them by its
text, its number or its letter (table_choices.py). Fields follow CSV quoting; the separator is
the header's (comma, semicolon as spreadsheets in French write it, or tab). A row without
wrong choices gets other rows' answers, as flashcards do.
"""

from __future__ import annotations

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
from bot.catalog.importers.table_choices import choice_drafts
from bot.catalog.importers.table_header import Header, read_header

FORMAT = "csv"


def parse(data: bytes, options: Options) -> ImportResult:
    text = read_text(data)
    records = rows(text, guess_separator(text))
    first = next(records, None)
    header = read_header(first[1]) if first else None
    if first is None or header is None:
        found = ", ".join(first[1][:8]) if first else ""
        raise MalformedFileError(first[0] if first else 1, "error.csv_header", found=found[:200])
    result = ImportResult(FORMAT)
    if header.options:
        choice_drafts(result, records, header)
        return result
    drafts: list[Draft] = []
    for line, fields in records:
        if result.full(len(drafts)):
            break
        drafts.append(_draft(line, fields, header))
    _keep(result, drafts, header)
    return result


def _keep(result: ImportResult, drafts: list[Draft], header: Header) -> None:
    """The drafts as questions, those without wrong choices given other rows' answers; a row
    without an answer is skipped saying so (its empty answer is no one's wrong choice)."""
    answered = [draft for draft in drafts if draft.choices[0] or not draft.prompt]
    lonely = [draft for draft in answered if len(draft.choices) == 1 and draft.prompt]
    pool = [draft.choices[0] for draft in answered if draft.prompt and draft.choices[0]]
    hopeless = {id(draft) for draft in add_wrong_choices(lonely, pool)}
    if len(lonely) > len(hopeless):
        result.note("note.distractors")
    for draft in drafts:
        if draft.prompt and not draft.choices[0]:
            result.skip(draft.line, "skip.empty_field", field=header.names[header.answer])
        elif id(draft) in hopeless:
            result.skip(draft.line, "skip.no_wrong_choices")
        else:
            result.questions.append(draft)


def _draft(line: int, fields: list[str], header: Header) -> Draft:
    def cell(index: int | None) -> str:
        return plain(fields[index]) if index is not None and index < len(fields) else ""

    wrong = [text for index in header.wrong if (text := cell(index))]
    draft = Draft(line, cell(header.question), [cell(header.answer), *wrong], 0)
    draft.explanation = cell(header.explanation) or None
    draft.name = cell(header.id) or None
    return draft
