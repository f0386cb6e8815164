"""Review cards with a past, for the answer benchmarks: how a burst's cards look in use.

A burst's second answer to a question (bench "existing") finds every card alike. In a group
that has played for weeks the cards of one question differ with each member's past:
- "group": the question came back in a few rounds of the group, days apart; each member
  came to most of them, answered right most times, within hours of the post, and some
  reviewed their misses privately on a day of their own;
- "varied": every member a past of their own (1 to 6 answers on random days), the worst case
  for sharing the library's reviews (bot/domain/review.py, `Reviewer._outcome`).
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from _common import QUIZZES

from bot.catalog.installed import load_catalog
from bot.domain.review import ReviewedCard, Reviewer
from bot.storage.sql.review import UPSERT_CARD, due_ms
from bot.storage.sql.rows import to_ms
from bot.storage.sqlite.store import SQLiteStore

KINDS = ("group", "varied")
CATALOG = load_catalog(QUIZZES)
_HOUR = timedelta(hours=1)
_DAY = timedelta(days=1)


def card_rows(
    kind: str, users: list[str], quiz_id: str, question_id: str, now: datetime, seed: int = 7
) -> Iterator[tuple[object, ...]]:
    """UPSERT_CARD's rows: each user's card of the question after their past answers."""
    rng = random.Random(seed)
    reviewer = Reviewer()  # fuzzing on, as in production
    rounds = _round_days(rng, now)
    for user in users:
        answers = _group_past(rng, rounds, now) if kind == "group" else _own_past(rng, now)
        card: ReviewedCard | None = None
        for at, correct in answers:
            previous = None if card is None else card.card
            missed = card is not None and card.missed
            card = reviewer.review(previous, missed, correct, at, rng.randrange(2_000, 30_000))
        if card is not None:
            yield (user, quiz_id, question_id, card.card, card.state, int(card.missed),
                   due_ms(card), to_ms(card.reviewed_at))  # fmt: skip


def _round_days(rng: random.Random, now: datetime) -> list[datetime]:
    """Four rounds with this question, 3 to 20 days apart, the last 2 to 6 days ago, at 18:00."""
    day = (now - timedelta(days=rng.randrange(2, 7))).replace(hour=18, minute=0, second=0)
    days = [day]
    for _ in range(3):
        day -= timedelta(days=rng.randrange(3, 21))
        days.append(day)
    return sorted(days)


def _group_past(
    rng: random.Random, rounds: list[datetime], now: datetime
) -> list[tuple[datetime, bool]]:
    past: list[tuple[datetime, bool]] = []
    for index, posted in enumerate(rounds):
        if rng.random() < 0.8:  # came to this round
            correct = rng.random() < 0.7
            past.append((posted + rng.random() * 3 * _HOUR, correct))
            if not correct and rng.random() < 0.3:  # reviewed the miss privately, later
                end = rounds[index + 1] if index + 1 < len(rounds) else now
                span = max((end - posted) / _DAY - 1, 0)
                past.append((posted + (1 + rng.random() * span) * _DAY, rng.random() < 0.8))
    return past


def _own_past(rng: random.Random, now: datetime) -> list[tuple[datetime, bool]]:
    at = now - timedelta(days=rng.randrange(90, 120))
    past = []
    for _ in range(rng.randrange(1, 7)):
        at += rng.random() * 15 * _DAY
        past.append((at, rng.random() < 0.65))
    return past


async def write_pasts(store: SQLiteStore, kind: str, players: int) -> None:
    """The bench players' cards of the burst's question (the quiz's first), with a past."""
    quiz = CATALOG["parallelism"]
    users = [f"bench:{number}" for number in range(players)]
    rows = list(card_rows(kind, users, quiz.id, quiz.questions[0].id, datetime.now(UTC)))
    with sqlite3.connect(store.path) as connection:
        connection.executemany(UPSERT_CARD, rows)


async def write_quiz_pasts(path: Path, kind: str, users: list[str], quiz_id: str) -> None:
    """These users' cards of every question of the quiz, with a past, in a migrated database
    at `path`: for a bot that picks the burst's question itself."""
    await (await SQLiteStore.open(path)).close()  # the schema, by the real migrations
    now = datetime.now(UTC)
    with sqlite3.connect(path) as connection:
        for question in CATALOG[quiz_id].questions:
            connection.executemany(UPSERT_CARD, card_rows(kind, users, quiz_id, question.id, now))
