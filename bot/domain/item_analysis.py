"""Classical item analysis of a quiz's questions over a period, for the organiser's report.

- Difficulty: the share of the question's answers that were right (higher is easier).
- Discrimination: the upper-minus-lower index (Kelley's 27 % groups). Among the members who
  answered the question, rank them by their share right on the whole quiz in the period;
  the question's share right in the top 27 % (at least one member) less its share right in
  the bottom 27 %. From -1 to 1: high when those who know the quiz get it and the others do
  not; near 0 or below when the strong miss it as often as the weak (an unclear question,
  or a wrong key). Chosen over the point-biserial because a teacher can redo it by hand and
  because members here answer a question several times or never, where the point-biserial's
  one 0/1 score per member does not hold. Below MIN_MEMBERS members, no index.
- Distractors: how often each choice was picked (bot/domain/report.QuestionFigures).

Rows come in as counts per (member, question, choice) (bot/storage/sql/item_counts.py).
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
class AnswerCount:
    """One member's answers to one question with one choice, in the period."""

    user_id: str
    question_id: str
    choice: int
    answered: int
    correct: int


@dataclass(frozen=True, slots=True)
class Item:
    """One question's analysis over the period."""

    figures: QuestionFigures
    """Answers per choice, right answers (no answer times: those are all-time)."""
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


Cell = Literal["right", "wrong"]


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything the quiz page shows of one period: items and each member's cells."""

    items: dict[str, Item]
    grid: dict[str, dict[str, tuple[Cell, Tally]]] = field(default_factory=dict)
    """Per member, per question they answered: right when more than half of their answers
    were right, else wrong, with the counts. A question absent: not seen in the period."""


def analyse(counts: Iterable[AnswerCount], flags: Mapping[str, int] | None = None) -> Analysis:
    """The period's item analysis and grid from its counts."""
    per_item: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    choices: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for count in counts:
        if count.answered <= 0:
            continue
        tally = per_item[count.question_id][count.user_id]
        tally[0] += count.answered
        tally[1] += count.correct
        choices[count.question_id][count.choice] += count.answered
    tallies = {
        question: {user: Tally(a, c) for user, (a, c) in members.items()}
        for question, members in per_item.items()
    }
    scores = _quiz_scores(tallies)
    items = {}
    for question_id, members in sorted(tallies.items()):
        answered = sum(t.answered for t in members.values())
        correct = sum(t.correct for t in members.values())
        figures = QuestionFigures(question_id, dict(choices[question_id]), correct, answered, None)
        discrimination = upper_minus_lower(members, scores)
        flagged = (flags or {}).get(question_id, 0)
        items[question_id] = Item(figures, len(members), discrimination, flagged)
    return Analysis(items, _grid(tallies))


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


def _grid(
    tallies: Mapping[str, Mapping[str, Tally]],
) -> dict[str, dict[str, tuple[Cell, Tally]]]:
    grid: dict[str, dict[str, tuple[Cell, Tally]]] = defaultdict(dict)
    for question_id, members in tallies.items():
        for user_id, tally in members.items():
            cell: Cell = "right" if 2 * tally.correct > tally.answered else "wrong"
            grid[user_id][question_id] = (cell, tally)
    return dict(grid)


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
