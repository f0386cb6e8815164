"""The per-member picks of a `multiple` or `order` post: a tap adds or takes out a letter, an
order is complete when every item is picked once, and picks are stored as letters."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.catalog.loader import load_quiz
from bot.domain.selections import complete_order, picks_of, picks_text, tap
from tests.support.paths import TYPES

QUIZ = load_quiz(TYPES / "every-type.yaml")


def test_a_tap_adds_a_letter_at_the_end_and_a_second_tap_takes_it_out() -> None:
    assert tap((), 2) == (2,)
    assert tap((2,), 0) == (2, 0)
    assert tap((2, 0, 1), 0) == (2, 1)  # the order of the others is kept


def test_an_order_is_complete_when_every_item_is_picked() -> None:
    steps, primes = QUIZ.question("steps"), QUIZ.question("primes")
    assert steps is not None
    assert primes is not None
    assert not complete_order(steps, (2, 0))
    assert complete_order(steps, (2, 0, 1))
    assert not complete_order(primes, (0, 1, 2, 3))  # a set is submitted, never complete


@given(st.lists(st.integers(0, 9), unique=True, max_size=10))
def test_picks_are_stored_as_their_letters(picks: list[int]) -> None:
    assert picks_of(picks_text(tuple(picks))) == tuple(picks)


def test_letters_the_bot_never_writes_are_dropped() -> None:
    assert picks_of("CxA?") == (2, 0)
