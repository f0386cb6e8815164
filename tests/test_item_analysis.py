"""Item analysis against a fixture worked out by hand, and members' periods and trends.

Eight members, three questions; each member's latest answer in the period (1 right, 0
wrong; m8 never saw q3):

    member  q1  q2  q3   latest right   rank
    m1      1   0   1    2/3            2
    m2      1   0   0    1/3            6
    m3      1   1   1    3/3            1
    m4      0   1   1    2/3            3
    m5      1   1   0    2/3            4
    m6      0   1   0    1/3            7
    m7      0   1   0    1/3            8
    m8      0   1   -    1/2            5

(ties ranked by id). 27 % of 8 members is 2.16: groups of 2.
- q1: upper (m3, m1) 2/2, lower (m6, m7) 0/2: D = 1.
- q2: upper (m3, m1) 1/2, lower (m6, m7) 2/2: D = -0.5, the strong miss it.
- q3 (m1 to m7; 27 % of 7 is 1.89: groups of 2): upper (m3, m1) 2/2, lower (m6, m7) 0/2:
  D = 1.
Answers per choice in the period (choice 0 is right; m1 answered q1 twice): q1 5 of 9 right
(B picked 3 times, C once), q2 6 of 8, q3 3 of 7.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from bot.domain.item_analysis import ChoiceCount, Latest, analyse, to_discuss, upper_minus_lower
from bot.domain.report import MemberLine, Tally
from bot.domain.report_periods import (
    Progress,
    falling_behind,
    mean_recalls,
    period_of,
    window,
)
from bot.domain.review import Reviewer
from bot.text.report_items import items_table

LATEST = {
    "m1": "101", "m2": "100", "m3": "111", "m4": "011",
    "m5": "110", "m6": "010", "m7": "010", "m8": "01",
}  # fmt: skip
CHOICES = [
    ChoiceCount("q1", 0, 5, 5), ChoiceCount("q1", 1, 3, 0), ChoiceCount("q1", 2, 1, 0),
    ChoiceCount("q2", 0, 6, 6), ChoiceCount("q2", 1, 1, 0), ChoiceCount("q2", 3, 1, 0),
    ChoiceCount("q3", 0, 3, 3), ChoiceCount("q3", 1, 3, 0), ChoiceCount("q3", 2, 1, 0),
]  # fmt: skip


def latest(table: dict[str, str]) -> list[Latest]:
    return [Latest(user, f"q{n}", mark == "1") for user, marks in table.items()
            for n, mark in enumerate(marks, start=1)]  # fmt: skip


def test_difficulty_discrimination_and_distractors_as_computed_by_hand() -> None:
    items = analyse(latest(LATEST), CHOICES).items
    assert {q: (i.figures.correct, i.figures.answered) for q, i in items.items()} == {
        "q1": (5, 9), "q2": (6, 8), "q3": (3, 7),
    }  # fmt: skip
    assert items["q1"].difficulty == pytest.approx(5 / 9)
    assert {q: i.members for q, i in items.items()} == {"q1": 8, "q2": 8, "q3": 7}
    assert items["q1"].discrimination == pytest.approx(1.0)
    assert items["q2"].discrimination == pytest.approx(-0.5)
    assert items["q3"].discrimination == pytest.approx(1.0)
    assert dict(items["q1"].figures.choices) == {0: 5, 1: 3, 2: 1}
    assert items["q1"].figures.tempting(0) == (1,)
    assert items["q2"].figures.tempting(0) == (1, 3), "a tie: both"


def test_the_questions_to_discuss_and_why() -> None:
    items = analyse(latest(LATEST), CHOICES).items.values()
    found = [(d.item.question_id, d.reason) for d in to_discuss(items)]
    # q2 is right 75 % of the time, but more often among the weak: its key is suspect
    assert found == [("q2", "suspect"), ("q3", "learnable"), ("q1", "learnable")]
    flagged = analyse(latest(LATEST), CHOICES, flags={"q1": 2}).items.values()
    assert [(d.item.question_id, d.reason) for d in to_discuss(flagged)][:2] == [
        ("q1", "flagged"), ("q2", "suspect"),
    ]  # fmt: skip


def test_a_low_share_that_barely_discriminates_says_check_the_question() -> None:
    """Latest right on "a": m1-m4; on "b": m1-m3; on "q": m4 and m8. Scores: m1-m4 2/3 (by
    id: m1, m2 on top), m8 1/3, m5-m7 0 (m6, m7 at the bottom). On q: top 0/2, bottom 0/2:
    D = 0; 2 right of 8 answers."""
    rights = {"a": (1, 2, 3, 4), "b": (1, 2, 3), "q": (4, 8)}
    found = [Latest(f"m{n}", q, n in right) for q, right in rights.items() for n in range(1, 9)]
    choices = [ChoiceCount(q, 0, len(right), len(right)) for q, right in rights.items()]
    choices += [ChoiceCount(q, 1, 8 - len(right), 0) for q, right in rights.items()]
    items = analyse(found, choices).items
    assert items["q"].discrimination == pytest.approx(0.0)
    assert items["b"].discrimination == pytest.approx(1.0)
    assert [(d.item.question_id, d.reason) for d in to_discuss(items.values())] == [
        ("q", "check"), ("b", "learnable"), ("a", "learnable"),
    ]  # fmt: skip


def test_too_few_members_give_no_discrimination() -> None:
    three = {f"m{n}": Tally(1, n % 2) for n in range(3)}
    assert upper_minus_lower(three, {user: 0.5 for user in three}) is None


def test_the_grid_is_the_latest_answer_or_not_seen() -> None:
    grid = analyse(latest(LATEST), CHOICES).grid
    assert grid["m1"] == {"q1": True, "q2": False, "q3": True}
    assert "q3" not in grid["m8"]


def test_periods_and_their_halves() -> None:
    today = date(2026, 3, 10)
    assert period_of("7") == "7"
    assert period_of("365") == "30"
    seven = window("7", today)
    assert (seven.first, seven.middle, seven.last) == (date(2026, 3, 4), date(2026, 3, 7), today)
    everything = window("all", today)
    assert (everything.first, everything.middle) == (None, date(2026, 2, 9))


def line(name: str, due: int = 0) -> MemberLine:
    return MemberLine(name, name, Tally(10, 5), 0, 0, None, due)


def test_members_falling_behind_by_reviews_due_or_a_dropping_share() -> None:
    steady = Progress(line("steady"), Tally(4, 2), Tally(4, 2), 0.9)
    dropping = Progress(line("dropping"), Tally(4, 4), Tally(4, 2), 0.8)
    behind = Progress(line("behind", due=7), Tally(1, 1), Tally(1, 1), 0.4)
    too_few = Progress(line("few"), Tally(2, 2), Tally(2, 0), None)
    assert dropping.trend == pytest.approx(-0.5)
    assert too_few.trend is None, "two answers a half say nothing yet"
    assert steady.period == Tally(8, 4)
    found = falling_behind([steady, dropping, behind, too_few])
    assert [(p.line.name, p.behind) for p in found] == [
        ("behind", ("due",)), ("dropping", ("dropping",)),
    ]  # fmt: skip


def test_mean_recall_is_the_mean_fsrs_retrievability() -> None:
    reviewer = Reviewer()
    now = datetime(2026, 3, 10, tzinfo=UTC)
    fresh = reviewer.review(None, False, True, now, 2000).card
    old = reviewer.review(None, False, False, datetime(2026, 1, 1, tzinfo=UTC), 2000).card
    recalls = mean_recalls({"a": [fresh, old, "not json"], "b": []}, now, reviewer)
    want = (reviewer.recall(fresh, now) + reviewer.recall(old, now)) / 2
    assert recalls == {"a": pytest.approx(want)}
    assert reviewer.recall(fresh, now) > reviewer.recall(old, now)


def test_flags_get_their_column_only_once_some_question_has_them() -> None:
    """The place left for members' flags (issue 29, item 2): a Flags column and first rank."""
    plain = items_table(analyse(latest(LATEST), CHOICES), None, "en")
    assert "Flags" not in [column.header for column in plain.columns]
    flagged = items_table(analyse(latest(LATEST), CHOICES, flags={"q3": 2}), None, "en")
    assert [column.header for column in flagged.columns][-1] == "Flags"
    assert [row[-1] for row in flagged.rows] == [0, 0, 2]
