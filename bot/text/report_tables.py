"""The report's tables, built once for the page and for its CSV and XLSX downloads.

A table holds typed values (numbers stay numbers in a spreadsheet) and localised headers from
the catalogs; `cell_text` formats a value for reading, in the page's language. Names and
quiz texts are kept as written (cleaned of control characters): escaping is the page's
template's job and the spreadsheet writers', each for its own format.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal

from bot.domain import uploads
from bot.domain.models import LETTERS, Language, Quiz
from bot.domain.report import MemberLine, Overview, QuestionFigures, RoundLine, share
from bot.text.i18n import t
from bot.text.markup import clean_name

Kind = Literal["text", "count", "share", "seconds", "date", "moment", "index", "points"]
"""`share`: a fraction (shown as %); `index`: -1 to 1; `points`: percentage points."""
Value = str | int | float | date | datetime | None


@dataclass(frozen=True, slots=True)
class Column:
    """A column: its header in the page's language and the kind of value it holds."""

    header: str
    kind: Kind


@dataclass(frozen=True, slots=True)
class Table:
    """One of the report's tables: the page shows it, the CSV and XLSX downloads hold it."""

    name: str
    """The download's file name (without extension)."""
    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Value, ...], ...]


NARROW_NBSP = "\u202f"


def plain(text: str) -> str:
    """A quiz text as written, less control and bidi characters (any length: not a name)."""
    return "".join(ch for ch in text if ch in "\n" or unicodedata.category(ch) not in ("Cc", "Cf"))


def count_text(value: int, language: Language) -> str:
    text = f"{value:,}"
    return text.replace(",", NARROW_NBSP) if language == "fr" else text


def share_text(value: float | None, language: Language) -> str:
    if value is None:
        return "—"
    return f"{round(value * 100)}{NARROW_NBSP}%" if language == "fr" else f"{round(value * 100)}%"


def seconds_text(ms: int | None, language: Language) -> str:
    if ms is None:
        return "—"
    text = f"{ms / 1000:.1f}"
    return f"{text.replace('.', ',') if language == 'fr' else text}{NARROW_NBSP}s"


def signed_text(value: float, decimals: int, language: Language) -> str:
    """`+0.50`, `−0.25` (a real minus sign), with the language's decimal mark."""
    text = f"{value:+.{decimals}f}".replace("-", "−")
    if not text.strip("+−0."):  # zero: no sign
        text = text[1:]
    return text.replace(".", ",") if language == "fr" else text


def cell_text(value: Value, kind: Kind, language: Language) -> str:
    """A value as the page shows it."""
    if value is None:
        return "—"
    if kind == "index" and isinstance(value, float):
        return signed_text(value, 2, language)
    if kind == "points" and isinstance(value, float):
        return signed_text(round(value), 0, language)
    if kind == "count" and isinstance(value, int):
        return count_text(value, language)
    if kind == "share" and isinstance(value, float):
        return share_text(value, language)
    if kind == "seconds" and isinstance(value, float):
        return seconds_text(round(value * 1000), language)
    if kind == "moment" and isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M UTC")
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


Cell = tuple[Kind, str, str]
"""A cell as the page lays it out: its kind (a CSS class), its column's header, its text."""


def cells(table: Table, language: Language) -> list[list[Cell]]:
    """Every row's cells formatted once, so the template only places them."""
    return [
        [(column.kind, column.header, cell_text(value, column.kind, language))
         for value, column in zip(row, table.columns, strict=True)]
        for row in table.rows
    ]  # fmt: skip


def columns_of(language: Language, *specs: tuple[str, Kind]) -> tuple[Column, ...]:
    return tuple(Column(t(language, f"report.column.{key}"), kind) for key, kind in specs)


def quiz_title(quizzes: Mapping[str, Quiz], quiz_id: str, language: Language) -> str:
    """The quiz's title in the language, or its id when the file is no longer installed."""
    quiz = quizzes.get(quiz_id)
    return plain(quiz.title.get(language)) if quiz else uploads.shown_id(quiz_id)


