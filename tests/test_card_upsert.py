"""SQLite's one-statement card step (bot/storage/sqlite/card_upsert.py) against the library.

Every row the upsert writes must be what `Scheduler.review_card` computes and `Card.to_json`
writes, byte for byte, whether SQL placed the instant into a new card's template or called
back FSRS for an existing card; with fuzzing on and off, over many random instants (whole
milliseconds, no fraction at all, any microsecond), ratings and durations.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fsrs import Card, Rating, Scheduler

from bot.domain.entities import Answer
from bot.domain.review import _STEPS, Reviewer, make_scheduler, new_card
from bot.storage.group_commit import PendingAnswer
from bot.storage.sql.review import REVIEW_MIGRATION
from bot.storage.sql.rows import to_ms
from bot.storage.sqlite.card_upsert import UPSERT_CARDS, CardFunctions, card_arguments

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
KEY = ("tg:1", "parallelism", "tensor-split")
MS = timedelta(milliseconds=1)
RATINGS = (Rating.Again, Rating.Hard, Rating.Good)


class Cards:
    """A review_cards table on a real SQLite file, written only by the upsert under test."""

    def __init__(self, path: Path, reviewer: Reviewer) -> None:
        self.reviewer = reviewer
        self.connection = sqlite3.connect(path, isolation_level=None)
        self.connection.executescript(REVIEW_MIGRATION)
        self.connection.execute("PRAGMA synchronous = OFF")  # a commit a row: no fsync each
        CardFunctions(lambda: self.reviewer).install(self.connection)

    def answer(
        self, user: str, correct: bool, at: datetime, elapsed: int, typo: bool = False
    ) -> None:
        answer = Answer(1, user, 0, correct, at, elapsed, typo=typo)
        item = PendingAnswer(answer, "tg:-1", KEY[1], None, KEY[2])
        self.connection.executemany(UPSERT_CARDS, card_arguments([item], self.reviewer))

    def row(self, user: str) -> tuple[object, ...]:
        found = self.connection.execute(
            "SELECT card, state, missed, due_at, reviewed_at FROM review_cards "
            "WHERE user_id = ? AND quiz_id = ? AND question_id = ?",
            (user, *KEY[1:]),
        ).fetchone()
        assert found is not None
        return tuple(found)


def expected(card: Card, missed: bool, at: datetime) -> tuple[object, ...]:
    """The row for the library's card after a review at `at`: its JSON, state, missed, and
    due time as the review's millisecond plus the interval."""
    due_at = to_ms(at) + (card.due - at) // MS
    return card.to_json(), int(card.state), int(missed), due_at, to_ms(at)


