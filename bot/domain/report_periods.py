"""The report's periods (last 7, 30, 90 days, or all) and each member's progress over one.

A member's trend compares the later half of the period with the earlier half (for "all":
the last 30 days with everything before), in points of share right; a member falls behind
with many reviews overdue or a share right that drops. Thresholds are named here, once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Literal

from bot.domain.report import MemberLine, Tally
from bot.domain.review import Reviewer

Period = Literal["7", "30", "90", "all"]
PERIODS: tuple[Period, ...] = ("7", "30", "90", "all")
DEFAULT_PERIOD: Period = "30"
ALL_TREND_DAYS = 30
"""For "all", the later part of the trend: the last 30 days."""
MIN_TREND_ANSWERS = 3
"""Answers in each half before a trend is shown: fewer, and one answer swings it."""
BEHIND_DUE = 5
"""Reviews due now from which a member is falling behind."""
BEHIND_DROP = 0.15
"""A drop in share right (15 points) from which a member is falling behind."""


def period_of(asked: str) -> Period:
    """The period a link asks for (`?period=`), the default when it asks for none we know."""
    for period in PERIODS:
        if asked == period:
            return period
    return DEFAULT_PERIOD


@dataclass(frozen=True, slots=True)
class Window:
    """A period's days (UTC): from `first` (None: all time) to `last`; the trend's later
    half starts on `middle`."""

    first: date | None
    middle: date
    last: date


def window(period: Period, today: date) -> Window:
    if period == "all":
        return Window(None, today - timedelta(ALL_TREND_DAYS - 1), today)
    days = int(period)
    first = today - timedelta(days - 1)
    return Window(first, first + timedelta(days // 2), today)


@dataclass(frozen=True, slots=True)
class Progress:
    """A member over the period: the members table's line, the period's answers in two
    halves, and the predicted recall of their cards (mean FSRS retrievability)."""

    line: MemberLine
    earlier: Tally
    later: Tally
    recall: float | None

    @property
    def period(self) -> Tally:
        return Tally(
            self.earlier.answered + self.later.answered, self.earlier.correct + self.later.correct
        )

    @property
    def trend(self) -> float | None:
        """Points of share right gained (negative: lost) from the earlier half to the later."""
        if min(self.earlier.answered, self.later.answered) < MIN_TREND_ANSWERS:
            return None
        later, earlier = self.later, self.earlier
        return later.correct / later.answered - earlier.correct / earlier.answered

    @property
    def behind(self) -> tuple[Literal["due", "dropping"], ...]:
        """Why the member is falling behind; empty when they are not."""
        due = ("due",) if self.line.due >= BEHIND_DUE else ()
        trend = self.trend
        dropping = ("dropping",) if trend is not None and trend <= -BEHIND_DROP else ()
        return (*due, *dropping)


def progress(
    lines: Iterable[MemberLine],
    halves: Mapping[str, tuple[Tally, Tally]],
    recalls: Mapping[str, float],
) -> list[Progress]:
    """Each member's progress, in the members table's order."""
    empty = (Tally(), Tally())
    return [
        Progress(line, *halves.get(line.user_id, empty), recalls.get(line.user_id))
        for line in lines
    ]


def falling_behind(members: Iterable[Progress]) -> list[Progress]:
    """Members falling behind, most reviews due first, then the steepest drop."""
    found = [member for member in members if member.behind]
    return sorted(found, key=lambda m: (-m.line.due, m.trend or 0.0, m.line.name))


def mean_recalls(
    cards: Mapping[str, Iterable[str]], now: datetime, reviewer: Reviewer | None = None
) -> dict[str, float]:
    """Per member, the mean probability FSRS predicts of recalling their cards now (cards
    it cannot read are left out, as review leaves them)."""
    reviewer = reviewer or Reviewer()
    found = {}
    for user_id, texts in cards.items():
        recalls = []
        for text in texts:
            try:
                recalls.append(reviewer.recall(text, now))
            except (ValueError, KeyError, TypeError, ArithmeticError):
                continue
        if recalls:
            found[user_id] = sum(recalls) / len(recalls)
    return found
