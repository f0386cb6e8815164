"""Quiz content as immutable data: what a quiz file holds once it has been validated."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Language = Literal["en", "fr"]
LANGUAGES: tuple[Language, ...] = ("en", "fr")
DEFAULT_LANGUAGE: Language = "en"
LETTERS = "ABCDEFGHIJ"
MAX_CHOICES = len(LETTERS)
MAX_QUESTIONS = 200
"""Questions a quiz may hold, so also the most a round can ask."""
QUIZ_ID_LENGTH = 24
QUIZ_ID_PATTERN = rf"[a-z0-9][a-z0-9-]{{0,{QUIZ_ID_LENGTH - 1}}}"
"""A quiz id, as quiz files give it and start buttons carry it."""


def pick_language(code: str | None, fallback: Language = DEFAULT_LANGUAGE) -> Language:
    """Map a platform locale ("fr", "fr-FR", "en-GB", None) to a supported language."""
    if code:
        prefix = code.lower().replace("_", "-").split("-", 1)[0]
        for language in LANGUAGES:
            if prefix == language:
                return language
    return fallback


@dataclass(frozen=True, slots=True)
class Text:
    """A text in every supported language; English is the fallback."""

    en: str
    fr: str

    def get(self, language: Language) -> str:
        return self.fr if language == "fr" else self.en


@dataclass(frozen=True, slots=True)
class Reference:
    title: str
    url: str


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    prompt: Text
    choices: tuple[Text, ...]
    answer: int
    """Index of the correct choice in `choices` (as written in the file, before shuffling)."""
    explanation: Text
    notes: dict[int, Text] = field(default_factory=dict)
    """Why a tempting wrong choice is wrong, by choice index."""
    references: tuple[Reference, ...] = ()


@dataclass(frozen=True, slots=True)
class Quiz:
    id: str
    title: Text
    description: Text
    difficulty: str
    tags: tuple[str, ...]
    questions: tuple[Question, ...]
    further_reading: tuple[Reference, ...] = ()
    source: str = ""
    """Path of the file the quiz was loaded from, for messages about it."""

    def question(self, question_id: str) -> Question | None:
        for question in self.questions:
            if question.id == question_id:
                return question
        return None
