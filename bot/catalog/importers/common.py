"""What every importer gives back, and the small rules they share.

An importer is pure: bytes in, an `ImportResult` out, or `MalformedFileError` when the file as a
whole cannot be read. It never touches the network or the disk, and its work is bounded by the
size of its input (read_text refuses more than MAX_TEXT_BYTES) and by MAX_QUESTIONS. Every
problem is a `Reason`: a catalog key under "import." and its values, so that the command line
and the chat word it in the reader's language (bot/text/import_texts.py).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Literal

from bot.catalog.importers.picture_refs import PictureRef
from bot.catalog.picture_files import PictureFiles
from bot.domain.models import Credit, Picture
from bot.domain.question_types import NumberKey, QuestionType

MAX_QUESTIONS = 500
"""A quiz holds at most this many questions (the loader's own limit)."""
MAX_TEXT_BYTES = 5_000_000
"""A text export larger than this is no study group's deck (10,000 GIFT questions are ~2 MB)."""
MAX_ITEMS = 20_000
"""Items (notes, rows, list entries) read at most, imported or skipped: bounded work."""

Unit = Literal["line", "row", "note", "question"]
Value = str | int


@dataclass(frozen=True, slots=True)
class Options:
    """What the person importing chose; None leaves it to the file (or the defaults)."""

    format: str | None = None
    quiz_id: str | None = None
    title: str | None = None
    language: str | None = None
    term_separator: str | None = None
    """Quizlet: between a term and its definition (default: a tab)."""
    row_separator: str | None = None
    """Quizlet: between two cards (default: a line break)."""
    pictures: bool = True
    """Bring the pictures in (False where they cannot go: standard output, a chat until it
    stores pictures): they are then left out, said once."""

    @property
    def content_language(self) -> str:
        return self.language or "en"


@dataclass(frozen=True, slots=True)
class Reason:
    """Why something happened, as a catalog key (under "import.") and its values."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, key: str, **values: Value) -> Reason:
        return cls(key, tuple(values.items()))

    def arguments(self) -> dict[str, Value]:
        return dict(self.values)


@dataclass(frozen=True, slots=True)
class Skipped:
    """An item of the file that did not become a question: where, and why."""

    line: int
    reason: Reason


class MalformedFileError(Exception):
    """The file as a whole cannot be read: nothing is imported."""

    def __init__(self, line: int, key: str, **values: Value) -> None:
        super().__init__(f"line {line}: {key} {values}")
        self.line = line
        self.reason = Reason.of(key, **values)


@dataclass(slots=True)
class Draft:
    """A question as found in the file, in the file's one language, before it is checked."""

    line: int
    prompt: str
    choices: list[str]
    answer: int
    explanation: str | None = None
    notes: dict[int, str] = field(default_factory=dict)
    """Feedback on wrong choices, by choice index."""
    name: str | None = None
    """The file's own name for the question (GIFT's ::title::), made into its id."""
    accepted: tuple[str, ...] = ()
    """Other answers the file accepts as right: never a wrong choice of a `choice` draft;
    every accepted answer of a `text` one (the first is shown as the answer)."""
    kind: QuestionType = "choice"
    """Format 3's type: `choice` and `truefalse` are judged by `answer` (True is 0), `multiple`
    by `rights`, `text` by `accepted`, `number` by `number`; the others have no `choices`."""
    rights: frozenset[int] = frozenset()
    """A `multiple` draft's right choices, by index."""
    number: NumberKey | None = None
    """A `number` draft's right values."""
    pictures: list[PictureRef] = field(default_factory=list)
    """The `<img>`s of its texts, in order: those of the question, then of the explanation
    (bot/catalog/importers/pictures.py brings them in as `image` and `explanation_image`)."""
    image: Picture | None = None
    explanation_image: Picture | None = None


@dataclass(slots=True)
class ImportResult:
    """What an importer found: questions, what it skipped and why, and what to tell."""

    format: str
    questions: list[Draft] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    notes: list[Reason] = field(default_factory=list)
    """Said once in the summary, e.g. how wrong choices were made."""
    title: str | None = None
    """The file's own name for its content (an Anki deck, a category)."""
    description: str | None = None
    """The file's own words on its content (Red's DESCRIPTION)."""
    language: str | None = None
    credit: Credit | None = None
    tags: list[str] = field(default_factory=list)
    difficulty: str | None = None
    media: PictureFiles | None = None
    """The pictures the file itself holds (an Anki package's media); None: those beside it."""
    unit: Unit = "line"
    """What `Skipped.line` counts: lines of text, spreadsheet rows, a package's notes, or the
    questions of a JSON list written on few lines (an API response is one line)."""

    def skip(self, line: int, key: str, **values: Value) -> None:
        self.skipped.append(Skipped(line, Reason.of(key, **values)))

    def note(self, key: str, **values: Value) -> None:
        reason = Reason.of(key, **values)
        if reason not in self.notes:
            self.notes.append(reason)

    def full(self, pending: int = 0) -> bool:
        """Enough read: MAX_ITEMS items seen, counting `pending` drafts not yet added."""
        return len(self.questions) + len(self.skipped) + pending >= MAX_ITEMS


def read_text(data: bytes) -> str:
    """UTF-8 text (a byte order mark dropped, line ends made \\n), or MalformedFileError."""
    if len(data) > MAX_TEXT_BYTES:
        raise MalformedFileError(1, "error.too_large", size=len(data), limit=MAX_TEXT_BYTES)
    try:
        return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8-sig").read()
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise MalformedFileError(line, "error.not_utf8") from None


def line_at(text: str, offset: int) -> int:
    """The 1-based line of the character at `offset`."""
    return text.count("\n", 0, offset) + 1
