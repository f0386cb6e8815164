"""Open Trivia Database questions: an API response (`{"response_code": 0, "results": […]}`)
or its `results` list alone.

Each result has `type` (multiple or boolean), `difficulty`, `category`, `question`,
`correct_answer` and `incorrect_answers`; a boolean one (True or False) becomes a `truefalse`
question. Texts come HTML-escaped by default, or encoded as the
API was asked (`encode=url3986`, the older `urlLegacy`, or `base64`): the encoding is
recognised from the file. The content is CC BY-SA 4.0, so the quiz credits Open Trivia DB.
"""

from __future__ import annotations

import base64
import binascii
import html
import json
from collections import Counter
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote, unquote_plus

from bot.catalog.importers.cleaning import plain, tag
from bot.catalog.importers.common import (
    Draft,
    ImportResult,
    MalformedFileError,
    Options,
    read_text,
)
from bot.catalog.importers.json_lines import item_lines
from bot.catalog.importers.wording import true_false
from bot.domain.models import Credit

FORMAT = "opentdb"
CREDIT = Credit("Open Trivia Database", "https://opentdb.com", "CC BY-SA 4.0")
RESPONSE_CODES = {1: "no_results", 2: "invalid_parameter", 3: "token_not_found", 4: "token_empty"}
RESPONSE_CODES[5] = "rate_limit"
TYPES = ("multiple", "boolean")
DIFFICULTIES = ("easy", "medium", "hard")
Decoder = Callable[[str], str]


def parse(data: bytes, options: Options) -> ImportResult:
    text = read_text(data)
    try:
        document: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise MalformedFileError(error.lineno, "error.json", problem=error.msg) from None
    except RecursionError:
        raise MalformedFileError(1, "error.json", problem="nested too deeply") from None
    except ValueError as error:  # e.g. a number of more digits than Python converts
        raise MalformedFileError(1, "error.json", problem=str(error)[:200]) from None
    results = _results(document)
    lines = item_lines(text)
    decode = _decoder(results)
    result = ImportResult(FORMAT, credit=CREDIT, language="en")
    if len(set(lines)) < len(lines):  # several on a line (an API response is one): by number
        result.unit, lines = "question", list(range(1, len(results) + 1))
    categories: Counter[str] = Counter()
    difficulties: Counter[str] = Counter()
    for index, item in enumerate(results):
        if result.full():
            break
        line = lines[index] if index < len(lines) else 1
        draft = _draft(result, line, item, decode)
        if draft is not None:
            result.questions.append(draft)
            categories.update([_field(item, "category", decode)])
            difficulties.update([_field(item, "difficulty", decode)])
    _describe(result, categories, difficulties)
    return result


def _results(document: Any) -> list[Any]:
    if isinstance(document, dict):
        code = document.get("response_code", 0)
        if code in RESPONSE_CODES:
            raise MalformedFileError(1, f"error.opentdb_{RESPONSE_CODES[code]}", code=code)
        document = document.get("results")
    if not isinstance(document, list):
        raise MalformedFileError(1, "error.opentdb_shape")
    return document


def _decoder(results: list[Any]) -> Decoder:
    """How the texts are encoded, from the first result that says its type."""
    for item in results:
        kind = item.get("type") if isinstance(item, dict) else None
        if not isinstance(kind, str):
            continue
        if kind in TYPES:
            question = str(item.get("question", ""))
            if " " not in question and "%" in question:
                return unquote
            if " " not in question and "+" in question:
                return unquote_plus
            return html.unescape
        if _base64(kind) in TYPES:
            return _base64
    return html.unescape


def _base64(text: str) -> str:
    try:
        return base64.b64decode(text, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return text


def _field(item: dict[str, Any], key: str, decode: Decoder) -> str:
    value = item.get(key)
    return plain(decode(value)) if isinstance(value, str) else ""


def _draft(result: ImportResult, line: int, item: Any, decode: Decoder) -> Draft | None:
    if not isinstance(item, dict):
        result.skip(line, "skip.opentdb_not_question")
        return None
    for key in ("type", "question", "correct_answer", "incorrect_answers"):
        if key not in item:
            result.skip(line, "skip.missing_field", field=key)
            return None
    kind = _field(item, "type", decode)
    wrong = item["incorrect_answers"]
    if kind not in TYPES:
        result.skip(line, "skip.opentdb_type", type=kind[:40])
        return None
    if not isinstance(wrong, list) or not all(isinstance(value, str) for value in wrong):
        result.skip(line, "skip.missing_field", field="incorrect_answers")
        return None
    right = _field(item, "correct_answer", decode)
    choices = [right, *(plain(decode(value)) for value in wrong)]
    prompt = _field(item, "question", decode)
    if kind == "boolean" and (draft := true_false(line, prompt, choices, 0)) is not None:
        return draft
    return Draft(line, prompt, choices, 0)


def _describe(result: ImportResult, categories: Counter[str], difficulties: Counter[str]) -> None:
    """Tags from the categories; title and difficulty from the most common ones."""
    for category, _ in categories.most_common(10):
        if (value := tag(category)) and value not in result.tags:
            result.tags.append(value)
    if len(categories) == 1:
        result.title = next(iter(categories))
    else:
        result.title = "Open Trivia DB"
    common = [name for name, _ in difficulties.most_common() if name in DIFFICULTIES]
    result.difficulty = common[0] if common else None
    if result.questions:
        result.note("note.opentdb_credit")