def days_table(overview: Overview, language: Language) -> Table:
    columns = columns_of(
        language, ("day", "date"), ("members", "count"), ("answers", "count"),
        ("right", "count"), ("accuracy", "share"),
    )  # fmt: skip
    rows = tuple(
        (day.day, day.members, day.tally.answered, day.tally.correct, day.tally.accuracy)
        for day in overview.days
    )
    return Table("days", t(language, "report.days.title"), columns, rows)


def quizzes_table(overview: Overview, quizzes: Mapping[str, Quiz], language: Language) -> Table:
    columns = columns_of(
        language, ("quiz", "text"), ("members", "count"), ("answers", "count"),
        ("accuracy", "share"),
    )  # fmt: skip
    rows = tuple(
        (quiz_title(quizzes, q.quiz_id, language), q.members, q.tally.answered, q.tally.accuracy)
        for q in overview.quizzes
    )
    return Table("quizzes", t(language, "report.quizzes.title"), columns, rows)


def members_table(members: Sequence[MemberLine], language: Language) -> Table:
    columns = columns_of(
        language, ("member", "text"), ("answers", "count"), ("accuracy", "share"),
        ("streak", "count"), ("best_streak", "count"), ("due", "count"),
        ("last_active", "date"),
    )  # fmt: skip
    rows = tuple(
        (clean_name(m.name), m.tally.answered, m.tally.accuracy, m.current_streak,
         m.best_streak, m.due, m.last_active)
        for m in members
    )  # fmt: skip
    return Table("members", t(language, "report.members.title"), columns, rows)


def ranking_text(line: RoundLine, language: Language) -> str:
    """`1. Ana 3/4 · 2. Ben 2/4`: the round's ranking on one line."""
    return " · ".join(
        t(language, "report.ranking_entry", rank=r.rank, name=clean_name(r.line.name),
          points=r.line.points, total=line.questions)
        for r in line.ranking
    )  # fmt: skip


def rounds_table(
    rounds: Sequence[RoundLine], quizzes: Mapping[str, Quiz], language: Language
) -> Table:
    columns = columns_of(
        language, ("started", "moment"), ("quiz", "text"), ("status", "text"),
        ("players", "count"), ("ranking", "text"),
    )  # fmt: skip
    rows = tuple(
        (r.started_at, quiz_title(quizzes, r.quiz_id, language),
         t(language, f"report.status.{r.status}"), r.players, ranking_text(r, language))
        for r in rounds
    )  # fmt: skip
    return Table("rounds", t(language, "report.rounds.title"), columns, rows)


def questions_table(quiz: Quiz, figures: Sequence[QuestionFigures], language: Language) -> Table:
    """One row per question and choice: how many picked it, which is right, times."""
    columns = columns_of(
        language, ("question", "text"), ("choice", "text"), ("text", "text"),
        ("picked", "count"), ("correct", "text"), ("question_accuracy", "share"),
        ("median", "seconds"),
    )  # fmt: skip
    by_id = {f.question_id: f for f in figures}
    rows: list[tuple[Value, ...]] = []
    for question in quiz.questions:
        found = by_id.get(question.id)
        if found is None:
            continue
        median = None if found.median_ms is None else found.median_ms / 1000
        for index, choice in enumerate(question.choices):
            mark = t(language, "report.yes") if index == question.answer else ""
            rows.append(
                (question.id, LETTERS[index], plain(choice.get(language)),
                 found.choices.get(index, 0), mark, found.accuracy, median)
            )  # fmt: skip
    name = f"quiz-{uploads.shown_id(quiz.id)}"
    return Table(name, plain(quiz.title.get(language)), columns, tuple(rows))


def choice_share(figures: QuestionFigures, index: int) -> float | None:
    return share(figures.choices.get(index, 0), figures.answered)
