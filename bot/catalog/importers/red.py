"""Red-DiscordBot trivia lists: YAML mapping each question to the answers it accepts.

    AUTHOR: Someone
    DESCRIPTION: A trivia about capitals.
    What is the capital of France?:
    - Paris
    How many legs does a spider have?:
    - 8
    - eight

Red's game is typed, and so is the question each entry becomes: a `text` question accepting
every answer Red accepts, the first shown as the answer (typed.typed_answers keeps what the
loader takes: answers of 100 characters at most, the first 20; the summary says when some were
left out, and a question none of whose answers fits is skipped by line). Red's own keys
(redbot/cogs/trivia/schema.py) are no questions: `AUTHOR` becomes the quiz's credit,
`DESCRIPTION` its description, `CONFIG` (Red's game settings) and `$schema` (for editors) are
left out. A question asked twice (Red's loader silently keeps the last) is kept the first time
and skipped by line the second, saying when its answer differs. An answer is read as written:
`No` stays No where Red's YAML 1.1 reads False (the summary says so). Lists are parsed with the
project's hardened YAML reader (bot/catalog/yaml_nodes.py): no code, no alias bombs, every line
known.
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
from bot.catalog.importers.typed import trims
from bot.catalog.yaml_nodes import Entry, Node, YamlError, parse_entries
from bot.domain.models import Credit

FORMAT = "red"
METADATA = ("AUTHOR", "DESCRIPTION", "CONFIG", "$schema")
"""The keys Red's schema reads as the list's own, not as questions."""


def parse(data: bytes, options: Options) -> ImportResult:
    try:
        line, entries = parse_entries(read_text(data))
    except YamlError as error:
        raise MalformedFileError(error.line, "error.yaml", problem=error.message) from None
    if entries is None:
        raise MalformedFileError(line, "error.red_shape")
    result = ImportResult(FORMAT)
    drafts: list[Draft] = []
    first: dict[str, Draft] = {}
    for entry in entries:
        if entry.key in METADATA:
            _metadata(result, entry)
            continue
        if result.full(len(drafts)):
            break
        draft = _draft(result, entry)
        if draft is None:
            continue
        if entry.key in first:
            _repeated(result, first[entry.key], draft)
        else:
            first[entry.key] = draft
            drafts.append(draft)
    result.questions.extend(drafts)
    if any(trims(draft.accepted) for draft in drafts):
        result.note("note.typed_trimmed")
    return result


def _metadata(result: ImportResult, entry: Entry) -> None:
    value = entry.value.value
    if not isinstance(value, str | int | float) or isinstance(value, bool):
        return
    text = plain(entry.value.raw or str(value))
    if entry.key == "AUTHOR" and text:
        result.credit = Credit(text[:200])
    elif entry.key == "DESCRIPTION" and text:
        result.description = text


def _repeated(result: ImportResult, kept: Draft, again: Draft) -> None:
    right, other = kept.accepted[0], again.accepted[0]
    if right.casefold() == other.casefold():
        result.skip(again.line, "skip.red_repeated", first=kept.line)
    else:
        result.skip(again.line, "skip.red_repeated_answer", first=kept.line, answer=other[:80])


def _draft(result: ImportResult, entry: Entry) -> Draft | None:
    node = entry.value
    if not isinstance(node.value, list):
        result.skip(entry.line, "skip.red_not_list")
        return None
    if any(item.is_yes_no_trap for item in node.value):
        result.note("note.red_as_written")
    answers = [plain(item.raw or str(item.value)) for item in node.value if _scalar(item)]
    answers = [answer for answer in answers if answer]
    if not answers:
        result.skip(entry.line, "skip.red_no_answer")
        return None
    return Draft(entry.line, plain(entry.key), [], -1, accepted=tuple(answers), kind="text")


def _scalar(node: Node) -> bool:
    return node.value is not None and not isinstance(node.value, list | dict)
