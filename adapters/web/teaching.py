"""The report's teaching sections (issue 29): what the quiz and members pages add for a
period (`?period=7|30|90|all`): item analysis, questions to discuss, the member × question
grid, members' progress and who is falling behind.

The pages' handlers (routes.py) merge these into their templates' context.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from aiohttp import web

from bot.domain.item_analysis import analyse, to_discuss
from bot.domain.models import Language, Quiz
from bot.domain.report_periods import (
    MIN_TREND_ANSWERS,
    PERIODS,
    Period,
    Progress,
    falling_behind,
    mean_recalls,
    period_of,
    progress,
    window,
)
from bot.storage.report_store import ReportStore
from bot.text import report_items as items_text
from bot.text.i18n import t
from bot.text.markup import clean_name


def period_in(request: web.Request) -> Period:
    return period_of(request.query.get("period", ""))


def periods(period: Period, language: Language) -> list[tuple[Period, str, bool]]:
    """The period filter's links: each period, its label, whether it is the one shown."""
    return [(p, items_text.period_label(p, language), p == period) for p in PERIODS]


async def quiz_sections(
    store: ReportStore,
    chat_id: str,
    quiz_id: str,
    quiz: Quiz | None,
    period: Period,
    now: datetime,
    language: Language,
) -> dict[str, Any]:
    span = window(period, now.date())
    latest, choices = await store.period_counts(chat_id, quiz_id, span.first)
    flagged = [f for f in await store.chat_flags(chat_id) if f.quiz_id == quiz_id and f.count]
    analysis = analyse(latest, choices, {f.question_id: f.count for f in flagged})
    lines = await store.members(chat_id, now)
    names = {line.user_id: clean_name(line.name) or line.user_id for line in lines}
    columns = [(n, q.id) for n, q in enumerate(quiz.questions, start=1)] if quiz else []
    shown = {user: names.get(user, user) for user in analysis.grid}
    cells = {right: _cell(right, language) for right in (None, True, False)}
    members = sorted(shown, key=lambda user: (shown[user].casefold(), user))
    return {
        "period": period,
        "periods": periods(period, language),
        "period_label": items_text.period_label(period, language),
        "items": items_text.items_table(analysis, quiz, language),
        "item_links": [f"#q-{key}" for key in items_text.in_quiz_order(analysis, quiz)],
        "flags": items_text.flag_lines(flagged, quiz, language),
        "discuss": items_text.discuss_lines(to_discuss(analysis.items.values()), quiz, language),
        "notes": items_text.notes(language),
        "grid_columns": [(items_text.short(n, q, language), q) for n, q in columns],
        "grid_rows": [
            (
                shown[user],
                [cells[analysis.grid[user].get(q)] for _, q in columns],
            )
            for user in members
        ],
    }


def _cell(right: bool | None, language: Language) -> tuple[str, str, str]:
    """A grid cell: its kind (a CSS class), its mark, and what a screen reader says."""
    kind, mark = ("unseen", "·") if right is None else ("right", "✔") if right else ("wrong", "✘")
    return kind, mark, t(language, f"report.grid.{kind}")


async def member_progress(
    store: ReportStore, chat_id: str, period: Period, now: datetime
) -> list[Progress]:
    """Each member's line with the period's halves and predicted recall."""
    span = window(period, now.date())
    lines = await store.members(chat_id, now)
    halves = await store.member_halves(chat_id, span.first, span.middle)
    recalls = mean_recalls(await store.recall_cards(chat_id), now)
    return progress(lines, halves, recalls)


def members_sections(
    members: list[Progress], period: Period, language: Language
) -> dict[str, Any]:
    return {
        "period": period,
        "periods": periods(period, language),
        "period_label": items_text.period_label(period, language),
        "behind": items_text.behind_lines(falling_behind(members), language),
        "progress": items_text.progress_table(members, period, language),
        "notes": items_text.notes(language),
        "trend_note": t(language, "report.members.trend")
        + " "
        + t(language, "report.members.trend_min", count=MIN_TREND_ANSWERS),
    }
