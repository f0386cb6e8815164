"""Importing questions from the tools study groups already use, as a quiz the bot plays.

One module per format reads bytes into an `ImportResult` (drafts, skipped items, notes);
`import_file` detects the format, runs its importer and builds a quiz file that the loader
itself validates. The command line (adapters/import_command.py) and a chat upload call the same
`import_file(filename, data, options)` and get an `Imported` (the validated Quiz and its YAML)
or an `ImportFailedError` naming the problems by line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePath

from bot.catalog.header import LANGUAGE_CODE
from bot.catalog.importers import (
    anki_package,
    anki_text,
    gift,
    kahoot,
    opentdb,
    quizlet,
    red,
    table,
)
from bot.catalog.importers.build import Identity, build, valid_quiz_id
from bot.catalog.importers.cleaning import slug
from bot.catalog.importers.common import (
    MAX_QUESTIONS,
    ImportResult,
    MalformedFileError,
    Options,
    Reason,
    Skipped,
    Unit,
)
from bot.catalog.importers.detect import detect, is_quiz_file
from bot.catalog.importers.pictures import (
    NOTHING_BESIDE,
    Brought,
    Wording,
    bring_pictures,
    leave_out_pictures,
)
from bot.catalog.loader import QuizError
from bot.catalog.picture_files import PictureFiles
from bot.domain.models import Quiz
from bot.text.i18n import t

Importer = Callable[[bytes, Options], ImportResult]
FORMATS: dict[str, str] = {
    "gift": "Moodle GIFT",
    "anki": "Anki",
    "opentdb": "Open Trivia DB",
    "kahoot": "Kahoot",
    "red": "Red-DiscordBot trivia",
    "quizlet": "Quizlet",
    "csv": "quizbot CSV",
}
"""Format names as --format takes them, and as messages name them."""


def _anki(data: bytes, options: Options) -> ImportResult:
    if anki_package.is_package(data) or data.startswith(b"PK\x03\x04"):
        return anki_package.parse(data, options)
    return anki_text.parse(data, options)


IMPORTERS: dict[str, Importer] = {
    "gift": gift.parse,
    "anki": _anki,
    "opentdb": opentdb.parse,
    "kahoot": kahoot.parse,
    "red": red.parse,
    "quizlet": quizlet.parse,
    "csv": table.parse,
}


@dataclass(frozen=True, slots=True)
class Imported:
    """A quiz made from a file: validated by the loader, with its file and what was left."""

    quiz: Quiz
    yaml: str
    format: str
    skipped: list[Skipped]
    notes: list[Reason]
    unit: Unit
    lines: dict[str, int] = field(default_factory=dict)
    """Each question's place in the file (by id), counted in `unit`s."""
    pictures: dict[str, bytes] = field(default_factory=dict)
    """The quiz's pictures, cleaned, by the path its file names them by (`<id>/<name>`):
    to be written beside the quiz file."""
    picture_names: frozenset[str] = frozenset()
    """The files beside (or in the package) that pictures were read from."""


class ImportFailedError(Exception):
    """Nothing could be imported: the file is malformed (one problem) or every item in it
    was skipped (each problem, by line)."""

    def __init__(self, problems: list[Skipped], format_name: str | None, unit: Unit) -> None:
        super().__init__(f"{len(problems)} problems")
        self.problems = problems
        self.format = format_name
        self.unit = unit


def check_options(options: Options) -> Reason | None:
    """What is wrong with the options as given, or None."""
    if options.format is not None and options.format not in FORMATS:
        return Reason.of("error.unknown_format", format=options.format, known=", ".join(FORMATS))
    if options.quiz_id is not None and not valid_quiz_id(options.quiz_id):
        return Reason.of("error.bad_id", id=options.quiz_id)
    if options.language is not None and not LANGUAGE_CODE.fullmatch(options.language):
        return Reason.of("error.bad_language", language=options.language)
    if options.title is not None and not options.title.strip():
        return Reason.of("error.bad_title")
    return None


def import_file(
    filename: str,
    data: bytes,
    options: Options | None = None,
    beside: PictureFiles = NOTHING_BESIDE,
) -> Imported:
    """The quiz in `data` (the file `filename`), or ImportFailedError with every problem.
    Pictures come from the file itself (an Anki package's media), else from `beside`: the
    files next to it (the command line gives its folder).

    Raises ValueError when `options` are invalid (check_options says why).
    """
    options = options or Options()
    if (problem := check_options(options)) is not None:
        raise ValueError(problem.key)
    format_name = options.format or detect(filename, data, options)
    if format_name is None:
        raise _failed(1, "error.unknown_source", None, known=", ".join(FORMATS))
    if format_name == "red" and is_quiz_file(data):
        raise _failed(1, "error.already_a_quiz", format_name)
    try:
        result = IMPORTERS[format_name](data, options)
    except MalformedFileError as error:
        raise ImportFailedError([Skipped(error.line, error.reason)], format_name, "line") from None
    chosen = options.format or options.term_separator or options.row_separator
    if format_name == "quizlet" and not chosen:  # two plain columns: Anki's reading fits too
        result.notes.insert(0, Reason.of("note.read_quizlet"))
    identity = _identity(filename, result, options)
    brought = Brought()
    if options.pictures:
        wording = Wording(
            t(identity.language, "import.picture_alt", file=PurePath(filename).name[:80]),
            t(identity.language, "import.picture_prompt"),
        )
        files = result.media or beside
        brought = bring_pictures(result, files, identity.quiz_id, identity.language, wording)
    else:
        leave_out_pictures(result)
    try:
        name = PurePath(filename).name
        built = build(result, identity, name, FORMATS[format_name], brought.files)
    except QuizError as error:  # never expected: every draft was checked against the rules
        first = str(error.problems[0]) if error.problems else ""
        raise _failed(1, "error.not_valid", format_name, problem=first[:300]) from None
    if built.quiz is None:
        problems = built.skipped or [Skipped(1, Reason.of("error.no_questions"))]
        raise ImportFailedError(problems, format_name, result.unit)
    return Imported(
        built.quiz,
        built.yaml,
        format_name,
        built.skipped,
        result.notes,
        result.unit,
        built.lines,
        built.pictures,
        frozenset(brought.names),
    )


def _failed(line: int, key: str, format_name: str | None, **values: str) -> ImportFailedError:
    return ImportFailedError([Skipped(line, Reason.of(key, **values))], format_name, "line")


def _identity(filename: str, result: ImportResult, options: Options) -> Identity:
    stem = PurePath(filename).stem
    quiz_id = options.quiz_id or slug(stem, 24) or "imported"
    if not valid_quiz_id(quiz_id):
        quiz_id = "imported"
    title = options.title or result.title or stem.replace("_", " ").replace("-", " ").strip()
    title = " ".join((title or quiz_id).split())[:70].strip()
    language = options.language or result.language or "en"
    return Identity(quiz_id, title, language)


__all__ = [
    "FORMATS",
    "MAX_QUESTIONS",
    "ImportFailedError",
    "Imported",
    "Options",
    "Reason",
    "Skipped",
    "check_options",
    "import_file",
]
