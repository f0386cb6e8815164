"""Quiz content as immutable data: what a quiz file holds once it has been validated.

Two kinds of language meet here. The bot's own words exist in English and French (`UI_LANGUAGES`,
the catalogs); a quiz's texts exist in the languages its file declares (any code: a German deck
stays German). A player's `Language` is a plain code such as "de": the bot speaks to them in
`ui_language(code)`, and shows them a quiz in that code when the quiz has it, else in the quiz's
first language (`Text.get`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from bot.domain.language_codes import primary as primary
from bot.domain.language_codes import version_in

if TYPE_CHECKING:
    from bot.domain.question_types import AnswerKey, QuestionType

Language = str
"""A player's language: the primary subtag of their locale, lowercase ("en", "fr", "de")."""
UiLanguage = Literal["en", "fr"]
LANGUAGES: tuple[UiLanguage, ...] = ("en", "fr")
"""The languages of the bot's own words (the catalogs)."""
DEFAULT_LANGUAGE: UiLanguage = "en"
LETTERS = "ABCDEFGHIJ"
MAX_CHOICES = len(LETTERS)
MAX_QUESTIONS = 500
"""Questions a quiz may hold, so also the most a round can ask."""
QUIZ_ID_LENGTH = 24
QUIZ_ID_PATTERN = rf"[a-z0-9][a-z0-9-]{{0,{QUIZ_ID_LENGTH - 1}}}"
"""A quiz id, as quiz files give it and start buttons carry it."""
_PRIMARY = re.compile(r"[a-z]{2,3}(?![a-z])")


def pick_language(code: str | None, fallback: Language = DEFAULT_LANGUAGE) -> Language:
    """A platform locale ("fr", "fr-FR", "de_AT.UTF-8", None) as a player's language ("de")."""
    if code:
        found = _PRIMARY.match(code.lower())
        if found:
            return found.group()
    return fallback


def ui_language(language: Language) -> UiLanguage:
    """The language the bot's own words are given in for a player of `language`."""
    return "fr" if language == "fr" else "en"


@dataclass(frozen=True, slots=True, init=False)
class Text:
    """One text in each of its quiz's languages, in the quiz's order: the first is the fallback.

    `Text(en, fr)` is the bilingual text of format 1 files; `Text.of(...)` any languages.
    """

    versions: tuple[tuple[str, str], ...]
    """(language code, text) pairs."""

    def __init__(self, en: str, fr: str | None = None) -> None:
        versions = (("en", en),) if fr is None else (("en", en), ("fr", fr))
        object.__setattr__(self, "versions", versions)

    @classmethod
    def of(cls, versions: tuple[tuple[str, str], ...]) -> Text:
        """A text in the languages given, the first being the quiz's first."""
        text = cls.__new__(cls)
        object.__setattr__(text, "versions", versions)
        return text

    def get(self, language: Language) -> str:
        """The text in `language` (or a regional variant of it), else in the first language."""
        return version_in(self.versions, language)

    @property
    def en(self) -> str:
        return self.get("en")

    @property
    def fr(self) -> str:
        return self.get("fr")

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(code for code, _ in self.versions)


@dataclass(frozen=True, slots=True)
class Reference:
    """A link for reading further: a question's references or a quiz's further reading."""

    title: str
    url: str


@dataclass(frozen=True, slots=True)
class Credit:
    """Where a quiz's content comes from, shown with the quiz (e.g. Open Trivia DB, CC BY-SA)."""

    name: str
    url: str = ""
    licence: str = ""


@dataclass(frozen=True, slots=True)
class Picture:
    """A quiz's picture: bytes cleaned by bot/pictures/clean.py, named by their hash, and the
    alt text that the terminal and screen readers show (required)."""

    digest: str
    """SHA-256 of `data`, in hex."""
    media_type: str
    width: int
    height: int
    alt: Text
    data: bytes = field(repr=False, compare=False)
    name: str = ""
    """The file name its quiz gave it, for messages about it ("" for a formula card)."""

    @property
    def filename(self) -> str:
        """The name it is posted under: content-named, so two quizzes' "diagram.png" differ."""
        extension = self.media_type.removeprefix("image/").replace("jpeg", "jpg")
        return f"{self.digest[:16]}.{extension}"


@dataclass(frozen=True, slots=True)
class Question:
    """One question as its file gives it: choices in the author's order, shuffled per post."""

    id: str
    prompt: Text
    choices: tuple[Text, ...]
    answer: int
    """Index of the correct choice in `choices` (as written in the file, before shuffling)."""
    explanation: Text | None
    """Why the answer is right; None when the file gives none (the verdict then shows the
    right answer alone)."""
    notes: dict[int, Text] = field(default_factory=dict)
    """Why a tempting wrong choice is wrong, by choice index."""
    references: tuple[Reference, ...] = ()
    type: QuestionType = "choice"
    """Format 3's `type` (bot/domain/question_types.py); formats 1 and 2 are all `choice`.
    `answer` is the right choice of a `choice` or `truefalse` question (True is 0, False 1),
    and -1 for the other types, judged by `key` (or, for `order`, by the choices' order)."""
    key: AnswerKey | None = None
    """What judges a `multiple`, `text` or `number` question; None for the other types."""
    image: Picture | None = None
    """Format 3's `image: {file, alt}`: shown with the question (bot/pictures/)."""
    explanation_image: Picture | None = None
    """Format 3's `explanation_image: {file, alt}`: shown with the explanation."""


@dataclass(frozen=True, slots=True)
class Quiz:
    """A validated quiz: a bundled one under its file's id, a chat's own under its key."""

    id: str
    title: Text
    description: Text | None
    """None when a format 2 file gives none."""
    difficulty: str
    tags: tuple[str, ...]
    questions: tuple[Question, ...]
    further_reading: tuple[Reference, ...] = ()
    source: str = ""
    """Path of the file the quiz was loaded from, for messages about it."""
    languages: tuple[str, ...] = ("en", "fr")
    """The languages of its texts, as its file declares them; the first is the fallback."""
    credit: Credit | None = None
    """The file's `source`: attribution shown with the quiz."""

    def question(self, question_id: str) -> Question | None:
        for question in self.questions:
            if question.id == question_id:
                return question
        return None

    def render_languages(self) -> tuple[Language, ...]:
        """Every player language that renders this quiz differently: the bot's languages and
        the quiz's own (a German player of a German quiz sees German texts, English words)."""
        found: list[Language] = list(LANGUAGES)
        for code in self.languages:
            if primary(code) not in found:
                found.append(primary(code))
        return tuple(found)
