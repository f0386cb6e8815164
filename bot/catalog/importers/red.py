"""Red-DiscordBot trivia lists: YAML mapping each question to the answers it accepts.

    AUTHOR: Someone
    What is the capital of France?:
    - Paris
    How many legs does a spider have?:
    - 8
    - eight

The first answer is the one shown as right; the others are spellings Red accepts when typed,
dropped here since players choose. Wrong choices are the other questions' answers. `AUTHOR`
becomes the quiz's credit, `CONFIG` is Red's own settings. Lists are parsed with the project's
hardened YAML reader (bot/catalog/yaml_nodes.py): no code, no alias bombs, every line known.
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
from bot.catalog.importers.distractors import add_wrong_choices
from bot.catalog.yaml_nodes import Node, YamlError, parse_document
from bot.domain.models import Credit

FORMAT = "red"
SPECIAL_KEYS = ("AUTHOR", "CONFIG")


def parse(data: bytes, options: Options) -> ImportResult:
    try:
        root, key_lines = parse_document(read_text(data))
    except YamlError as error:
        raise MalformedFileError(error.line, "error.yaml", problem=error.message) from None
    if not isinstance(root.value, dict):
        raise MalformedFileError(root.line, "error.red_shape")
    result = ImportResult(FORMAT)
    author = root.value.get("AUTHOR")
    if author is not None and isinstance(author.value, str | int) and plain(str(author.value)):
        result.credit = Credit(plain(str(author.value))[:200])
    drafts: list[Draft] = []
    for question, node in root.value.items():
        if question in SPECIAL_KEYS:
            continue
        if result.full(len(drafts)):
            break
        draft = _draft(result, key_lines.get(question, node.line), question, node)
        if draft is not None:
            drafts.append(draft)
    lonely = {id(draft) for draft in add_wrong_choices(drafts, [d.choices[0] for d in drafts])}
    for draft in drafts:
        if id(draft) in lonely:
            result.skip(draft.line, "skip.no_wrong_choices")
        else:
            result.questions.append(draft)
    if result.questions:
        result.note("note.distractors")
    return result


def _draft(result: ImportResult, line: int, question: str, node: Node) -> Draft | None:
    if not isinstance(node.value, list):
        result.skip(line, "skip.red_not_list")
        return None
    answers = [plain(item.raw or str(item.value)) for item in node.value if _scalar(item)]
    answers = [answer for answer in answers if answer]
    if not answers:
        result.skip(line, "skip.red_no_answer")
        return None
    if len(answers) > 1:
        result.note("note.red_alternatives")
    return Draft(line, plain(question), [answers[0]], 0)


def _scalar(node: Node) -> bool:
    return node.value is not None and not isinstance(node.value, list | dict)
