"""Spaced review, without I/O: every scored answer becomes an FSRS review of its card.

The only module that calls `fsrs` (py-fsrs, the scheduler Anki adopted; card_json writes its
JSON). A card is kept per
(person, quiz, question); wrong is `Rating.Again`, right is `Rating.Good`, and right with a
typo (a typed answer, issue 27) is `Rating.Hard`: the one "right but struggled" the bot can
tell apart (a slow answer may be a slow phone, so time never lowers a rating).
The answer's time is the review duration. One learning and one relearning step of zero
minutes make a miss due at once (retry it now, privately); a right answer then moves the card
to the review state, whose intervals are whole days (at least one), growing with each
right answer. Dates are UTC, as the library requires. Fuzzing (a few percent of jitter on
intervals of 3 days and more) is on in production and off in tests, for a deterministic
schedule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import NamedTuple

from fsrs import Card, Rating, Scheduler, State

from bot.domain.card_json import head_of, joined, reviewed_card_parts, serialized

WEEK = timedelta(days=7)
_STEPS = (timedelta(0),)
"""One zero-length step: a miss (or a lapse) is due again at once."""
_REFERENCE = datetime(2000, 1, 1, tzinfo=UTC)


def grade(correct: bool, hard: bool = False) -> Rating:
    """An answer's FSRS rating: Again when wrong, Hard when right with a typo, else Good."""
    if not correct:
        return Rating.Again
    return Rating.Hard if hard else Rating.Good


def make_scheduler(fuzzing: bool = True) -> Scheduler:
    """The bot's FSRS scheduler: the library's default weights, our steps."""
    return Scheduler(learning_steps=_STEPS, relearning_steps=_STEPS, enable_fuzzing=fuzzing)


class ReviewedCard(NamedTuple):
    """A card after an answer: the library's serialized state and what the store indexes.

    A named tuple: one is built per answer, in the answer writer's transaction."""

    card: str
    """`Card.to_json()`: what `Card.from_json` reads back."""
    state: int
    """fsrs.State: 1 learning, 2 review (learned), 3 relearning."""
    missed: bool
    """Answered wrong at least once: only such cards are brought back in review sessions."""
    due: datetime
    reviewed_at: datetime


class _Outcome(NamedTuple):
    """A review as FSRS computed it, to place at any instant of the same day count."""

    head: str
    """The reviewed card's JSON before its due time (card_json.head_of)."""
    state: int
    interval: timedelta
    """Before fuzzing."""
    fuzzed: bool
    """The library fuzzes this interval (the review state, with fuzzing on)."""


_OUTCOMES_KEPT = 4096
"""Reviews remembered at most (a few hundred bytes each); all are dropped when full."""


