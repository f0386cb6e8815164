"""Daily question rules, without I/O: when a schedule runs, which question it asks, streaks.

Times are computed in the schedule's IANA zone with `zoneinfo`, so "09:00 Europe/Paris" stays
09:00 on both sides of a daylight-saving change. Two local times need a rule:

- a time that does not exist (spring forward, e.g. 02:30 on 2026-03-29 in Paris) is shifted
  forward by the length of the gap (03:30 CEST): the post is still made once that day;
- a time that exists twice (fall back, e.g. 02:30 on 2026-10-25 in Paris) means the first
  of the two instants (02:30 CEST); the second never posts again, the day already has its post.

Both come from PEP 495's `fold=0`, which is what `datetime.combine(..., tzinfo=zone)` gives.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

DEFAULT_GRACE = timedelta(hours=1)
MAX_OPEN = timedelta(hours=24)
EVERY_DAY = frozenset(range(7))
QuestionKey = tuple[str, str]
"""(quiz_id, question_id)."""

_TIME = re.compile(r"(?P<hour>[01]?[0-9]|2[0-3])[:hH.](?P<minute>[0-5][0-9])")
_DAY_NAMES = {
    name: index
    for names in ("mon tue wed thu fri sat sun", "lun mar mer jeu ven sam dim")
    for index, name in enumerate(names.split())
}


@dataclass(frozen=True, slots=True)
class DailyRule:
    """When a channel gets its question: a local time in a zone, on some days of the week."""

    at: time
    zone: str
    weekdays: frozenset[int] = EVERY_DAY
    """0 is Monday, as in `date.weekday()`."""
    grace: timedelta = DEFAULT_GRACE
    """How late a post missed during downtime may still be made."""


@dataclass(frozen=True, slots=True, order=True)
class Run:
    """One scheduled instant and the local date it belongs to (at most one post per date)."""

    at: datetime
    day: date


@dataclass(frozen=True, slots=True)
class PastDaily:
    """A question this channel got before, with how the channel did on it."""

    quiz_id: str
    question_id: str
    answers: int
    wrong: int


@dataclass(frozen=True, slots=True)
class NewSchedule:
    """One channel's daily question as an admin sets it; stored, it gets its id (Schedule)."""

    chat_id: str
    channel_ref: str
    """Where the questions are posted (a Discord channel id; "" for a Telegram chat)."""
    rule: DailyRule
    quiz_ids: tuple[str, ...]
    language: str
    created_by: str
    next_run_at: datetime


@dataclass(frozen=True, slots=True)
class Schedule(NewSchedule):
    """One channel's daily question, as stored: at most one per channel."""

    schedule_id: int


@dataclass(frozen=True, slots=True)
class DailyPost:
    """A posted daily question: the post, and the channel and local date it belongs to."""

    post_id: int
    schedule_id: int
    chat_id: str
    channel_ref: str
    day: date
    language: str


@dataclass(frozen=True, slots=True)
class DailyRecord:
    """A player's outcome on each scheduled day of a chat, oldest first (see daily_streaks)."""

    outcomes: tuple[bool | None, ...]
    last_is_open: bool


def parse_time(text: str) -> time | None:
    """ "09:00", "9:00", "9h00" → 09:00; anything else (25:00, 9am) → None."""
    match = _TIME.fullmatch(text.strip())
    return time(int(match["hour"]), int(match["minute"])) if match else None


@cache
def known_zones() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def parse_zone(text: str) -> str | None:
    """The canonical IANA name ("europe/paris" → "Europe/Paris"), or None if unknown."""
    wanted = text.strip().lower()
    for name in known_zones():
        if name.lower() == wanted:
            try:
                ZoneInfo(name)
            except (ZoneInfoNotFoundError, ValueError):
                return None
            return name
    return None


def parse_days(text: str | None) -> frozenset[int] | None:
    """ "mon-fri", "mon,wed,fri", "lun-ven" (en or fr) → weekdays; None if not understood."""
    if text is None or not text.strip():
        return EVERY_DAY
    days: set[int] = set()
    for part in text.lower().replace(" ", "").split(","):
        first, _, last = part.partition("-")
        start, end = _DAY_NAMES.get(first[:3]), _DAY_NAMES.get((last or first)[:3])
        if start is None or end is None:
            return None
        days.update((start + step) % 7 for step in range((end - start) % 7 + 1))
    return frozenset(days)


