"""Classical item analysis of a quiz's questions over a period, for the organiser's report.

- Difficulty: the share of the question's answers in the period that were right.
- Discrimination: the upper-minus-lower index (Kelley's 27 % groups) on each member's latest
  answer to each question in the period (right or wrong: one score per member and question,
  as classical item analysis assumes). Members who answered the question are ranked by their
  share of questions right at their latest answer; the index is the question's share right
  in the top 27 % (at least one member) less the bottom 27 %'s. From -1 to 1: high when
  those who know the quiz get it and the others do not; near 0 or below when the strong miss
  it as often as the weak (an unclear question, or a wrong key). Chosen over the
  point-biserial because a teacher can redo it by hand. Below MIN_MEMBERS members, none.
- Distractors: how often each choice was picked in the period.

Counts come in as kept by the answer writers (bot/storage/sql/item_counts.py).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from bot.domain.report import QuestionFigures, Tally

UPPER_LOWER = 0.27
MIN_MEMBERS = 4
"""Members who answered a question before its discrimination is shown: fewer would compare
single people."""
DISCUSS_BELOW = 0.6
"""A question answered right less often than this is worth discussing."""
LEARNABLE = 0.3
"""A discrimination from here up (a common rule of thumb) says the group can learn it: the
members who know the quiz get it."""
DISCUSSED = 5


@dataclass(frozen=True, slots=True)
class Latest:
    """A member's latest answer to a question, in the period."""

    user_id: str
    question_id: str
    correct: bool


@dataclass(frozen=True, slots=True)
class ChoiceCount:
    """The period's answers to a question with one choice."""

    question_id: str
    choice: int
    answered: int
    correct: int


@dataclass(frozen=True, slots=True)
class Item:
    """One question's analysis over the period."""

    figures: QuestionFigures
    """The period's answers per choice and right answers (no answer times: all-time)."""
    members: int
    discrimination: float | None
    flags: int = 0
    """Members' flags on the question: none until flags are stored (issue 29, item 2); the
    page and `to_discuss` already take them into account."""

    @property
    def question_id(self) -> str:
        return self.figures.question_id

    @property
    def difficulty(self) -> float | None:
        return self.figures.accuracy


Reason = Literal["flagged", "suspect", "learnable", "check", "low"]


@dataclass(frozen=True, slots=True)
class ToDiscuss:
    """A question the organiser should take up next, and why."""

    item: Item
    reason: Reason


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything the quiz page shows of one period: items and each member's latest results."""

    items: dict[str, Item]
    grid: dict[str, dict[str, bool]] = field(default_factory=dict)
    """Per member, per question answered in the period: whether their latest answer was
    right. A question absent: not seen in the period."""


def analyse(
    latest: Iterable[Latest],
    choices: Iterable[ChoiceCount],
    flags: Mapping[str, int] | None = None,
) -> Analysis:
    """The period's item analysis and grid from its counts."""
    grid: dict[str, dict[str, bool]] = defaultdict(dict)
    scored: dict[str, dict[str, Tally]] = defaultdict(dict)
    for found in latest:
        grid[found.user_id][found.question_id] = found.correct
        scored[found.question_id][found.user_id] = Tally(1, int(found.correct))
    picked: dict[str, dict[int, int]] = defaultdict(dict)
    right: dict[str, int] = defaultdict(int)
    for count in choices:
        if count.answered > 0:
            picked[count.question_id][count.choice] = count.answered
            right[count.question_id] += count.correct
    scores = _quiz_scores(scored)
    items = {}
    for question_id in sorted(picked.keys() | scored.keys()):
        members = scored.get(question_id, {})
        answered = sum(picked[question_id].values()) if question_id in picked else 0
        figures = QuestionFigures(
            question_id, picked.get(question_id, {}), right[question_id], answered, None
        )
        flagged = (flags or {}).get(question_id, 0)
        items[question_id] = Item(
            figures, len(members), upper_minus_lower(members, scores), flagged
        )
    return Analysis(items, dict(grid))


def _quiz_scores(tallies: Mapping[str, Mapping[str, Tally]]) -> dict[str, float]:
    """Each member's share right over every question of the quiz they answered."""
    sums: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for members in tallies.values():
        for user_id, tally in members.items():
            sums[user_id][0] += tally.answered
            sums[user_id][1] += tally.correct
    return {user: correct / answered for user, (answered, correct) in sums.items()}


def upper_minus_lower(members: Mapping[str, Tally], scores: Mapping[str, float]) -> float | None:
    """The question's share right in the top 27 % of `members` by quiz score, less the
    bottom 27 %'s; members tied on score are ordered by id, so the index is reproducible."""
    if len(members) < MIN_MEMBERS:
        return None
    ranked = sorted(members, key=lambda user: (-scores[user], user))
    size = max(1, round(UPPER_LOWER * len(ranked)))

    def share(group: list[str]) -> float:
        answered = sum(members[user].answered for user in group)
        return sum(members[user].correct for user in group) / answered

    return share(ranked[:size]) - share(ranked[-size:])


def to_discuss(items: Iterable[Item], limit: int = DISCUSSED) -> list[ToDiscuss]:
    """The questions to take up next: flagged ones first (most flags); then those the
    stronger members miss more than the weaker (negative discrimination: the key may be
    wrong, the worst a study tool can do), whatever their share right; then those answered
    right least often (below DISCUSS_BELOW), the more discriminating first on equal shares."""
    chosen = [item for item in items if item.flags or _suspect(item) or _hard(item)]
    chosen.sort(
        key=lambda item: (
            -item.flags,
            not _suspect(item),
            item.difficulty or 0.0,
            -(item.discrimination or 0.0),
        )
    )
    return [ToDiscuss(item, _reason(item)) for item in chosen[:limit]]


def _suspect(item: Item) -> bool:
    return item.discrimination is not None and item.discrimination < 0


def _hard(item: Item) -> bool:
    return item.difficulty is not None and item.difficulty < DISCUSS_BELOW


def _reason(item: Item) -> Reason:
    if item.flags:
        return "flagged"
    if item.discrimination is None:
        return "low"
    if item.discrimination < 0:
        return "suspect"
    return "learnable" if item.discrimination >= LEARNABLE else "check"
