"""A chat's results as CSV, for the group's organiser."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from typing import TextIO

from bot.domain.entities import ExportRow
from bot.domain.judging import NO_CHOICE
from bot.domain.models import LETTERS

COLUMNS = ("answered_at", "user_id", "name", "quiz", "question", "choice", "correct", "seconds")
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: str) -> str:
    """User text that a spreadsheet will show, never run as a formula (CSV injection)."""
    return f"'{text}" if text.startswith(_FORMULA_STARTS) else text


def write_csv(rows: Sequence[ExportRow], stream: TextIO) -> int:
    """Write the rows; `choice` is the letter as written in the quiz file (A = first), or for
    a question of another type the answer as typed ("Pairs", "27 %") or the letters picked
    as written in the file ("AC", "CABD")."""
    writer = csv.writer(stream)
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow(
            (
                row.answered_at.isoformat(timespec="milliseconds"),
                row.user_id,
                spreadsheet_safe(row.name),
                row.quiz_id,
                row.question_id,
                _choice(row),
                int(row.correct),
                f"{row.elapsed_ms / 1000:.3f}",
            )
        )
    return len(rows)


def _choice(row: ExportRow) -> str:
    if row.choice == NO_CHOICE:
        return spreadsheet_safe(row.response or "")
    return LETTERS[row.choice]
