"""Texts of spaced review: sessions, their summary, reminders and the /stats lines."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

from bot.domain.models import Language
from bot.domain.review import ReviewStats
from bot.domain.review_sessions import NothingDue, ReviewSummary
from bot.text.i18n import t
from bot.text.markup import PLAIN, Style


def when(moment: datetime, now: datetime, language: Language, zone: tzinfo = UTC) -> str:
    """ "now" for a moment passed, else its date and time in the chat's zone, named."""
    if moment <= now:
        return t(language, "review.now")
    local = moment.astimezone(zone)
    return t(
        language,
        "review.at",
        date=local.strftime("%Y-%m-%d"),
        time=local.strftime("%H:%M"),
        zone=str(zone),
    )


def intro(count: int, language: Language) -> str:
    return t(language, "review.intro", count=count)


def nothing_due(left: NothingDue, now: datetime, language: Language) -> str:
    """Nothing due: when the next question is, or that there is no missed question at all."""
    if left.next_due is None:
        return t(language, "review.no_deck")
    return f"{t(language, 'review.nothing_due')} {_next(left.next_due, now, language, left.zone)}"


def summary(done: ReviewSummary, now: datetime, language: Language) -> str:
    session = done.session
    tally = t(language, "review.summary", count=session.correct, total=session.asked)
    if done.next_due is None:
        return tally
    return f"{tally} {_next(done.next_due, now, language, done.zone)}"


def _next(next_due: datetime, now: datetime, language: Language, zone: tzinfo) -> str:
    return t(language, "review.next_due", when=when(next_due, now, language, zone))


def stats_line(found: ReviewStats, language: Language, style: Style = PLAIN) -> str:
    """The /stats addition: due now, due within a week, learned, average predicted recall."""
    if found.recall is None:
        return style.escape(t(language, "review.stats_empty"))
    return style.escape(
        t(
            language,
            "review.stats",
            due_now=t(language, "review.due_now", count=found.due_now),
            due_week=t(language, "review.due_week", count=found.due_this_week),
            learned=t(language, "review.learned", count=found.learned),
            recall=round(100 * found.recall),
        )
    )


def reminder(count: int, language: Language) -> str:
    return t(language, "review.reminder", count=count)
