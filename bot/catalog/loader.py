"""Reads quiz files and says exactly what is wrong with them: file, line, question, problem."""

from __future__ import annotations

import gc
import io
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.catalog import limits
from bot.catalog.field_reader import FieldReader, Problem
from bot.catalog.typography import typography_warnings
from bot.catalog.yaml_nodes import Node, YamlError, parse
from bot.domain.models import (
    LETTERS,
    MAX_CHOICES,
    MAX_QUESTIONS,
    QUIZ_ID_LENGTH,
    QUIZ_ID_PATTERN,
    Question,
    Quiz,
    Text,
)

MAX_FILE_BYTES = 1_000_000
QUIZ_ID = re.compile(QUIZ_ID_PATTERN)
QUESTION_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
DIFFICULTIES = ("easy", "medium", "hard")
TOP_KEYS = {
    "format",
    "id",
    "title",
    "description",
    "difficulty",
    "tags",
    "further_reading",
    "questions",
}
QUESTION_KEYS = {"id", "prompt", "choices", "answer", "explanation", "notes", "references"}


class QuizError(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(problem) for problem in problems))
        self.problems = problems


def load_quiz(path: Path, warnings: list[Problem] | None = None) -> Quiz:
    """Load and fully validate one quiz file, or raise QuizError with every problem.

    With a `warnings` list, what is worth fixing but not wrong (French typography) is added
    to it; a start-up, which passes none, does not look.
    """
    return load_source(str(path), path.stem, read_file(path), warnings)


def read_file(path: Path) -> bytes:
    """A quiz file's bytes, refusing one too large to be a quiz before reading it."""
    name = str(path)
    try:
        _check_size(name, path.stat().st_size)
        return path.read_bytes()
    except OSError as error:
        raise QuizError([Problem(name, 1, f"cannot read the file: {error.strerror}")]) from None


def _check_size(name: str, size: int) -> None:
    if size > MAX_FILE_BYTES:
        raise QuizError(
            [Problem(name, 1, f"the file is {size} bytes; the limit is {MAX_FILE_BYTES}")]
        )


def decode(data: bytes) -> str:
    """What Path.read_text(encoding="utf-8") makes of these bytes (\r\n and \r read as \n)."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read()


def load_source(name: str, stem: str, data: bytes, warnings: list[Problem] | None = None) -> Quiz:
    """Fully validate the bytes of the quiz file `name` (whose id must be `stem`)."""
    _check_size(name, len(data))
    try:
        source = decode(data)
    except UnicodeDecodeError:
        raise QuizError([Problem(name, 1, "the file is not UTF-8 text")]) from None
    try:
        root = parse(source)
    except YamlError as problem:
        raise QuizError([Problem(name, problem.line, problem.message)]) from None
    if warnings is not None:
        warnings.extend(typography_warnings(name, root))
    reader = FieldReader(name)
    quiz = _read_quiz(reader, root, stem)
    if quiz is not None and not reader.problems:
        _check_limits(reader, quiz, root)
    if reader.problems or quiz is None:
        raise QuizError(reader.problems)
    return quiz


def _read_quiz(reader: FieldReader, root: Node, stem: str) -> Quiz | None:
    values = reader.mapping(root, "the quiz", TOP_KEYS)
    if values is None:
        return None
    fields = {
        key: reader.required(values, key, root)
        for key in ("format", "id", "title", "description", "difficulty", "questions")
    }
    if fields["format"] is not None and fields["format"].value != 1:
        reader.report(fields["format"].line, "format must be 1")
    quiz_id = _read_id(reader, fields["id"], QUIZ_ID, "quiz id", QUIZ_ID_LENGTH)
    if quiz_id is not None and quiz_id != stem:
        reader.report(
            root.line if fields["id"] is None else fields["id"].line,
            f"quiz id '{quiz_id}' must match the file name '{stem}'",
        )
    title = reader.text(fields["title"], "title", 80) if fields["title"] else None
    description = (
        reader.text(fields["description"], "description", 300) if fields["description"] else None
    )
    difficulty = _read_difficulty(reader, fields["difficulty"])
    tags = (
        tuple(
            tag
            for node in reader.sequence(values["tags"], "tags")
            if (tag := reader.string(node, "tag", 40)) is not None
        )
        if "tags" in values
        else ()
    )
    reading = (
        reader.references(values["further_reading"], "further_reading")
        if "further_reading" in values
        else ()
    )
    questions = _read_questions(reader, fields["questions"]) if fields["questions"] else ()
    if quiz_id is None or title is None or description is None or difficulty is None:
        return None
    return Quiz(quiz_id, title, description, difficulty, tags, questions, reading)


def _read_id(
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


def _read_difficulty(reader: FieldReader, node: Node | None) -> str | None:
    if node is None:
        return None
    value = reader.string(node, "difficulty")
    if value is not None and value not in DIFFICULTIES:
        reader.report(
            node.line, f"difficulty must be one of {', '.join(DIFFICULTIES)} (got '{value}')"
        )
        return None
    return value


def _read_questions(reader: FieldReader, node: Node) -> tuple[Question, ...]:
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
    question_id = _read_id(reader, id_node, QUESTION_ID, "question id", 32)
    if question_id is not None and id_node is not None:
        if question_id in seen:
            reader.report(
                id_node.line,
                f"duplicate question id '{question_id}' (first used on line {seen[question_id]})",
            )
        seen.setdefault(question_id, node.line)
        reader.question_id = question_id
    prompt_node, choices_node, answer_node, explanation_node = (
        reader.required(values, key, node)
        for key in ("prompt", "choices", "answer", "explanation")
    )
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
    if explanation is None:
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


def _check_limits(reader: FieldReader, quiz: Quiz, root: Node) -> None:
    for question_id, message in limits.check_quiz(quiz):
        reader.question_id = question_id
        reader.report(reader.question_lines.get(question_id or "", root.line), message)
    reader.question_id = None


def quiz_files(paths: Iterable[Path]) -> Iterator[Path]:
    """The quiz files named, looking inside folders for *.yaml and *.yml."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml"))
        else:
            yield path


def validate(
    paths: Iterable[Path], warnings: list[Problem] | None = None
) -> tuple[list[Quiz], list[Problem]]:
    """The quizzes that load and the problems of those that do not (warnings: see load_quiz)."""
    quizzes: list[Quiz] = []
    problems: list[Problem] = []
    with without_cycle_collection():
        for path in quiz_files(paths):
            try:
                quizzes.append(load_quiz(path, warnings))
            except QuizError as error:
                problems.extend(error.problems)
    return quizzes, problems


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """Loading makes many small objects and no cycles: each cyclic collection on the way only
    rescanned what was made so far (a fifth of a cold start), so there is none until the end."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
