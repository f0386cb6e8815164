"""Judging a response to each question type: right, wrong, what the verdict tells, what is kept."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.domain import rules
from bot.domain.entities import Answer, Post
from bot.domain.judging import NO_CHOICE, Response, judge, verdict_of
from bot.domain.models import Question, Text
from bot.domain.question_types import NumberKey, SetKey, TextKey
from bot.domain.rules import Accepted, Refusal, Refused

OPENED = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
FOUR = tuple(Text(word) for word in ("north", "east", "south", "west"))


def question(kind: str, **fields: object) -> Question:
    defaults: dict[str, object] = {"choices": (), "answer": -1}
    defaults.update(fields)
    return Question(
        "q",
        Text("?"),
        explanation=None,
        type=kind,
        **defaults,  # type: ignore[arg-type]
    )


TRUEFALSE = question("truefalse", choices=(Text("True"), Text("False")), answer=1)
MULTIPLE = question("multiple", choices=FOUR, key=SetKey(frozenset({0, 2})))
ORDER = question("order", choices=FOUR)
TEXT = question("text", key=TextKey.of((("en", ("Paris",)), ("fr", ("Paris", "Lutèce")))))
NUMBER = question("number", key=NumberKey(0.2677, 0.2777, 0.2727, "%"))
RANGE = question("number", key=NumberKey(1.0, 5.0))
SHOWN = (2, 0, 3, 1)
"""The post shows south, north, west, east under A-D."""


def test_truefalse_is_one_of_two_letters_never_shuffled() -> None:
    assert rules.post_order(TRUEFALSE, random.Random(3)) == (0, 1)
    verdict = judge(TRUEFALSE, (0, 1), Response((1,)))
    assert verdict is not None
    assert verdict.correct
    assert verdict.choice == 1
    wrong = judge(TRUEFALSE, (0, 1), Response((0,)))
    assert wrong is not None
    assert not wrong.correct


def test_multiple_is_the_exact_set_and_names_what_was_missed_and_extra() -> None:
    right = judge(MULTIPLE, SHOWN, Response((1, 0)))  # north, south in any order
    assert right is not None
    assert right.correct
    assert right.response == "AC"
    assert right.choice == NO_CHOICE
    wrong = judge(MULTIPLE, SHOWN, Response((0, 3)))  # south and east
    assert wrong is not None
    assert not wrong.correct
    assert wrong.missed == (0,)
    assert wrong.extra == (1,)
    assert wrong.response == "BC"
    assert judge(MULTIPLE, SHOWN, Response((0, 0))) is None  # a letter twice
    assert judge(MULTIPLE, SHOWN, Response((4,))) is None  # no letter E on the post


def test_order_is_the_exact_order_of_every_choice() -> None:
    orders = {rules.post_order(ORDER, random.Random(seed)) for seed in range(20)}
    assert len(orders) > 1  # shown shuffled
    right = judge(ORDER, SHOWN, Response((1, 3, 0, 2)))  # north east south west
    assert right is not None
    assert right.correct
    assert right.response == "ABCD"
    wrong = judge(ORDER, SHOWN, Response((0, 1, 2, 3)))
    assert wrong is not None
    assert not wrong.correct
    assert wrong.response == "CADB"
    assert judge(ORDER, SHOWN, Response((1, 3, 0))) is None  # one left out
    assert judge(ORDER, SHOWN, Response((1, 1, 0, 2))) is None


def test_text_tells_the_spelling_of_an_answer_accepted_with_a_typo() -> None:
    exact = judge(TEXT, (), Response(typed=" paris! "))
    assert exact is not None
    assert exact.correct
    assert not exact.typo
    assert exact.spelling is None
    typo = judge(TEXT, (), Response(typed="Pairs"))
    assert typo is not None
    assert typo.correct
    assert typo.typo
    assert typo.spelling == "Paris"
    accents = judge(TEXT, (), Response(typed="lutece"), "fr")
    assert accents is not None
    assert accents.correct
    assert not accents.typo
    assert accents.spelling == "Lutèce"
    other = judge(TEXT, (), Response(typed="Lutèce"), "en")  # right in the quiz's French
    assert other is not None
    assert other.correct
    wrong = judge(TEXT, (), Response(typed="Lyon"))
    assert wrong is not None
    assert not wrong.correct
    assert wrong.response == "Lyon"
    assert judge(TEXT, (), Response(typed="   ")) is None
    assert judge(TEXT, (), Response((0,))) is None


@pytest.mark.parametrize(
    ("typed", "language", "right"),
    [("0.27", "en", True), ("0,27", "fr", True), ("27 %", "en", True), ("27,3 %", "fr", True),
     ("0.26", "en", False), ("27", "en", False)],
)  # fmt: skip
def test_number_within_its_tolerance(typed: str, language: str, right: bool) -> None:
    verdict = judge(NUMBER, (), Response(typed=typed), language)
    assert verdict is not None
    assert verdict.correct == right
    assert verdict.response == typed


def test_number_range_bounds_included_and_no_number_is_asked_again() -> None:
    for typed, right in (("1", True), ("5", True), ("5.01", False), ("0,99", False)):
        verdict = judge(RANGE, (), Response(typed=typed))
        assert verdict is not None
        assert verdict.correct == right
    assert judge(RANGE, (), Response(typed="three")) is None


def post_of(order: tuple[int, ...], deadline: datetime | None = None) -> Post:
    return Post("chat", "quiz", "q", order, 1, 1, OPENED, deadline, None, post_id=7)


def test_a_response_is_stored_with_what_was_typed_and_the_typo() -> None:
    outcome = rules.judge_response(
        post_of(()), TEXT, None, "u1", Response(typed="Pairs"), OPENED + timedelta(seconds=2)
    )
    assert isinstance(outcome, Accepted)
    answer = outcome.answer
    assert answer.correct
    assert answer.typo
    assert answer.response == "Pairs"
    assert answer.choice == NO_CHOICE
    assert answer.elapsed_ms == 2000
    assert verdict_of(TEXT, answer).spelling == "Paris"


def test_an_unfit_response_is_refused_before_a_closed_post() -> None:
    closed = post_of((), deadline=OPENED)
    late = rules.judge_response(closed, RANGE, None, "u1", Response(typed="3"), OPENED)
    assert late == Refused(Refusal.CLOSED)
    unfit = rules.judge_response(closed, RANGE, None, "u1", Response(typed="x"), OPENED)
    assert unfit == Refused(Refusal.INVALID_CHOICE)


def test_verdict_of_a_stored_multiple_answer() -> None:
    answer = Answer(7, "u1", NO_CHOICE, False, OPENED, 0, response="BC")
    verdict = verdict_of(MULTIPLE, answer)
    assert verdict.missed == (0,)
    assert verdict.extra == (1,)
    stale = Answer(7, "u1", NO_CHOICE, True, OPENED, 0, response="BC")  # the quiz changed
    assert verdict_of(MULTIPLE, stale).correct
