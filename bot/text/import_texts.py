"""What an import says: its problems by line and its summary, in the reader's language.

Importers give reasons as catalog keys (bot/catalog/importers/common.py: Reason); the command
line and a chat upload word them here, the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from bot.catalog.importers import FORMATS, Imported, Reason, Skipped
from bot.catalog.importers.common import Unit
from bot.catalog.importers.pictures import LEFT_OUT
from bot.domain.models import Language
from bot.text.i18n import has_message, t


class Placed(Protocol):
    """A problem at a place in a file: an import's Skipped item, an upload's UploadProblem."""

    @property
    def line(self) -> int: ...


P = TypeVar("P", bound=Placed)


def reason_text(reason: Reason, language: Language) -> str:
    """The reason in words; a separator given by name ("tab") is worded in the language."""
    values = reason.arguments()
    separator = values.get("separator")
    if isinstance(separator, str) and has_message(f"import.separator.{separator}"):
        values["separator"] = t(language, f"import.separator.{separator}")
    return t(language, f"import.{reason.key}", **values)


def _problem_line(file: str, line: int, reason: str, unit: str, language: Language) -> str:
    """ "deck.txt:12: a cloze note …", or "deck.apkg: note 12: …" in a package (the places
    are written the way compilers write them, in every language)."""
    if unit in ("note", "question"):
        return f"{file}: {t(language, f'import.at_{unit}', number=line)}: {reason}"
    return f"{file}:{line}: {reason}"


def placed_lines(
    file: str, items: Sequence[P], reason: Callable[[P], str], unit: str, language: Language,
    limit: int | None = None,
) -> list[str]:  # fmt: skip
    """Each item's line with its `reason`, the first `limit` of them then how many more (None:
    all): the import command's and a chat upload's problems, worded alike."""
    shown = items if limit is None else items[:limit]
    lines = [_problem_line(file, item.line, reason(item), unit, language) for item in shown]
    if len(items) > len(shown):
        lines.append(t(language, "import.more", count=len(items) - len(shown)))
    return lines


def problem_lines(
    file: str, items: Sequence[Skipped], unit: Unit, language: Language, limit: int | None = None
) -> list[str]:
    """Each skipped item's line, the first `limit` of them then how many more (None: all)."""
    return placed_lines(
        file, items, lambda item: reason_text(item.reason, language), unit, language, limit
    )


def summary(file: str, imported: Imported, language: Language) -> list[str]:
    """Questions imported, every item skipped by line, the pictures left out (their
    questions kept) by line, and the notes."""
    count = len(imported.quiz.questions)
    lines = [t(language, "import.done", count=count, file=file, format=format_name(imported))]
    items = [item for item in imported.skipped if item.reason.key not in LEFT_OUT]
    pictures = [item for item in imported.skipped if item.reason.key in LEFT_OUT]
    if items:
        lines.append(t(language, "import.skipped", count=len(items)))
        lines += problem_lines(file, items, imported.unit, language)
    if pictures:
        lines.append(t(language, "import.pictures_left_out", count=len(pictures)))
        lines += problem_lines(file, pictures, imported.unit, language)
    lines += [
        t(language, "import.note", note=reason_text(note, language)) for note in imported.notes
    ]
    return lines


def format_name(imported: Imported) -> str:
    return FORMATS.get(imported.format, imported.format)
