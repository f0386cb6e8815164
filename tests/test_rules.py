"""The quiz rules, with no store and no clock but the one passed in."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.domain import rules
from bot.domain.entities import Answer, Post, ScoreLine
from bot.domain.models import Question, Quiz, Text
from bot.domain.rules import Accepted, AlreadyAnswered, Ranked, Refusal, Refused

OPENED = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def make_post(question: Question, *, deadline: datetime | None = None) -> Post:
    order = (2, 0, 3, 1)[: len(question.choices)]
    return Post("chat", "parallelism", question.id, order, 1, 8, OPENED, deadline, None, post_id=1)


@pytest.fixture
def question(quizzes: dict[str, Quiz]) -> Question:
    return quizzes["parallelism"].questions[0]


def test_first_press_is_judged_against_the_shuffled_letter(question: Question) -> None:
    post = make_post(question)
    right_letter = post.correct_letter_index(question)
    outcome = rules.judge_press(
        post, question, None, "u1", right_letter, OPENED + timedelta(seconds=3)
    )
    assert isinstance(outcome, Accepted)
    assert outcome.answer.correct
    assert outcome.answer.choice == question.answer
    assert outcome.answer.elapsed_ms == 3000


def test_wrong_letter_is_recorded_as_the_choice_it_showed(question: Question) -> None:
    post = make_post(question)
    wrong_letter = (post.correct_letter_index(question) + 1) % 4
    outcome = rules.judge_press(post, question, None, "u1", wrong_letter, OPENED)
    assert isinstance(outcome, Accepted)
    assert not outcome.answer.correct
    assert outcome.answer.choice == post.order[wrong_letter]


def test_second_press_reports_the_first_answer(question: Question) -> None:
    post = make_post(question)
    first = Answer(1, "u1", 0, False, OPENED, 10)
    outcome = rules.judge_press(post, question, first, "u1", 2, OPENED)
    assert outcome == AlreadyAnswered(first)


def test_press_at_or_after_the_deadline_is_refused(question: Question) -> None:
    deadline = OPENED + timedelta(seconds=30)
    post = make_post(question, deadline=deadline)
    assert rules.judge_press(post, question, None, "u1", 0, deadline) == Refused(Refusal.CLOSED)
    just_before = deadline - timedelta(milliseconds=1)
    assert isinstance(rules.judge_press(post, question, None, "u1", 0, just_before), Accepted)


def test_press_on_a_closed_post_is_refused(question: Question) -> None:
    post = make_post(question)
    closed = dataclasses.replace(post, closed_at=OPENED)
    assert rules.judge_press(closed, question, None, "u1", 0, OPENED) == Refused(Refusal.CLOSED)


@pytest.mark.parametrize("letter_index", [-1, 4, 9])
def test_letter_outside_the_question_is_refused(question: Question, letter_index: int) -> None:
    outcome = rules.judge_press(make_post(question), question, None, "u1", letter_index, OPENED)
    assert outcome == Refused(Refusal.INVALID_CHOICE)


def test_true_false_and_yes_no_keep_their_order_other_choices_are_shuffled() -> None:
    def asked(*choices: tuple[str, str]) -> Question:
        return Question("q", Text("?", "?"), tuple(Text(en, fr) for en, fr in choices), 0, None)

    pairs = [asked(("True", "Vrai"), ("False", "Faux")), asked(("yes", "oui"), ("no", "non"))]
    for seed in range(20):
        for question in pairs:
            assert rules.post_order(question, random.Random(seed)) == (0, 1)
    shuffled = {
        rules.post_order(asked(("False", "Faux"), ("True", "Vrai")), random.Random(seed))
        for seed in range(20)
    }
    assert shuffled == {(0, 1), (1, 0)}  # reversed, it is two choices like any others
    rng, again = random.Random(5), random.Random(5)
    rules.post_order(pairs[0], rng)
    rules.shuffled_order(2, again)
    assert rng.random() == again.random()  # the next questions' orders do not change


def test_shuffled_order_is_a_permutation_and_reproducible() -> None:
    first = rules.shuffled_order(4, random.Random(3))
    assert sorted(first) == [0, 1, 2, 3]
    assert rules.shuffled_order(4, random.Random(3)) == first


def test_pick_questions_keeps_author_order(quizzes: dict[str, Quiz]) -> None:
    quiz = quizzes["parallelism"]
    every = [q.id for q in quiz.questions]
    assert list(rules.pick_questions(every, None, random.Random(1))) == every
    three = rules.pick_questions(every, 3, random.Random(1))
    assert len(three) == 3
    assert list(three) == [qid for qid in every if qid in three]


def line(user: str, points: int, total_ms: int = 0) -> ScoreLine:
    return ScoreLine(user, user.title(), points, points, total_ms)


def test_round_ranking_breaks_ties_by_total_time() -> None:
    ranked = rules.rank_round([line("a", 3, 9000), line("b", 3, 4000), line("c", 5, 20000)])
    assert [(r.rank, r.line.user_id) for r in ranked] == [(1, "c"), (2, "b"), (3, "a")]


def test_leaderboard_ties_share_a_rank_and_the_next_rank_skips() -> None:
    ranked = rules.rank_leaderboard([line("a", 3), line("b", 5), line("c", 3), line("d", 1)])
    assert [(r.rank, r.line.user_id) for r in ranked] == [(1, "b"), (2, "a"), (2, "c"), (4, "d")]


def test_leaderboard_shows_the_askers_rank_outside_the_top_ten() -> None:
    ranked = rules.rank_leaderboard([line(f"p{i:02}", 100 - i) for i in range(15)])
    board = rules.leaderboard_view(ranked, "p13", "all")
    assert len(board.top) == 10
    assert board.me == Ranked(14, ranked[13].line)
    assert board.players == 15
    inside = rules.leaderboard_view(ranked, "p02", "all")
    assert inside.me is None


def test_period_start_uses_the_chat_time_zone() -> None:
    paris = ZoneInfo("Europe/Paris")
    now = datetime(2026, 3, 4, 23, 30, tzinfo=UTC)  # Thursday 00:30 in Paris
    assert rules.period_start("today", now, paris) == datetime(2026, 3, 5, tzinfo=paris)
    assert rules.period_start("week", now, paris) == datetime(2026, 3, 2, tzinfo=paris)
    assert rules.period_start("all", now, paris) is None


@pytest.mark.parametrize(
    ("days", "today", "expected"),
    [
        ([], date(2026, 3, 5), (0, 0)),
        ([date(2026, 3, 3), date(2026, 3, 4), date(2026, 3, 5)], date(2026, 3, 5), (3, 3)),
        ([date(2026, 3, 3), date(2026, 3, 4)], date(2026, 3, 5), (2, 2)),
        ([date(2026, 3, 3), date(2026, 3, 4)], date(2026, 3, 6), (0, 2)),
        (
            [date(2026, 3, 1), date(2026, 3, 2), date(2026, 3, 3), date(2026, 3, 5)],
            date(2026, 3, 5),
            (1, 3),
        ),
        ([date(2026, 3, 5), date(2026, 3, 5)], date(2026, 3, 5), (1, 1)),
    ],
)
def test_streaks(days: list[date], today: date, expected: tuple[int, int]) -> None:
    assert rules.streaks(days, today) == expected
