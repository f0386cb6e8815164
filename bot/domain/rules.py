"""Quiz rules, without I/O: judging a press, ranking players, periods and streaks.

Every function here is pure; the current time is always passed in, never read, so the same
rules can be replayed in tests, after a restart, or on another storage backend.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, tzinfo
from enum import Enum

from bot.domain.answer_pairs import is_pair
from bot.domain.entities import Answer, Period, Post, ScoreLine, Standing
from bot.domain.judging import Response, judge
from bot.domain.models import Question
from bot.domain.question_types import SHUFFLED, SINGLE

DEFAULT_SECONDS = 30
MIN_SECONDS, MAX_SECONDS = 10, 600
"""A group question's timer: long enough to read it, short enough that a round moves on."""


class Refusal(Enum):
    """Why a press did not count."""

    CLOSED = "closed"
    INVALID_CHOICE = "invalid_choice"


class ForgetOutcome(Enum):
    """What a press on a /forgetme prompt did; the value names its catalog text."""

    NOT_YOURS = "not_yours"
    DONE = "done"
    CANCELLED = "cancelled"


def forget_outcome(owner_id: str, presser_id: str, confirm: bool) -> ForgetOutcome:
    """Only the player a prompt was asked to may answer it."""
    if presser_id != owner_id:
        return ForgetOutcome.NOT_YOURS
    return ForgetOutcome.DONE if confirm else ForgetOutcome.CANCELLED


@dataclass(frozen=True, slots=True)
class Accepted:
    """The press counts: its answer, to be committed before the player is told."""

    answer: Answer


@dataclass(frozen=True, slots=True)
class AlreadyAnswered:
    """The player had answered this post: their first answer stands, shown again."""

    first: Answer


@dataclass(frozen=True, slots=True)
class Refused:
    """The press does not count, and why (the player is told; nothing is stored)."""

    reason: Refusal


PressOutcome = Accepted | AlreadyAnswered | Refused


def shuffled_order(choice_count: int, rng: random.Random) -> tuple[int, ...]:
    order = list(range(choice_count))
    rng.shuffle(order)
    return tuple(order)


def post_order(question: Question, rng: random.Random) -> tuple[int, ...]:
    """The order a post shows the question's choices in: shuffled, except True/False and
    Yes/No, which stay in that order (a `truefalse` question, or two choices that are such a
    pair in every language of the question: answer_pairs), and none for a typed answer. For a
    choice question the shuffle is drawn either way, so the other questions' orders do not
    depend on it."""
    if question.type not in SHUFFLED:
        return tuple(range(len(question.choices)))
    order = shuffled_order(len(question.choices), rng)
    versions = zip(*(choice.versions for choice in question.choices), strict=False)
    if len(question.choices) == 2 and all(is_pair([text for _, text in v]) for v in versions):
        return (0, 1)
    return order


def pick_questions(ids: Sequence[str], count: int | None, rng: random.Random) -> tuple[str, ...]:
    """The questions (ids in the author's order, those the chat may be asked), or a random
    subset of them kept in that order."""
    if count is None or count >= len(ids):
        return tuple(ids)
    chosen = set(rng.sample(range(len(ids)), max(count, 1)))
    return tuple(ids[index] for index in sorted(chosen))


def judge_press(
    post: Post,
    question: Question,
    existing: Answer | None,
    user_id: str,
    letter_index: int,
    now: datetime,
) -> PressOutcome:
    """Decide what a press on one letter button means: judge_response for one letter, which
    answers a one-choice question only (a `multiple` or `order` question is answered whole,
    by a Response of every letter picked)."""
    if question.type not in SINGLE and existing is None:
        return Refused(Refusal.INVALID_CHOICE)
    return judge_response(post, question, existing, user_id, Response((letter_index,)), now)


