"""The texts of the report's teaching sections (issue 29): item analysis, questions to
discuss, the member × question grid, members falling behind.

Tables are `report_tables.Table`s, so the page and a download can share them; the other
sections are lines of text built here, in the page's language, for the template to place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.domain.flags import FlaggedQuestion
from bot.domain.item_analysis import DISCUSS_BELOW, MIN_MEMBERS, Analysis, ToDiscuss
from bot.domain.models import LETTERS, Language, Question, Quiz
from bot.domain.report import QuestionFigures
from bot.domain.report_periods import BEHIND_DROP, BEHIND_DUE, Period, Progress
from bot.text.flag_texts import reasons_text
from bot.text.i18n import t
from bot.text.markup import clean_name
from bot.text.report_tables import Kind, Table, Value, cell_text, columns_of, share_text


def numbers(quiz: Quiz | None) -> dict[str, int]:
    """Each question's number in the quiz (1 for the first), by id."""
    return {q.id: n for n, q in enumerate(quiz.questions if quiz else (), start=1)}


def short(number: int | None, question_id: str, language: Language) -> str:
    """`Q3`, or the question's id when the quiz no longer has it."""
    return question_id if number is None else t(language, "report.question.short", number=number)


def in_quiz_order(analysis: Analysis, quiz: Quiz | None) -> list[str]:
    """The analysed questions' ids in the quiz's order (those it no longer has last)."""
    numbered = numbers(quiz)
    return sorted(analysis.items, key=lambda key: (numbered.get(key, len(numbered) + 1), key))


def items_table(analysis: Analysis, quiz: Quiz | None, language: Language) -> Table:
    """One row per question answered in the period, in the quiz's order."""
    numbered = numbers(quiz)
    flagged = any(item.flags for item in analysis.items.values())
    specs: list[tuple[str, Kind]] = [
        ("question", "text"), ("answers", "count"), ("members_answered", "count"),
        ("accuracy", "share"), ("discrimination", "index"), ("wrong_choices", "text"),
    ]  # fmt: skip
    if flagged:  # members' flags (issue 29, item 2) once they are stored
        specs.append(("flags", "count"))
    rows = []
    for item in (analysis.items[key] for key in in_quiz_order(analysis, quiz)):
        question = quiz.question(item.question_id) if quiz else None
        tempting = "" if question is None else _wrong_choices(item.figures, question, language)
        row: list[Value] = [short(numbered.get(item.question_id), item.question_id, language),
                            item.figures.answered, item.members, item.difficulty,
                            item.discrimination, tempting]  # fmt: skip
        if flagged:
            row.append(item.flags)
        rows.append(tuple(row))
    columns = columns_of(language, *specs)
    return Table("items", t(language, "report.items.title"), columns, tuple(rows))


def progress_table(members: Sequence[Progress], period: Period, language: Language) -> Table:
    """Each member over the period: answers, share right, trend, reviews due, recall."""
    columns = columns_of(
        language, ("member", "text"), ("period_answers", "count"),
        ("period_accuracy", "share"), ("trend", "points"), ("due", "count"),
        ("recall", "share"),
    )  # fmt: skip
    rows = tuple(
        (clean_name(p.line.name), p.period.answered, p.period.accuracy,
         None if p.trend is None else round(p.trend * 100, 1), p.line.due, p.recall)
        for p in members
    )  # fmt: skip
    title = f"{t(language, 'report.progress.title')} · {period_label(period, language)}"
    return Table("progress", title, columns, rows)


def _wrong_choices(figures: QuestionFigures, question: Question, language: Language) -> str:
    """`B 25% ⚠ · C 13% · D 0%`: how often each wrong choice was picked, ⚠ on the most."""
    tempting = figures.tempting(question.answer)
    return " · ".join(
        t(language, "report.items.wrong_choice", letter=LETTERS[index],
          share=share_text(figures.choices.get(index, 0) / figures.answered, language))
        + (" ⚠" if index in tempting else "")
        for index in range(len(question.choices))
        if index != question.answer
    ) if figures.answered else ""  # fmt: skip


@dataclass(frozen=True, slots=True)
class Line:
    """A line of a list section: its label (and the anchor it links to) and its text."""

    label: str
    anchor: str
    text: str


def discuss_lines(found: Sequence[ToDiscuss], quiz: Quiz | None, language: Language) -> list[Line]:
    numbered = numbers(quiz)
    lines = []
    for d in found:
        figures = t(language, "report.discuss.entry",
                    share=cell_text(d.item.difficulty, "share", language),
                    index=cell_text(d.item.discrimination, "index", language))  # fmt: skip
        reason = t(language, f"report.discuss.{d.reason}")
        label = short(numbered.get(d.item.question_id), d.item.question_id, language)
        lines.append(Line(label, f"q-{d.item.question_id}", f"{figures} — {reason}"))
    return lines


def flag_lines(
    found: Sequence[FlaggedQuestion], quiz: Quiz | None, language: Language
) -> list[Line]:
    """The quiz's flagged questions, most flagged first: how many flags, the reasons given,
    whether admins hid it, and the latest sentences members added."""
    numbered = numbers(quiz)
    lines = []
    for flagged in sorted(found, key=lambda f: (-f.count, numbered.get(f.question_id, 0))):
        label = short(numbered.get(flagged.question_id), flagged.question_id, language)
        text = t(language, "report.flags.entry", count=flagged.count,
                 reasons=reasons_text(flagged, language))  # fmt: skip
        notes = " ".join(f"“{note}”" for note in flagged.notes)
        lines.append(Line(label, f"q-{flagged.question_id}", f"{text} {notes}".strip()))
    return lines


def behind_lines(found: Sequence[Progress], language: Language) -> list[Line]:
    lines = []
    for member in found:
        reasons = []
        if "due" in member.behind:
            reasons.append(t(language, "report.behind.due", count=member.line.due))
        if "dropping" in member.behind and member.trend is not None:
            drop = t(language, "report.behind.points", count=round(-member.trend * 100))
            reasons.append(t(language, "report.behind.dropping", drop=drop))
        lines.append(Line(clean_name(member.line.name), "", " · ".join(reasons)))
    return lines


def notes(language: Language) -> Mapping[str, str]:
    """The method and threshold notes the sections print under their tables."""
    method = t(language, "report.items.method")
    shown_from = t(language, "report.items.min_members", count=MIN_MEMBERS)
    due = t(language, "report.behind.due", count=BEHIND_DUE)
    drop = t(language, "report.behind.points", count=round(BEHIND_DROP * 100))
    return {
        "method": f"{method} {shown_from}",
        "discuss_none": t(language, "report.discuss.none",
                          share=share_text(DISCUSS_BELOW, language)),
        "behind_rule": t(language, "report.behind.rule", due=due, drop=drop),
    }  # fmt: skip


def period_label(period: Period, language: Language) -> str:
    return t(language, f"report.period.{period}")