class Reviewer:
    """Turns answers into card states with one scheduler (shared by a store's writer)."""

    def __init__(self, scheduler: Scheduler | None = None) -> None:
        self.scheduler = scheduler or make_scheduler()
        self._unfuzzed = Scheduler.from_dict({**self.scheduler.to_dict(), "enable_fuzzing": False})
        self._outcomes: dict[tuple[str, int, Rating], _Outcome] = {}
        self.computed = 0
        """Existing cards' reviews the library computed (the others were shared)."""
        self._first = {
            rating: self._fresh_template(rating)
            for rating in (Rating.Again, Rating.Hard, Rating.Good)
        }

    def _fresh_template(self, rating: Rating) -> FirstReview | None:
        """A new card's first review, computed once at a reference instant, to shift to any
        other: a first review depends on the rating only, plus the instant it happened, unless
        it was fuzzed (a random interval), and then there is no template. The first answer to
        a question, a burst's case, then costs two `isoformat` calls instead of a review and a
        `json.dumps` (tested equal to what the library computes and writes)."""
        card, _ = self.scheduler.review_card(new_card(_REFERENCE), rating, _REFERENCE)
        fuzzable = card.state == State.Review and card.due - _REFERENCE >= timedelta(days=2.5)
        if fuzzable and self.scheduler.enable_fuzzing:
            return None
        text, due, last = card.to_json(), card.due.isoformat(), _REFERENCE.isoformat()
        prefix, found, rest = text.partition(f'"due": "{due}"')
        middle, found_last, suffix = rest.partition(f'"last_review": "{last}"')
        if not found or not found_last:  # the library changed its format: ask it each time
            return None
        parts = (prefix + '"due": "', '"' + middle + '"last_review": "', '"' + suffix)
        return FirstReview(card.due - _REFERENCE, int(card.state), parts)

    def first_review(self, correct: bool, hard: bool = False) -> FirstReview | None:
        """A new card's first review with this answer (`hard`: right with a typo), to be
        placed at the answer's instant; None when it must be computed each time (fuzzed)."""
        return self._first[grade(correct, hard)]

    def review(
        self,
        previous: str | None,
        missed_before: bool,
        correct: bool,
        at: datetime,
        elapsed_ms: int,
        at_text: str | None = None,
        hard: bool = False,
    ) -> ReviewedCard:
        """The card after this answer; `previous` is its stored state (None: a new card);
        `at_text`, when the caller has it, is `at.isoformat()` in UTC; `hard`: right with a
        typo."""
        if at.tzinfo is not UTC:  # the library refuses any other tzinfo, even an equal one
            at, at_text = at.astimezone(UTC), None
        at_text = at_text or at.isoformat()
        missed = missed_before or not correct
        hard = hard and correct
        template = self._first[grade(correct, hard)] if previous is None else None
        if template is not None:
            due = at + template.interval
            prefix, middle, suffix = template.parts
            text = (
                f"{prefix}{_iso_shifted(due, at_text, template.interval)}{middle}{at_text}{suffix}"
            )
            return ReviewedCard(text, template.state, missed, due, at)
        outcome = self._outcome(previous, correct, at, elapsed_ms, hard) if previous else None
        if outcome is not None:
            interval = outcome.interval
            if outcome.fuzzed:  # the library's own fuzz, drawn as review_card would draw it
                interval = self.scheduler._get_fuzzed_interval(interval=interval)
            due = at + interval
            text = joined(outcome.head, _iso_shifted(due, at_text, interval), at_text)
            return ReviewedCard(text, outcome.state, missed, due, at)
        rating = grade(correct, hard)
        try:
            card, _ = self.scheduler.review_card(_parsed(previous, at), rating, at, elapsed_ms)
        except _UNREVIEWABLE:  # readable but inconsistent (edited by hand): start it again
            card, _ = self.scheduler.review_card(new_card(at), rating, at, elapsed_ms)
        return ReviewedCard(serialized(card), int(card.state), missed, card.due, at)

    def _outcome(
        self, previous: str, correct: bool, at: datetime, elapsed_ms: int, hard: bool = False
    ) -> _Outcome | None:
        """What FSRS makes of a stored card with this answer, before fuzzing; None when the
        library must read the card itself (not in its layout, or not reviewable).

        A review depends only on the card's fields, the rating and the whole days since its
        last review (`Scheduler.review_card`; the instant only places the result), so a
        group's members who share a question's history share one review by the library,
        remembered here; fuzzing, random by design, is drawn for each answer."""
        parts = reviewed_card_parts(previous)
        if parts is None:
            return None
        head, last = parts
        rating = grade(correct, hard)
        key = (head, (at - last).days, rating)
        known = self._outcomes.get(key)
        if known is not None:
            return known
        self.computed += 1
        try:
            card, _ = self._unfuzzed.review_card(Card.from_json(previous), rating, at, elapsed_ms)
        except (*_UNREVIEWABLE, KeyError):
            return None
        state = int(card.state)
        fuzzed = self.scheduler.enable_fuzzing and card.state == State.Review
        known = _Outcome(head_of(serialized(card)), state, card.due - at, fuzzed)
        if len(self._outcomes) >= _OUTCOMES_KEPT:
            self._outcomes.clear()
        self._outcomes[key] = known
        return known

    def recall(self, card: str, now: datetime) -> float:
        """The probability, as FSRS predicts it, that the question is answered right now."""
        return float(self.scheduler.get_card_retrievability(Card.from_json(card), now))


_UNREVIEWABLE = (AssertionError, ArithmeticError, AttributeError, TypeError, ValueError)
"""What the library raises on a card it can read but not review (it asserts its invariants):
one such card must not fail its whole batch of answers, every chat's in it."""


def _parsed(previous: str | None, at: datetime) -> Card:
    """The stored card; a new one if there is none, or if it cannot be read (a card must
    never keep an answer from being stored)."""
    if previous is not None:
        try:
            return Card.from_json(previous)
        except (ValueError, KeyError, TypeError):  # e.g. edited by hand: start it again
            pass
    return new_card(at)


def new_card(at: datetime) -> Card:
    """A card never reviewed (an explicit id: the library's default sleeps 1 ms to make one)."""
    return Card(card_id=1, due=at)


def _iso_shifted(moment: datetime, base_text: str, by: timedelta) -> str:
    """`moment.isoformat()`, `moment` being `by` after the instant `base_text` shows: whole
    days move only the date (UTC has no daylight saving), half the cost of a full format."""
    if not by:
        return base_text
    if by.seconds or by.microseconds:
        return moment.isoformat()
    return moment.date().isoformat() + base_text[10:]


@dataclass(frozen=True, slots=True)
class FirstReview:
    """A new card's first review with a given rating, to be placed at any instant: its JSON
    is `parts[0] + due.isoformat() + parts[1] + at.isoformat() + parts[2]`."""

    interval: timedelta
    state: int
    parts: tuple[str, str, str]
    """The library's JSON of it around its due and last review times."""


@dataclass(frozen=True, slots=True)
class ReviewStats:
    """A player's review deck (the questions they missed), across every quiz and chat."""

    due_now: int
    due_this_week: int
    """Due within the next seven days, those due now included."""
    learned: int
    """Missed once, since answered right: in the review state."""
    recall: float | None
    """The average predicted recall probability of the deck; None for an empty deck."""


@dataclass(frozen=True, slots=True)
class DeckCard:
    """One missed question's card as stored, for stats."""

    card: str
    state: int
    due: datetime


def deck_stats(reviewer: Reviewer, cards: Iterable[DeckCard], now: datetime) -> ReviewStats:
    deck = list(cards)
    recalls = [reviewer.recall(card.card, now) for card in deck]
    return ReviewStats(
        due_now=sum(card.due <= now for card in deck),
        due_this_week=sum(card.due <= now + WEEK for card in deck),
        learned=sum(card.state == State.Review for card in deck),
        recall=sum(recalls) / len(recalls) if recalls else None,
    )
