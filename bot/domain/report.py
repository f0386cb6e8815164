"""The figures of a chat's report page, as plain data, and the few rules that shape them.

The storage layer fills these from score tables and indexed reads (bot/storage/sql/report.py);
the web adapter lays them out. What a figure means is decided here once: a share right is
points over answers, a median answer time is the middle answer's (the lower of the two middle
ones for an even count), the tempting choices are the wrong ones chosen most: all of them
on a tie, since picking one of equals would tell a teacher of one misconception where the
group holds two.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime

from bot.domain.daily import DailyRecord, daily_streaks
from bot.domain.rules import Ranked


def share(part: int, whole: int) -> float | None:
    """part / whole, or None when there is nothing to divide (shown as a dash)."""
    return part / whole if whole else None


@dataclass(frozen=True, slots=True)
class Tally:
    """Answers and right answers over some set of answers."""

    answered: int = 0
    correct: int = 0

    @property
    def accuracy(self) -> float | None:
        return share(self.correct, self.answered)


@dataclass(frozen=True, slots=True)
class Day:
    """One day (UTC) of the report's activity chart."""

    day: date
    members: int
    """Members who answered that day (UTC)."""
    tally: Tally


@dataclass(frozen=True, slots=True)
class Week:
    """One week (UTC, from Monday) of the report's weekly figures."""

    start: date
    """The Monday (UTC) the week starts on."""
    tally: Tally


@dataclass(frozen=True, slots=True)
class QuizTotal:
    """How the chat did on one quiz, over all time."""

    quiz_id: str
    members: int
    tally: Tally


@dataclass(frozen=True, slots=True)
class Overview:
    """The report's overview: the chat's totals, its days and weeks, and each quiz's."""

    members: int
    tally: Tally
    days: tuple[Day, ...]
    """Every day of the period shown, oldest first, days without answers included."""
    weeks: tuple[Week, ...]
    """Weeks with answers, oldest first."""
    quizzes: tuple[QuizTotal, ...]


@dataclass(frozen=True, slots=True)
class QuestionFigures:
    """How a chat answered one question: counts per choice (as written) and answer times."""

    question_id: str
    choices: Mapping[int, int]
    """Answers per choice index; choices nobody picked are absent."""
    correct: int
    answered: int
    median_ms: int | None

    @property
    def accuracy(self) -> float | None:
        return share(self.correct, self.answered)

    def tempting(self, answer: int) -> tuple[int, ...]:
        """The wrong choices picked most, in choice order: several on a tie, none when
        nobody picked a wrong one."""
        wrong = {index: count for index, count in self.choices.items() if index != answer}
        most = max(wrong.values(), default=0)
        return tuple(sorted(i for i, count in wrong.items() if count == most)) if most else ()


def median_of_counts(counts: Mapping[int, int]) -> int | None:
    """The median of values given with their counts: the lower middle value for even totals."""
    total = sum(counts.values())
    if total == 0:
        return None
    middle = (total + 1) // 2
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= middle:
            return value
    raise AssertionError("unreachable: the counts add up to total")


@dataclass(frozen=True, slots=True)
class MemberLine:
    """One member's line in the report's members table."""

    user_id: str
    name: str
    tally: Tally
    current_streak: int
    best_streak: int
    last_active: date | None
    due: int = 0
    """Questions missed and due for spaced review now, of the quizzes played in the chat."""


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One of the chat's latest group rounds in the report, with its first places."""

    round_id: int
    quiz_id: str
    started_at: datetime
    ended_at: datetime | None
    status: str
    questions: int
    players: int
    ranking: tuple[Ranked, ...]
    """The first places only (ties included)."""


def fill_days(first: date, last: date, found: Iterable[Day]) -> tuple[Day, ...]:
    """One Day per date from first to last, zeros where nobody answered."""
    by_day = {day.day: day for day in found}
    days = []
    current = first
    while current <= last:
        days.append(by_day.get(current, Day(current, 0, Tally())))
        current = date.fromordinal(current.toordinal() + 1)
    return tuple(days)


def member_line(
    user_id: str,
    name: str,
    tally: Tally,
    calendar_streaks: tuple[int, int],
    last_active: date | None,
    record: DailyRecord | None,
    due: int = 0,
) -> MemberLine:
    """A member's line; streaks as `/stats` counts them: the scheduled daily questions where
    the chat has them, else `calendar_streaks`, (current, best) runs of days (UTC) with a
    right answer, as `rules.streaks` counts them."""
    current, best = calendar_streaks
    if record is not None and record.outcomes:
        current, best = daily_streaks(record.outcomes, record.last_is_open)
    return MemberLine(user_id, name, tally, current, best, last_active, due)
