"""Quizzes a chat uploads: their limits, their keys, and what an upload or a removal gives.

An upload is untrusted input, so its limits are checked before anything is downloaded where
they can be (the declared size, the chat's quiz count, its uploads in the last hour). A chat
quiz is stored under a key of its own, `<id>@<serial>`, since two chats may upload the same
id: posts, answers, scores, schedules and review cards name that key, which a replacement
keeps (answer history survives by question id); what people see and type is the plain id.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.domain.models import Quiz, Text
from bot.domain.pictures import MAX_ZIP_BYTES

MAX_UPLOAD_BYTES = 1_000_000
"""A file uploaded alone, or the quiz file in a zip; the zip itself: MAX_ZIP_BYTES."""
MAX_UPLOAD_QUESTIONS = 500
MAX_CHAT_QUIZZES = 50
MAX_UPLOADS_PER_HOUR = 10
RATE_WINDOW = timedelta(hours=1)
KEY_SEPARATOR = "@"
"""Never in a bundled id (QUIZ_ID_PATTERN), so a key tells a chat quiz at a glance."""


def chat_quiz_key(quiz_id: str, serial: int) -> str:
    """The key a chat quiz is stored and played under: "gpu@12"."""
    return f"{quiz_id}{KEY_SEPARATOR}{serial}"


def shown_id(key: str) -> str:
    """The id people see and type: "gpu" for "gpu@12"; a bundled id as it is."""
    return key.split(KEY_SEPARATOR, 1)[0]


def key_serial(key: str) -> int | None:
    """The stored row's serial in a chat quiz's key; None for a bundled id."""
    _, separator, serial = key.partition(KEY_SEPARATOR)
    return int(serial) if separator and serial.isdigit() else None


def is_chat_quiz(quiz: Quiz) -> bool:
    return key_serial(quiz.id) is not None


def removed_quiz(key: str) -> Quiz:
    """What a finished round shows of a chat quiz removed while it ran: its id, nothing else."""
    shown = shown_id(key)
    return Quiz(key, Text(shown), None, "medium", (), (), languages=("en",))


@dataclass(frozen=True, slots=True)
class ChatQuizEntry:
    """A chat's quiz in the light listing: enough to count, check ids and see replacements."""

    serial: int
    quiz_id: str
    uploaded_at: datetime

    @property
    def key(self) -> str:
        """What posts, scores and the shelf name this quiz by: "gpu@12"."""
        return chat_quiz_key(self.quiz_id, self.serial)


@dataclass(frozen=True, slots=True)
class StoredPicture:
    """A chat quiz's picture as the store holds it: cleaned at the upload, so its bytes are
    what a platform receives and their SHA-256 is the row's digest."""

    name: str
    """The name the quiz gives it (`checked_name`)."""
    media_type: str
    width: int
    height: int
    data: bytes = field(repr=False)


@dataclass(frozen=True, slots=True)
class StoredChatQuiz(ChatQuizEntry):
    """A chat's quiz as the store holds it: its entry, the quiz file made of the upload, whose."""

    chat_id: str
    source: str
    """The quiz file's text (YAML the hardened loader reads back)."""
    filename: str
    uploaded_by: str
    pictures: tuple[StoredPicture, ...] = ()
    """The pictures the quiz shows, by name."""


class UploadRefusal(enum.Enum):
    """Why an upload is refused as a whole (not item by item); the value names its catalog text."""

    TOO_BIG = "too_big"
    TOO_MANY_QUESTIONS = "too_many_questions"
    TOO_MANY_QUIZZES = "too_many_quizzes"
    RATE_LIMITED = "rate_limited"
    BUNDLED_ID = "bundled_id"
    ZIP_UNREADABLE = "zip_unreadable"
    ZIP_TOO_MANY_PICTURES = "zip_too_many_pictures"
    ZIP_NO_QUIZ = "zip_no_quiz"
    ZIP_SEVERAL_QUIZZES = "zip_several_quizzes"
    ZIP_BAD_NAME = "zip_bad_name"
    ZIP_DUPLICATE_NAME = "zip_duplicate_name"
    ZIP_ENCRYPTED = "zip_encrypted"
    ZIP_PACKING = "zip_packing"
    ZIP_NESTED = "zip_nested"
    ZIP_OVERLAPPING = "zip_overlapping"
    ZIP_MEMBER_TOO_BIG = "zip_member_too_big"
    ZIP_DAMAGED = "zip_damaged"


@dataclass(frozen=True, slots=True)
class UploadProblem:
    """A problem of the file, by line: a catalog key ("import.error.yaml") and its values."""

    line: int
    key: str
    values: tuple[tuple[str, str | int], ...] = ()


@dataclass(frozen=True, slots=True)
class Uploaded:
    """An upload that became the chat's quiz, replacing the one of the same id if any."""

    quiz: Quiz
    """Under its key (`quiz.id`); `shown_id(quiz.id)` is what the chat types."""
    replaced: bool
    warnings: tuple[UploadProblem, ...] = ()
    """Items of the file skipped (the quiz plays without them)."""
    unit: str = "line"
    unused_pictures: tuple[str, ...] = ()
    """Pictures of a zip that the quiz does not name: not kept."""


@dataclass(frozen=True, slots=True)
class UploadRefused:
    """An upload refused as a whole: `limit` is the bound it hit (0 for BUNDLED_ID)."""

    reason: UploadRefusal
    limit: int
    quiz_id: str = ""
    """The id concerned, for BUNDLED_ID."""
    name: str = ""
    """The zip member concerned (or members, for ZIP_SEVERAL_QUIZZES)."""


@dataclass(frozen=True, slots=True)
class UploadFailed:
    """The file did not import: its problems by line (`unit`: line, row or note)."""

    filename: str
    problems: tuple[UploadProblem, ...]
    unit: str = "line"


UploadOutcome = Uploaded | UploadRefused | UploadFailed

RATE_LIMITED = UploadRefused(UploadRefusal.RATE_LIMITED, MAX_UPLOADS_PER_HOUR)
"""The refusal of an upload past the hourly limit, before the download or when the store,
counting it, finds the limit reached meanwhile."""


@dataclass(frozen=True, slots=True)
class Removed:
    """A chat quiz `/removequiz` removed; its title goes in the confirmation."""

    quiz_id: str
    title: str


@dataclass(frozen=True, slots=True)
class NotRemovable:
    """A `/removequiz` id that is not a quiz of the chat's; `bundled`: it is a bundled one."""

    quiz_id: str
    bundled: bool


RemoveOutcome = Removed | NotRemovable


def size_limit(filename: str) -> int:
    """The most bytes an upload of this name may have: a zip holds pictures too."""
    return MAX_ZIP_BYTES if filename.lower().endswith(".zip") else MAX_UPLOAD_BYTES


def refusal_before_download(
    declared_size: int | None,
    quiz_count: int,
    recent_uploads: int,
    replacing: bool,
    limit: int = MAX_UPLOAD_BYTES,
) -> UploadRefused | None:
    """What refuses an upload before its file is fetched, if anything. `replacing`: the file's
    name suggests a quiz the chat already has, so a full chat may still replace it; `limit`:
    the upload's size limit (`size_limit`)."""
    if declared_size is not None and declared_size > limit:
        return UploadRefused(UploadRefusal.TOO_BIG, limit)
    if recent_uploads >= MAX_UPLOADS_PER_HOUR:
        return RATE_LIMITED
    if quiz_count >= MAX_CHAT_QUIZZES and not replacing:
        return UploadRefused(UploadRefusal.TOO_MANY_QUIZZES, MAX_CHAT_QUIZZES)
    return None
