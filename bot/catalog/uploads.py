"""A file a chat uploads, read into a quiz; and a stored chat quiz read back.

Both go through the hardened readers only: a quizbot quiz file through the loader, anything
else through the importers (bot/catalog/importers), whose YAML, JSON, CSV and zip readers are
bounded and run no code. What is stored is the quiz file made of the upload, so reading it
back is the loader's full validation again, never the original format's. A `.zip` holds one
such file and its pictures (bot/catalog/zip_upload.py reads it); the pictures the quiz names
are kept as the loader cleaned them, and given back with the stored file. CPU work: callers
run these in a thread.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePath

from bot.catalog.field_reader import Problem
from bot.catalog.importers import ImportFailedError, Options, Skipped, import_file
from bot.catalog.importers.detect import is_quiz_file
from bot.catalog.loader import QuizError, check_source, decode, load_source
from bot.catalog.picture_files import (
    NO_PICTURES,
    PictureFiles,
    PicturesGiven,
    StoredPictures,
    checked_name,
)
from bot.catalog.zip_upload import is_zip_upload, read_zip
from bot.domain.models import Picture, Quiz
from bot.domain.uploads import (
    MAX_UPLOAD_QUESTIONS,
    StoredChatQuiz,
    UploadFailed,
    UploadProblem,
    UploadRefusal,
    UploadRefused,
)

CAP_REASON = "skip.cap"
"""The importers' reason for the questions past MAX_QUESTIONS: the upload is refused."""


@dataclass(frozen=True, slots=True)
class ReadUpload:
    """An upload that became a quiz (under its plain id), with the file to store.

    `source` is that quiz file: the upload itself when it is one, else the file made of it.
    `warnings` are what was skipped on the way (told, not refused; a quiz file that loads
    has none), numbered in the original file by `unit`: line, row or note."""

    quiz: Quiz
    source: str
    warnings: tuple[UploadProblem, ...]
    unit: str
    pictures: dict[str, Picture] = field(default_factory=dict)
    """The pictures the quiz shows, cleaned, by the name it gives them (`checked_name`)."""
    unused_pictures: tuple[str, ...] = ()
    """Pictures of the zip that the quiz does not name: not kept."""
    read_pictures: frozenset[str] = frozenset()
    """The zip's pictures an import read (it names them anew, `<id>/<name>`)."""


def read_upload(filename: str, data: bytes) -> ReadUpload | UploadFailed | UploadRefused:
    """The quiz in an uploaded file (or zip), its problems by line, or why it is refused."""
    name = PurePath(filename).name or "upload"
    if not is_zip_upload(name):
        return _read_file(name, data, {})
    contents = read_zip(data)
    if isinstance(contents, UploadRefused):
        return contents
    return _read_file(contents.quiz_name, contents.quiz_data, contents.pictures)


def _read_file(
    name: str, data: bytes, given: Mapping[str, bytes]
) -> ReadUpload | UploadFailed | UploadRefused:
    read = _read_alone(name, data, PicturesGiven(given) if given else NO_PICTURES)
    if not isinstance(read, ReadUpload):
        return read
    shown = quiz_pictures(read.quiz)
    unused = tuple(sorted(set(given) - set(shown) - read.read_pictures))
    return dataclasses.replace(read, pictures=shown, unused_pictures=unused)


def quiz_pictures(quiz: Quiz) -> dict[str, Picture]:
    """The pictures of the quiz's questions and explanations, by the name the quiz gives."""
    found = {}
    for question in quiz.questions:
        for picture in (question.image, question.explanation_image):
            if picture is not None:
                found[checked_name(picture.name)] = picture
    return found


def _read_alone(
    name: str, data: bytes, pictures: PictureFiles
) -> ReadUpload | UploadFailed | UploadRefused:
    if is_quiz_file(data):
        return _read_quiz_file(name, data, pictures)
    try:
        imported = import_file(name, data, Options(), pictures)
    except ImportFailedError as error:
        return UploadFailed(name, tuple(_problem(item) for item in error.problems), error.unit)
    if any(item.reason.key == CAP_REASON for item in imported.skipped):
        return UploadRefused(UploadRefusal.TOO_MANY_QUESTIONS, MAX_UPLOAD_QUESTIONS)
    warnings = tuple(_problem(item) for item in imported.skipped)
    read = imported.picture_names
    return ReadUpload(imported.quiz, imported.yaml, warnings, imported.unit, read_pictures=read)


def _read_quiz_file(name: str, data: bytes, pictures: PictureFiles) -> ReadUpload | UploadFailed:
    """A quizbot quiz file as it is: the loader checks it, its id is the one it declares
    (whatever the file is named)."""
    try:
        text = decode(data)
    except UnicodeDecodeError:
        return UploadFailed(name, (UploadProblem(1, "import.error.not_utf8"),))
    try:
        checked = check_source(name, None, data, pictures)
    except QuizError as error:
        return UploadFailed(name, tuple(_quiz_problem(problem) for problem in error.problems))
    return ReadUpload(checked.quiz, text, (), "line")


def load_stored(stored: StoredChatQuiz) -> Quiz:
    """A stored chat quiz, validated again with its stored pictures, under its key; raises
    QuizError."""
    pictures = StoredPictures(stored.pictures) if stored.pictures else NO_PICTURES
    quiz = load_source(stored.filename, stored.quiz_id, stored.source.encode(), None, pictures)
    return dataclasses.replace(quiz, id=stored.key, source=stored.filename)


def _problem(item: Skipped) -> UploadProblem:
    return UploadProblem(item.line, f"import.{item.reason.key}", item.reason.values)


def _quiz_problem(problem: Problem) -> UploadProblem:
    where = f"question '{problem.question_id}': " if problem.question_id else ""
    values = (("problem", where + problem.message),)
    return UploadProblem(problem.line, "upload.quiz_problem", values)
