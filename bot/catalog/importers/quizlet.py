"""Quizlet exports: a term, a separator, its definition; then a row separator; and so on.

Quizlet lets users choose both separators when they export (tab or comma between term and
definition, a line break or semicolon between rows, or any text): `--term-sep` and
`--row-sep` say which were chosen (defaults: tab and line break). The term is the prompt and
the definition the answer, as Quizlet's own tests ask; wrong choices are other definitions.
Quizlet writes plain text; a file holding HTML (`<br>`, `&nbsp;`: a flashcard tool's export
read as Quizlet's) is turned into text, and the summary says so.
"""

from __future__ import annotations

from bot.catalog.importers.cleaning import html_to_text, looks_like_html, plain
from bot.catalog.importers.common import Draft, ImportResult, Options, read_text
from bot.catalog.importers.distractors import keep_flashcards

FORMAT = "quizlet"
NAMED = {
    "tab": "\t",
    "comma": ",",
    "semicolon": ";",
    "newline": "\n",
    "space": " ",
}
ESCAPES = {"\\t": "\t", "\\n": "\n"}


def separator(value: str) -> str:
    """A separator as typed on a command line: a name (tab, comma, semicolon, newline), an
    escape (\\t, \\n) or the text itself."""
    if value.lower() in NAMED:
        return NAMED[value.lower()]
    for escaped, character in ESCAPES.items():
        value = value.replace(escaped, character)
    return value


def parse(data: bytes, options: Options) -> ImportResult:
    text = read_text(data)
    term_separator = options.term_separator or "\t"
    row_separator = options.row_separator or "\n"
    result = ImportResult(FORMAT)
    clean = html_to_text if looks_like_html(text) else plain
    drafts: list[Draft] = []
    line = 1
    for row in text.split(row_separator):
        row_line, line = line, line + row.count("\n") + row_separator.count("\n")
        if not row.strip():
            continue
        if result.full(len(drafts)):
            break
        row_line += row[: len(row) - len(row.lstrip())].count("\n")
        term, found, definition = row.partition(term_separator)
        if not found:
            shown = _shown(term_separator)
            result.skip(row_line, "skip.quizlet_no_separator", separator=shown)
            continue
        drafts.append(Draft(row_line, clean(term), [clean(definition)], 0))
    keep = [draft for draft in drafts if draft.prompt and draft.choices[0]]
    for draft in drafts:
        if not draft.prompt or not draft.choices[0]:
            field = "term" if not draft.prompt else "definition"
            result.skip(draft.line, "skip.empty_field", field=field)
    keep_flashcards(result, keep, options.content_language)
    if clean is html_to_text:
        result.note("note.html")
    return result


def _shown(value: str) -> str:
    return value.replace("\t", "\\t").replace("\n", "\\n")
