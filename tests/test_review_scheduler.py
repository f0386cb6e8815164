"""The FSRS rules (bot/domain/review.py) with an injected clock and fuzzing off."""

from __future__ import annotations

import itertools
import json
import random
from datetime import UTC, datetime, timedelta

from fsrs import Card, Rating, State

from bot.domain.review import Reviewer, make_scheduler, new_card

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def reviewer(fuzzing: bool = False) -> Reviewer:
    return Reviewer(make_scheduler(fuzzing=fuzzing))


def replay(
    outcomes: list[bool], gap: timedelta = timedelta(minutes=1), fuzzing: bool = False
) -> list[tuple[datetime, datetime, int]]:
    """Each answer given `gap` after its card fell due: (answered at, due, state)."""
    scheduler = reviewer(fuzzing)
    card, missed, at = None, False, START
    schedule = []
    for correct in outcomes:
        after = scheduler.review(card, missed, correct, at, 4000)
        card, missed = after.card, after.missed
        schedule.append((at, after.due, after.state))
        at = after.due + gap
    return schedule


def test_a_miss_is_due_at_once() -> None:
    after = reviewer().review(None, False, False, START, 6000)
    assert after.due == START
    assert after.missed
    assert after.state == State.Learning


def test_right_answers_push_the_due_date_out_further_each_time_never_the_same_day() -> None:
    schedule = replay([False, True, True, True, True, True])
    intervals = [due - at for at, due, _ in schedule[1:]]
    assert all(interval >= timedelta(days=1) for interval in intervals)
    assert all(later > earlier for earlier, later in itertools.pairwise(intervals))
    assert [state for _, _, state in schedule[1:]] == [State.Review] * 5


def test_a_wrong_answer_in_review_brings_the_question_back_at_once() -> None:
    schedule = replay([False, True, True, False])
    at, due, state = schedule[-1]
    assert due == at
    assert state == State.Relearning
    again = replay([False, True, True, False, True])
    at, due, state = again[-1]
    assert timedelta(days=1) <= due - at
    assert state == State.Review


def test_a_first_answer_right_is_not_in_the_review_deck_but_is_scheduled() -> None:
    after = reviewer().review(None, False, True, START, 3000)
    assert not after.missed
    assert after.due - START >= timedelta(days=1)
    missed_later = reviewer().review(after.card, after.missed, False, after.due, 3000)
    assert missed_later.missed
    assert reviewer().review(missed_later.card, True, True, START, 1).missed  # stays missed


def test_the_same_answers_give_the_same_schedule_with_fuzzing_off() -> None:
    outcomes = [False, True, False, True, True, True, True]
    assert replay(outcomes) == replay(outcomes)


def test_fuzzing_changes_long_intervals_but_seeded_it_repeats() -> None:
    outcomes = [False] + [True] * 6
    random.seed(3)
    first = replay(outcomes, fuzzing=True)
    random.seed(3)
    assert replay(outcomes, fuzzing=True) == first
    assert first != replay(outcomes)  # with 6 right answers some interval got jitter


def test_a_new_cards_shortcut_is_exactly_what_the_library_computes() -> None:
    scheduler = make_scheduler(fuzzing=False)
    for rating, at in itertools.product(
        (Rating.Good, Rating.Hard, Rating.Again),
        (START + timedelta(days=17, seconds=3), START.replace(microsecond=7)),
    ):
        correct, hard = rating != Rating.Again, rating == Rating.Hard
        ours = Reviewer(scheduler).review(None, False, correct, at, 5, hard=hard)
        theirs, _ = scheduler.review_card(new_card(at), rating, at, 5)
        assert ours.card == theirs.to_json()  # byte for byte what the library writes
        assert (ours.due, ours.state) == (theirs.due, theirs.state)
        assert Card.from_json(ours.card).due == theirs.due


def test_recall_falls_as_time_passes() -> None:
    scheduler = reviewer()
    after = scheduler.review(None, False, True, START, 1)
    soon = scheduler.recall(after.card, START + timedelta(days=1))
    later = scheduler.recall(after.card, START + timedelta(days=30))
    assert 0 < later < soon <= 1


def test_an_unreadable_card_or_another_utc_starts_fresh_instead_of_failing() -> None:
    from zoneinfo import ZoneInfo

    scheduler = reviewer()
    broken = scheduler.review("{not json", True, False, START, 1)
    assert broken.due == START
    assert broken.missed
    other_utc = START.replace(tzinfo=ZoneInfo("UTC"))
    assert scheduler.review(broken.card, True, True, other_utc, 1).due > START


def test_a_readable_but_inconsistent_card_starts_fresh_instead_of_failing() -> None:
    """A card in review with no stability (edited by hand) makes the library assert: the
    answer's batch must still commit, with the card started again."""
    card = json.loads(reviewer().review(None, False, False, START, 1).card)
    card.update(state=int(State.Review), stability=None, difficulty=None)
    again = reviewer().review(json.dumps(card), True, True, START, 1)
    fresh = reviewer().review(None, True, True, START, 1)
    assert (again.card, again.due, again.missed) == (fresh.card, fresh.due, True)


def test_cards_are_serialized_exactly_as_the_library_does() -> None:
    from bot.domain.card_json import serialized

    random.seed(11)
    scheduler = make_scheduler(fuzzing=True)
    rng = random.Random(5)
    for _ in range(300):
        card, at = new_card(START), START
        for _ in range(rng.randrange(1, 8)):
            at += timedelta(seconds=rng.randrange(0, 40 * 86_400), microseconds=rng.randrange(9))
            rating = rng.choice(list(Rating))
            card, _ = scheduler.review_card(card, rating, at)
            assert serialized(card) == card.to_json()
    assert serialized(new_card(START)) == new_card(START).to_json()  # never reviewed: nulls


def test_a_stored_card_is_taken_apart_only_in_the_librarys_layout() -> None:
    """Head and last review of a reviewed card; None for a card never reviewed (null last
    review), one without a last review at all, or text that is not the layout."""
    from bot.domain.card_json import reviewed_card_parts

    card = reviewer().review(None, False, True, START, 1).card
    found = reviewed_card_parts(card)
    assert found is not None
    head, last = found
    assert last == START
    assert card.startswith(head)
    assert '"due"' not in head
    assert reviewed_card_parts(new_card(START).to_json()) is None  # "last_review": null
    assert reviewed_card_parts(card.replace('"last_review"', '"seen"')) is None
    assert reviewed_card_parts("{not json") is None
