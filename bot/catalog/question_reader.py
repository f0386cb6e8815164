"""Reading a quiz file's questions: ids, types, prompts, explanations, references.

The loader reads the quiz around them (bot/catalog/loader.py); each type's choices, answer and
notes are read by bot/catalog/answer_reader.py. A problem found inside a question names it.
"""

from __future__ import annotations

import re

from bot.catalog.answer_reader import TYPE_KEYS, read_body
from bot.catalog.field_reader import FieldReader
from bot.catalog.picture_reader import read_picture
from bot.catalog.yaml_nodes import Node
from bot.domain.models import MAX_QUESTIONS, Question
from bot.domain.question_types import QUESTION_TYPES, QuestionType

QUESTION_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
QUESTION_KEYS = {"id", "prompt", "choices", "answer", "explanation", "notes", "references"}
"""The keys of a question in formats 1 and 2."""
FORMAT_3_KEYS = QUESTION_KEYS | {"type", "image", "explanation_image"} | TYPE_KEYS


def read_id(
    reader: FieldReader, node: Node | None, pattern: re.Pattern[str], what: str, length: int
) -> str | None:
    if node is None:
        return None
    value = reader.string(node, what)
    if value is not None and not pattern.fullmatch(value):
        reader.report(
            node.line, f"{what} '{value}' must be 1-{length} lowercase letters, digits or hyphens"
        )
        return None
    return value


def read_questions(reader: FieldReader, node: Node) -> tuple[Question, ...]:
    items = reader.sequence(node, "questions")
    if isinstance(node.value, list) and not 1 <= len(items) <= MAX_QUESTIONS:
        reader.report(
            node.line, f"a quiz needs 1 to {MAX_QUESTIONS} questions (found {len(items)})"
        )
    questions = []
    for item in items:
        question = _read_question(reader, item, reader.question_lines)
        reader.question_id = None
        if question is not None:
            questions.append(question)
    return tuple(questions)


def _read_question(reader: FieldReader, node: Node, seen: dict[str, int]) -> Question | None:
    """One question; `seen` maps the ids read so far to their lines, to catch duplicates."""
    if isinstance(node.value, dict) and isinstance(named := node.value.get("id"), Node):
        known = isinstance(named.value, str) and QUESTION_ID.fullmatch(named.value)
        reader.question_id = str(named.value) if known else None
    allowed = FORMAT_3_KEYS if reader.format >= 3 else QUESTION_KEYS
    if isinstance(node.value, dict) and "type" in node.value:
        allowed = allowed | {"type"}  # told below that it needs format 3
    values = reader.mapping(node, "a question", allowed)
    if values is None:
        return None
    id_node = reader.required(values, "id", node)
    question_id = read_id(reader, id_node, QUESTION_ID, "question id", 32)
    if question_id is not None and id_node is not None:
        if question_id in seen:
            reader.report(
                id_node.line,
                f"duplicate question id '{question_id}' (first used on line {seen[question_id]})",
            )
        seen.setdefault(question_id, node.line)
        reader.question_id = question_id
    kind = _read_type(reader, values)
    prompt_node = reader.required(values, "prompt", node)
    prompt = reader.text(prompt_node, "prompt", 500) if prompt_node else None
    body = read_body(reader, values, node, kind) if kind is not None else None
    explanation_node = values.get("explanation")
    explanation = reader.text(explanation_node, "explanation", 700) if explanation_node else None
    references = (
        reader.references(values["references"], "references") if "references" in values else ()
    )
    image, explanation_image = (
        read_picture(reader, values[key], key) if key in values else None
        for key in ("image", "explanation_image")
    )
    if question_id is None or prompt is None or body is None or kind is None:
        return None
    if explanation is None and explanation_node is not None:
        return None
    return Question(
        question_id,
        prompt,
        body.choices,
        body.answer,
        explanation,
        body.notes,
        references,
        kind,
        body.key,
        image,
        explanation_image,
    )


def _read_type(reader: FieldReader, values: dict[str, Node]) -> QuestionType | None:
    """The question's type: `choice` unless a format 3 file says otherwise."""
    node = values.get("type")
    if node is None:
        return "choice"
    if reader.format < 3:
        reader.report(node.line, f"'type' needs format: 3 (this file says {reader.format})")
        return None
    for kind in QUESTION_TYPES:
        if node.value == kind:
            return kind
    got = f"'{node.value}'" if isinstance(node.value, str) else node.raw
    reader.report(node.line, f"type must be one of {', '.join(QUESTION_TYPES)} (got {got})")
    return None