def instants(rng: random.Random, count: int) -> Iterator[datetime]:
    """Random instants over decades: on a whole second, a whole ms, under 1 ms past, any."""
    for number in range(count):
        at = START + timedelta(microseconds=rng.randrange(-(10**15), 10**15))
        if number % 4 == 0:
            at = at.replace(microsecond=0)
        elif number % 4 == 1:
            at = at.replace(microsecond=at.microsecond // 1000 * 1000)
        elif number % 4 == 2:
            at = at.replace(microsecond=rng.randrange(1, 1000))
        yield at


@pytest.mark.parametrize("fuzzing", [False, True])
def test_a_new_cards_row_is_the_librarys_first_review_byte_for_byte(
    tmp_path: Path, fuzzing: bool
) -> None:
    scheduler = make_scheduler(fuzzing=fuzzing)
    reviewer = Reviewer(scheduler)
    assert reviewer.first_review(True)  # every rating templated in the SQL
    assert reviewer.first_review(False)
    assert reviewer.first_review(True, hard=True)  # right with a typo (issue 27)
    cards = Cards(tmp_path / "cards.db", reviewer)
    rng = random.Random(20)
    for number, at in enumerate(instants(rng, 1500)):
        rating, elapsed = rng.choice(RATINGS), rng.randrange(0, 120_000)
        correct, typo = rating != Rating.Again, rating == Rating.Hard
        user = f"tg:{number}"
        cards.answer(user, correct, at, elapsed, typo)
        theirs, _ = scheduler.review_card(new_card(at), rating, at, elapsed)
        assert cards.row(user) == expected(theirs, not correct, at), (at, correct)


@pytest.mark.parametrize("fuzzing", [False, True])
def test_an_existing_card_is_reviewed_by_the_library_answer_after_answer(
    tmp_path: Path, fuzzing: bool
) -> None:
    """Each player's card goes through a random sequence of answers; the library, seeded the
    same, computes the same sequence from the JSON it wrote."""
    scheduler = make_scheduler(fuzzing=fuzzing)
    cards = Cards(tmp_path / "cards.db", Reviewer(scheduler))
    rng = random.Random(21)
    for player in range(80):
        user, ours, missed = f"tg:{player}", None, False
        at = next(instants(rng, 1))
        for _ in range(rng.randrange(1, 9)):
            at += timedelta(seconds=rng.randrange(60 * 86_400), microseconds=rng.randrange(10**6))
            correct, elapsed, seed = rng.random() < 0.6, rng.randrange(0, 60_000), rng.random()
            random.seed(seed)  # the fuzz the library draws, the same on both sides
            cards.answer(user, correct, at, elapsed)
            random.seed(seed)
            card = new_card(at) if ours is None else Card.from_json(ours)
            rating = Rating.Good if correct else Rating.Again
            theirs, _ = scheduler.review_card(card, rating, at, elapsed)
            missed = missed or not correct
            assert cards.row(user) == expected(theirs, missed, at)
            ours = theirs.to_json()


def test_a_first_review_that_cannot_be_templated_is_the_librarys_too(tmp_path: Path) -> None:
    """At 80 % retention a right first answer is due in more than 2.5 days, so it is fuzzed:
    no template, the function computes it (seeded, the library draws the same)."""
    scheduler = Scheduler(learning_steps=_STEPS, relearning_steps=_STEPS, desired_retention=0.8)
    reviewer = Reviewer(scheduler)
    assert reviewer.first_review(True) is None
    cards = Cards(tmp_path / "cards.db", reviewer)
    rng = random.Random(22)
    for number, at in enumerate(instants(rng, 300)):
        correct, seed = rng.random() < 0.5, rng.random()
        random.seed(seed)
        cards.answer(f"tg:{number}", correct, at, 5)
        random.seed(seed)
        rating = Rating.Good if correct else Rating.Again
        theirs, _ = scheduler.review_card(new_card(at), rating, at, 5)
        assert cards.row(f"tg:{number}") == expected(theirs, not correct, at)


def test_an_instant_in_another_utc_zone_is_stored_as_utc(tmp_path: Path) -> None:
    from zoneinfo import ZoneInfo

    cards = Cards(tmp_path / "cards.db", Reviewer(make_scheduler(fuzzing=False)))
    cards.answer("tg:1", True, START.astimezone(ZoneInfo("Europe/Paris")), 5)
    assert cards.row("tg:1")[4] == to_ms(START)
    assert '"last_review": "2026-03-02T09:00:00+00:00"' in str(cards.row("tg:1")[0])


def test_an_unreadable_stored_card_starts_again_instead_of_failing(tmp_path: Path) -> None:
    reviewer = Reviewer(make_scheduler(fuzzing=False))
    cards = Cards(tmp_path / "cards.db", reviewer)
    cards.answer("tg:1", False, START, 5)
    cards.connection.execute("UPDATE review_cards SET card = '{not json'")
    later = START + timedelta(minutes=2)
    cards.answer("tg:1", True, later, 5)
    theirs, _ = reviewer.scheduler.review_card(new_card(later), Rating.Good, later, 5)
    assert cards.row("tg:1") == expected(theirs, True, later)  # still missed once


@pytest.mark.parametrize("fuzzing", [False, True])
def test_members_who_share_a_history_share_one_review_by_the_library(
    tmp_path: Path, fuzzing: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A group answers a question round after round: members with the same answers on the
    same days have the same card but for its instants, so the library reviews it once a
    round; every row is still what it computes for that member (fuzz drawn for each)."""
    reviewer = Reviewer(make_scheduler(fuzzing=fuzzing))
    cards, reference = Cards(tmp_path / "cards.db", reviewer), make_scheduler(fuzzing=fuzzing)
    asked: list[Scheduler] = []
    review_card = Scheduler.review_card

    def counted(self: Scheduler, *arguments: object) -> object:
        if self is not reference:
            asked.append(self)
        return review_card(self, *arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(Scheduler, "review_card", counted)
    rng = random.Random(23)
    history = [(rng.random() < 0.6, rng.randrange(0, 40)) for _ in range(7)]
    members = {f"tg:{n}": timedelta(microseconds=rng.randrange(4 * 10**10)) for n in range(30)}
    theirs: dict[str, Card] = {}
    day = START
    for correct, gap in history:
        day += timedelta(days=gap)
        rating = Rating.Good if correct else Rating.Again
        for user, offset in members.items():
            at, seed = day + offset, rng.random()  # each member at their own time of day
            random.seed(seed)
            cards.answer(user, correct, at, rng.randrange(60_000))
            random.seed(seed)
            card = theirs.get(user, new_card(at))
            theirs[user], _ = review_card(reference, card, rating, at, 1)
            missed = any(not right for right, _ in history[: history.index((correct, gap)) + 1])
            assert cards.row(user) == expected(theirs[user], missed, at), (user, at)
    assert len(asked) == len(history) - 1  # the first answers are templates; then one a round


def test_sqlite_reviews_an_existing_card_once_for_its_three_columns(tmp_path: Path) -> None:
    """The card, its state and its due time come from one call of the function: a review
    drawn once (fuzz included) can only be stored whole."""
    calls: list[str | None] = []

    class Counted(CardFunctions):
        def reviewed(self, stored: str | None, correct: int, at: str, elapsed: int) -> str:
            calls.append(stored)
            return super().reviewed(stored, correct, at, elapsed)

    reviewer = Reviewer(make_scheduler(fuzzing=False))
    cards = Cards(tmp_path / "cards.db", reviewer)
    Counted(lambda: reviewer).install(cards.connection)  # replaces the function by name
    users = [f"tg:{number}" for number in range(5)]
    for user in users:
        cards.answer(user, True, START, 5)
    assert calls == []  # new cards: the row as given, no call
    for number, user in enumerate(users):
        cards.answer(user, number % 2 == 0, START + timedelta(days=3), 7)
    assert len(calls) == len(users)


@pytest.mark.parametrize("fuzzing", [False, True])
def test_right_with_a_typo_is_reviewed_as_hard_new_card_or_not(
    tmp_path: Path, fuzzing: bool
) -> None:
    """A typed answer accepted with a typo (issue 27) is Rating.Hard, in the SQL upsert as in
    the reviewer PostgreSQL's writer calls: again, hard and good answers in random order."""
    scheduler = make_scheduler(fuzzing=fuzzing)
    cards = Cards(tmp_path / "cards.db", Reviewer(scheduler))
    other = Reviewer(make_scheduler(fuzzing=fuzzing))
    rng = random.Random(22)
    for player in range(40):
        user, ours, missed = f"tg:{player}", None, False
        at = next(instants(rng, 1))
        for _ in range(rng.randrange(1, 7)):
            at += timedelta(seconds=rng.randrange(30 * 86_400))
            rating, seed = rng.choice(RATINGS), rng.random()
            correct, typo = rating != Rating.Again, rating == Rating.Hard
            random.seed(seed)
            cards.answer(user, correct, at, 1000, typo)
            random.seed(seed)
            card = new_card(at) if ours is None else Card.from_json(ours)
            theirs, _ = scheduler.review_card(card, rating, at, 1000)
            missed = missed or not correct
            assert cards.row(user) == expected(theirs, missed, at), rating
            random.seed(seed)
            reviewed = other.review(ours, False, correct, at, 1000, hard=typo)
            assert reviewed.card == theirs.to_json()
            ours = theirs.to_json()
