"""Reads quiz files and says exactly what is wrong with them: file, line, question, problem."""

from __future__ import annotations

import gc
import io
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bot.catalog import limits, lint
from bot.catalog.field_reader import FieldReader, Problem
from bot.catalog.header import read_header
from bot.catalog.picture_files import NO_PICTURES, FolderPictures, PictureFiles
from bot.catalog.question_reader import read_id, read_questions
from bot.catalog.typography import typography_warnings
from bot.catalog.yaml_nodes import Node, YamlError, parse
from bot.domain.models import QUIZ_ID_LENGTH, QUIZ_ID_PATTERN, Quiz

MAX_FILE_BYTES = 1_000_000
QUIZ_ID = re.compile(QUIZ_ID_PATTERN)
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
    "languages",
    "source",
}


class QuizError(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(problem) for problem in problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class Checked:
    """A quiz that loads, and what its file should not hold (warnings: it still plays)."""

    quiz: Quiz
    warnings: list[Problem]


def load_quiz(path: Path, warnings: list[Problem] | None = None) -> Quiz:
    """Load and fully validate one quiz file, or raise QuizError with every problem.

    With a `warnings` list, what is worth fixing but not wrong (French typography, a question
    without an explanation) is added to it; a start-up, which passes none, does not look.
    """
    pictures = FolderPictures(path.parent)
    return load_source(str(path), path.stem, read_file(path), warnings, pictures)


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


def check_source(
    name: str, stem: str | None, data: bytes, pictures: PictureFiles = NO_PICTURES
) -> Checked:
    """load_source, with the warnings of a quiz that loads (an import, an upload)."""
    warnings: list[Problem] = []
    return Checked(load_source(name, stem, data, warnings, pictures), warnings)


def load_source(
    name: str,
    stem: str | None,
    data: bytes,
    warnings: list[Problem] | None = None,
    pictures: PictureFiles = NO_PICTURES,
) -> Quiz:
    """Fully validate the bytes of the quiz file `name` (whose id must be `stem`; None: any
    valid id, as in a chat's upload, named as its sender chose); with a `warnings` list, add
    the file's warnings to it, in line order. The pictures it names are read from `pictures`
    (none: a quiz that came alone can show none)."""
    _check_size(name, len(data))
    try:
        source = decode(data)
    except UnicodeDecodeError:
        raise QuizError([Problem(name, 1, "the file is not UTF-8 text")]) from None
    try:
        root = parse(source)
    except YamlError as problem:
        raise QuizError([Problem(name, problem.line, problem.message)]) from None
    found = typography_warnings(name, root) if warnings is not None else []
    reader = FieldReader(name, pictures=pictures)
    quiz = _read_quiz(reader, root, stem)
    if quiz is not None and not reader.problems:
        _check_limits(reader, quiz, root)
    if warnings is not None:
        found += _lint(reader, quiz, root) if quiz is not None and not reader.problems else []
        warnings.extend(sorted(found, key=lambda warning: warning.line))
    if reader.problems or quiz is None:
        raise QuizError(reader.problems)
    return quiz


def _read_quiz(reader: FieldReader, root: Node, stem: str | None) -> Quiz | None:
    values = reader.mapping(root, "the quiz", TOP_KEYS)
    if values is None:
        return None
    header = read_header(reader, values, root)
    required = ["id", "title", "difficulty", "questions"]
    fields = {key: reader.required(values, key, root) for key in required}
    if header.format == 1:
        fields["description"] = reader.required(values, "description", root)
    else:
        fields["description"] = values.get("description")
    quiz_id = _read_quiz_id(reader, fields["id"], root, stem)
    title = reader.text(fields["title"], "title", 80) if fields["title"] else None
    description = (
        reader.text(fields["description"], "description", 300) if fields["description"] else None
    )
    difficulty = _read_difficulty(reader, fields["difficulty"])
    tags = _read_tags(reader, values["tags"]) if "tags" in values else ()
    reading = (
        reader.references(values["further_reading"], "further_reading")
        if "further_reading" in values
        else ()
    )
    questions = read_questions(reader, fields["questions"]) if fields["questions"] else ()
    if quiz_id is None or title is None or difficulty is None:
        return None
    if description is None and header.format == 1:
        return None
    return Quiz(
        quiz_id,
        title,
        description,
        difficulty,
        tags,
        questions,
        reading,
        languages=header.languages,
        credit=header.credit,
    )


def _read_quiz_id(
    reader: FieldReader, node: Node | None, root: Node, stem: str | None
) -> str | None:
    quiz_id = read_id(reader, node, QUIZ_ID, "quiz id", QUIZ_ID_LENGTH)
    if quiz_id is not None and stem is not None and quiz_id != stem:
        reader.report(
            root.line if node is None else node.line,
            f"quiz id '{quiz_id}' must match the file name '{stem}'",
        )
    return quiz_id


def _read_tags(reader: FieldReader, node: Node) -> tuple[str, ...]:
    return tuple(
        tag
        for item in reader.sequence(node, "tags")
        if (tag := reader.string(item, "tag", 40)) is not None
    )


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


def _check_limits(reader: FieldReader, quiz: Quiz, root: Node) -> None:
    for question_id, message in limits.check_quiz(quiz):
        reader.question_id = question_id
        reader.report(reader.question_lines.get(question_id or "", root.line), message)
    reader.question_id = None


def _lint(reader: FieldReader, quiz: Quiz, root: Node) -> list[Problem]:
    """The warnings about a quiz that loads (bot/catalog/lint.py), at their questions' lines."""
    return [
        Problem(
            reader.file,
            reader.question_lines.get(question_id or "", root.line),
            message,
            question_id,
        )
        for question_id, message in lint.check_quiz(quiz)
    ]


def shows_pictures(quiz: Quiz) -> bool:
    """Whether a question or explanation of the quiz has a picture of its author's."""
    return any(q.image or q.explanation_image for q in quiz.questions)


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