@dataclass(frozen=True, slots=True)
class RuleProblem:
    """Which part of a typed daily rule is not understood, and what was typed there."""

    part: Literal["time", "zone", "days"]
    value: str


def read_rule(time_text: str, zone_text: str, days_text: str | None) -> DailyRule | RuleProblem:
    """The rule from its three parts as a user typed them, or the first part that is wrong."""
    at = parse_time(time_text)
    if at is None:
        return RuleProblem("time", time_text)
    zone = parse_zone(zone_text)
    if zone is None:
        return RuleProblem("zone", zone_text)
    weekdays = parse_days(days_text)
    if not weekdays:
        return RuleProblem("days", days_text or "")
    return DailyRule(at, zone, weekdays)


def occurrence(rule: DailyRule, day: date) -> datetime:
    """The UTC instant of `rule.at` on local `day` (see the module doc for DST gaps/overlaps)."""
    local = datetime.combine(day, rule.at, tzinfo=ZoneInfo(rule.zone))
    return local.astimezone(UTC)


def _runs_around(rule: DailyRule, moment: datetime) -> list[Run]:
    """Every run on the local dates from a week before to a week after `moment`."""
    today = moment.astimezone(ZoneInfo(rule.zone)).date()
    days = (today + timedelta(days=offset) for offset in range(-8, 9))
    return [Run(occurrence(rule, day), day) for day in days if day.weekday() in rule.weekdays]


def next_run(rule: DailyRule, after: datetime) -> Run:
    """The first run strictly after `after`."""
    return min(run for run in _runs_around(rule, after) if run.at > after)


def last_run(rule: DailyRule, at_or_before: datetime) -> Run | None:
    """The latest run at or before the given instant, if any in the past week."""
    past = [run for run in _runs_around(rule, at_or_before) if run.at <= at_or_before]
    return max(past, default=None, key=lambda run: run.at)


def is_in_grace(run: Run, online_since: datetime, rule: DailyRule) -> bool:
    """Post a run missed while the bot was down only if it is at most `grace` late.

    Lateness is counted up to the moment the bot came back, not to the moment the post is
    made: a backlog spread by the rate limiter is never dropped.
    """
    return online_since - run.at <= rule.grace


def closes_at(opened_at: datetime, next_at: datetime) -> datetime:
    """Open until the next daily post, and never longer than 24 hours."""
    return min(next_at, opened_at + MAX_OPEN)


def choose_question(
    pool: Sequence[QuestionKey], history: Iterable[PastDaily], salt: str
) -> QuestionKey | None:
    """The next daily question: deterministic, no repeat until the pool is used up.

    Candidates are the questions asked the fewest times in this channel (so a new cycle starts
    only when every question has been asked). Among them the one the channel got wrong most
    (Laplace-smoothed wrong share, so unseen questions rank 1/2) comes first; ties are broken
    by a hash salted with the cycle number, so each cycle has a fresh but reproducible order.
    """
    if not pool:
        return None
    asked: dict[QuestionKey, int] = dict.fromkeys(pool, 0)
    answers: dict[QuestionKey, int] = dict.fromkeys(pool, 0)
    wrong: dict[QuestionKey, int] = dict.fromkeys(pool, 0)
    for past in history:
        key = (past.quiz_id, past.question_id)
        if key in asked:
            asked[key] += 1
            answers[key] += past.answers
            wrong[key] += past.wrong
    cycle = min(asked.values())
    candidates = [key for key in pool if asked[key] == cycle]

    def rank(key: QuestionKey) -> tuple[float, str]:
        share = (wrong[key] + 1) / (answers[key] + 2)
        tiebreak = hashlib.sha256(f"{salt}:{cycle}:{key[0]}:{key[1]}".encode()).hexdigest()
        return -share, tiebreak

    return min(candidates, key=rank)


def daily_streaks(outcomes: Sequence[bool | None], last_is_open: bool) -> tuple[int, int]:
    """(current, best) runs of consecutive scheduled days answered correctly.

    `outcomes` has one entry per scheduled day of the chat, oldest first: True (answered
    right), False (wrong) or None (not answered). A wrong or missed day resets the run; today's
    question, while still open and unanswered, does not break it yet.
    """
    days = list(outcomes)
    if days and last_is_open and days[-1] is None:
        days.pop()
    best = run = 0
    for outcome in days:
        run = run + 1 if outcome else 0
        best = max(best, run)
    return run, best
