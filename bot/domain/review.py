"""Spaced review, without I/O: every scored answer becomes an FSRS review of its card.

The only module that calls `fsrs` (py-fsrs, the scheduler Anki adopted). A card is kept per
(person, quiz, question); wrong is `Rating.Again`, right is `Rating.Good` (never Hard: the
bot cannot tell "right but struggled" from a slow phone, so every pass counts the same).
The answer's time is the review duration. One learning and one relearning step of zero
minutes make a miss due at once (retry it now, privately); a right answer then moves the card
to the review state, whose intervals are whole days (at least one), growing with each
right answer. Dates are UTC, as the library requires. Fuzzing (a few percent of jitter on
intervals of 3 days and more) is on in production and off in tests, for a deterministic
schedule.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta

from fsrs import Card, Rating, Scheduler, State

SESSION_SIZE = 20
"""Questions a review session brings back at most, most overdue first."""
WEEK = timedelta(days=7)
_STEPS = (timedelta(0),)
"""One zero-length step: a miss (or a lapse) is due again at once."""
_REFERENCE = datetime(2000, 1, 1, tzinfo=UTC)


def make_scheduler(fuzzing: bool = True) -> Scheduler:
    """The bot's FSRS scheduler: the library's default weights, our steps."""
    return Scheduler(learning_steps=_STEPS, relearning_steps=_STEPS, enable_fuzzing=fuzzing)


@dataclass(frozen=True, slots=True)
class ReviewedCard:
    """A card after an answer: the library's serialized state and what the store indexes."""

    card: str
    """`Card.to_json()`: what `Card.from_json` reads back."""
    state: int
    """fsrs.State: 1 learning, 2 review (learned), 3 relearning."""
    missed: bool
    """Answered wrong at least once: only such cards are brought back in review sessions."""
    due: datetime
    reviewed_at: datetime


class Reviewer:
    """Turns answers into card states with one scheduler (shared by a store's writer)."""

    def __init__(self, scheduler: Scheduler | None = None) -> None:
        self.scheduler = scheduler or make_scheduler()
        self._fresh = {rating: self._fresh_template(rating) for rating in Rating}

    def _fresh_template(self, rating: Rating) -> Card | None:
        """A new card's first review at a reference instant, to shift to any other instant.

        A first review depends on the rating only, plus the instant it happened, unless it
        was fuzzed (a random interval): then there is no template and the library is asked
        each time. Saves most of the cost of the first answer to a question, a burst's case.
        """
        card, _ = self.scheduler.review_card(new_card(_REFERENCE), rating, _REFERENCE)
        fuzzable = card.state == State.Review and card.due - _REFERENCE >= timedelta(days=2.5)
        return None if fuzzable and self.scheduler.enable_fuzzing else card

    def review(
        self,
        previous: str | None,
        missed_before: bool,
        correct: bool,
        at: datetime,
        elapsed_ms: int,
    ) -> ReviewedCard:
        """The card after this answer; `previous` is its stored state (None: a new card)."""
        rating = Rating.Good if correct else Rating.Again
        template = self._fresh[rating] if previous is None else None
        if template is not None:
            card = _shifted(template, at - _REFERENCE)
        else:
            start = new_card(at) if previous is None else Card.from_json(previous)
            card, _ = self.scheduler.review_card(start, rating, at, elapsed_ms)
        return ReviewedCard(
            card.to_json(), int(card.state), missed_before or not correct, card.due, at
        )

    def recall(self, card: str, now: datetime) -> float:
        """The probability, as FSRS predicts it, that the question is answered right now."""
        return float(self.scheduler.get_card_retrievability(Card.from_json(card), now))


def new_card(at: datetime) -> Card:
    """A card never reviewed (an explicit id: the library's default sleeps 1 ms to make one)."""
    return Card(card_id=1, due=at)


def _shifted(template: Card, by: timedelta) -> Card:
    due = template.due + by
    last = template.last_review + by if template.last_review else None
    return Card(1, template.state, template.step, template.stability, template.difficulty,
                due, last)  # fmt: skip


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


def card_json_due(card: str) -> datetime:
    """The due date inside a serialized card (for checks; the store indexes its own copy)."""
    return datetime.fromisoformat(json.loads(card)["due"])


@dataclass(frozen=True, slots=True)
class DueCard:
    """A missed question due for review."""

    quiz_id: str
    question_id: str
    due: datetime


@dataclass(frozen=True, slots=True)
class ReviewSession:
    """A player's review in progress in one chat: the question asked now and the tally.

    Kept in the store, so a press on the current question after a restart carries on."""

    user_id: str
    chat_id: str
    channel_ref: str
    started_at: datetime
    """Questions reviewed since are not asked again in this session (a miss is due at once)."""
    total: int
    language: str
    post_id: int | None = None
    asked: int = 0
    correct: int = 0


@dataclass(frozen=True, slots=True)
class Reminder:
    """An opt-in daily private message at a local time, sent on days something is due."""

    user_id: str
    at: time
    zone: str
    language: str
    next_run_at: datetime
