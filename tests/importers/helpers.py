"""Reading the corpus of files to import, and looking at what an import made of them."""

from __future__ import annotations

from dataclasses import dataclass

from bot.catalog.importers import Imported, Options, import_file
from bot.domain.models import Question
from tests.support.paths import ROOT

IMPORTS = ROOT / "tests" / "corpus" / "imports"


def corpus(name: str) -> bytes:
    return (IMPORTS / name).read_bytes()


@dataclass(frozen=True)
class Seen:
    """A question as a player meets it: prompt, choices, the right one, what teaches."""

    prompt: str
    choices: list[str]
    right: str
    explanation: str | None
    notes: dict[str, str]


def seen(question: Question) -> Seen:
    choices = [choice.versions[0][1] for choice in question.choices]
    return Seen(
        question.prompt.versions[0][1],
        choices,
        choices[question.answer],
        question.explanation.versions[0][1] if question.explanation else None,
        {choices[index]: note.versions[0][1] for index, note in question.notes.items()},
    )


def imported(name: str, data: bytes | None = None, **options: str) -> Imported:
    return import_file(name, corpus(name) if data is None else data, Options(**options))


def skipped(result: Imported) -> list[tuple[int, str]]:
    return [(item.line, item.reason.key) for item in result.skipped]