def judge_response(
    post: Post,
    question: Question,
    existing: Answer | None,
    user_id: str,
    response: Response,
    now: datetime,
    language: str = "en",
) -> PressOutcome:
    """Decide what a response means. The first answer counts; later ones only report it."""
    if existing is not None:
        return AlreadyAnswered(existing)
    verdict = judge(question, post.order, response, language)
    if verdict is None:
        return Refused(Refusal.INVALID_CHOICE)
    if not post.is_open(now):
        return Refused(Refusal.CLOSED)
    elapsed = max(0, int((now - post.opened_at).total_seconds() * 1000))
    return Accepted(
        Answer(
            post_id=post.post_id,
            user_id=user_id,
            choice=verdict.choice,
            correct=verdict.correct,
            answered_at=now,
            elapsed_ms=elapsed,
            response=verdict.response,
            typo=verdict.typo,
        )
    )


RankKey = Callable[[ScoreLine], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Ranked:
    """A score line with its rank: tied lines share a rank (1, 1, 3)."""

    rank: int
    line: ScoreLine


def rank_round(lines: Iterable[ScoreLine]) -> list[Ranked]:
    """A round is a race: more points first, then less total answer time."""
    return _rank(lines, key=lambda line: (-line.points, line.total_ms))


def rank_leaderboard(lines: Iterable[ScoreLine]) -> list[Ranked]:
    """Over days and weeks only points count; equal points share a rank."""
    return _rank(lines, key=lambda line: (-line.points,))


def _rank(lines: Iterable[ScoreLine], key: RankKey) -> list[Ranked]:
    ordered = sorted(lines, key=lambda line: (*key(line), line.total_ms, line.name, line.user_id))
    ranked: list[Ranked] = []
    for position, line in enumerate(ordered, start=1):
        shares_rank = ranked and key(ranked[-1].line) == key(line)
        ranked.append(Ranked(ranked[-1].rank if shares_rank else position, line))
    return ranked


LEADERBOARD_SIZE = 10
"""Players a leaderboard shows, besides the asker's own line."""


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """A leaderboard as shown: the top lines, and the asker's own when outside them."""

    period: Period
    quiz_id: str | None
    top: tuple[Ranked, ...]
    me: Ranked | None
    """The asking player's line when it is not already in `top`."""
    players: int
    streaks: Mapping[str, int] = field(default_factory=dict)
    """Current daily-question streak by user id, for the players shown (🔥N)."""
    zone: str = ""
    """The chat's time zone, where "today" and "this week" begin (named in the heading)."""


def leaderboard_view(
    ranked: Sequence[Ranked],
    user_id: str | None,
    period: Period,
    quiz_id: str | None = None,
    size: int = LEADERBOARD_SIZE,
) -> Leaderboard:
    """The board from every player's ranked line: the reference for `leaderboard_page`."""
    top = tuple(ranked[:size])
    me = None
    if user_id is not None and all(entry.line.user_id != user_id for entry in top):
        me = next((entry for entry in ranked if entry.line.user_id == user_id), None)
    return Leaderboard(period, quiz_id, top, me, len(ranked))


def leaderboard_page(
    standing: Standing,
    user_id: str | None,
    period: Period,
    quiz_id: str | None = None,
    size: int = LEADERBOARD_SIZE,
) -> Leaderboard:
    """The board `leaderboard_view` gives from all ranked lines, from a Standing."""
    top = tuple(rank_leaderboard(standing.leaders)[:size])
    asker = standing.asker
    in_top = any(entry.line.user_id == user_id for entry in top)
    me = None
    if asker is not None and asker.user_id == user_id and not in_top:
        me = Ranked(standing.ahead_of_asker + 1, asker)
    return Leaderboard(period, quiz_id, top, me, standing.players)


def period_start(period: Period, now: datetime, zone: tzinfo) -> datetime | None:
    """Start of today or of this week (Monday) in the chat's time zone; None for all time."""
    if period == "all":
        return None
    local_day = now.astimezone(zone).date()
    if period == "week":
        local_day -= timedelta(days=local_day.weekday())
    return datetime.combine(local_day, time(0), tzinfo=zone)


def streaks(days_with_correct_answer: Iterable[date], today: date) -> tuple[int, int]:
    """(current, best) runs of consecutive days with a correct answer.

    The current streak survives until the end of the day after its last day, so a
    player who played yesterday still sees it before today's question.
    """
    days = sorted(set(days_with_correct_answer))
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = run if previous is not None and (today - previous).days <= 1 else 0
    return current, best
