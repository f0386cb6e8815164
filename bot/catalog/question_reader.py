"""Reading a quiz file's questions: ids, prompts, choices, the answer letter, notes.

The loader reads the quiz around them (bot/catalog/loader.py); a problem found inside a
question names it.
"""

from __future__ import annotations

import re

from bot.catalog.field_reader import FieldReader
from bot.catalog.yaml_nodes import Node
from bot.domain.models import LETTERS, MAX_CHOICES, MAX_QUESTIONS, Question, Text

QUESTION_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
QUESTION_KEYS = {"id", "prompt", "choices", "answer", "explanation", "notes", "references"}


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
    values = reader.mapping(node, "a question", QUESTION_KEYS)
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
    prompt_node, choices_node, answer_node = (
        reader.required(values, key, node) for key in ("prompt", "choices", "answer")
    )
    explanation_node = values.get("explanation")
    prompt = reader.text(prompt_node, "prompt", 500) if prompt_node else None
    choices = _read_choices(reader, choices_node) if choices_node else None
    answer = _read_letter(reader, answer_node, "answer", choices) if answer_node else None
    explanation = reader.text(explanation_node, "explanation", 700) if explanation_node else None
    notes = _read_notes(reader, values.get("notes"), choices, answer)
    references = (
        reader.references(values["references"], "references") if "references" in values else ()
    )
    if question_id is None or prompt is None or choices is None or answer is None:
        return None
    if explanation is None and explanation_node is not None:
        return None
    return Question(question_id, prompt, choices, answer, explanation, notes, references)


def _read_choices(reader: FieldReader, node: Node) -> tuple[Text, ...] | None:
    items = reader.sequence(node, "choices")
    if not isinstance(node.value, list):
        return None
    if not 2 <= len(items) <= MAX_CHOICES:
        reader.report(
            node.line, f"a question needs 2 to {MAX_CHOICES} choices (found {len(items)})"
        )
        return None
    texts = [reader.text(item, f"choice {LETTERS[i]}", 200) for i, item in enumerate(items)]
    if any(text is None for text in texts):
        return None
    return tuple(text for text in texts if text is not None)


def _read_letter(
    reader: FieldReader, node: Node, what: str, choices: tuple[Text, ...] | None
) -> int | None:
    if isinstance(node.value, int | float) and not isinstance(node.value, bool):
        reader.report(node.line, f"{what} must be a choice letter such as A (got {node.raw})")
        return None
    value = reader.string(node, what)
    if value is None:
        return None
    if len(value) != 1 or value not in LETTERS:
        reader.report(node.line, f"{what} must be a choice letter such as A (got '{value}')")
        return None
    index = LETTERS.index(value)
    if choices is not None and index >= len(choices):
        reader.report(
            node.line,
            f"{what} '{value}' is out of range: there are "
            f"{len(choices)} choices (A-{LETTERS[len(choices) - 1]})",
        )
        return None
    return index


def _read_notes(
    reader: FieldReader, node: Node | None, choices: tuple[Text, ...] | None, answer: int | None
) -> dict[int, Text]:
    if node is None:
        return {}
    values = reader.mapping(node, "notes", set(LETTERS))
    notes: dict[int, Text] = {}
    for key, note_node in (values or {}).items():
        index = _read_letter(reader, Node(key, note_node.line, key), "note letter", choices)
        text = reader.text(note_node, f"note {key}", 300)
        if index is not None and index == answer:
            reader.report(
                note_node.line,
                f"note {key} is on the correct answer; notes explain "
                "wrong choices (put it in the explanation)",
            )
        elif index is not None and text is not None:
            notes[index] = text
    return notes
