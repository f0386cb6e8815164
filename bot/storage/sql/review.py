"""Storage of spaced review: a migration, the card updates the answer writers make, a mixin.

Self-contained like the daily feature: one migration touching no other table. A card per
(user, quiz, question) holds the library's serialized state (`fsrs.Card.to_json`) next to
copies of what is queried: its state, whether it was ever missed, and its due time (ms UTC),
indexed per user for the missed cards only, so "what is due for this person" reads a few
index entries whatever the table's size. Both answer writers update the cards of a batch in
the batch's own transaction: PostgreSQL's from the cards read for the whole batch in one
query (`card_rows`), SQLite's in one upsert that reads none (sqlite/card_upsert.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta

from bot.domain.daily import parse_time
from bot.domain.review import DeckCard, ReviewedCard, Reviewer
from bot.domain.review_sessions import DueCard, Reminder, ReviewSession
from bot.storage.group_commit import PendingAnswer
from bot.storage.sql.queries import SqlQueries
from bot.storage.sql.rows import Row, Select, from_ms, to_moment, to_ms, to_text

REVIEW_MIGRATION = """
    CREATE TABLE review_cards (
        user_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        question_id TEXT NOT NULL,
        card TEXT NOT NULL,
        state INTEGER NOT NULL,
        missed INTEGER NOT NULL CHECK (missed IN (0, 1)),
        due_at INTEGER NOT NULL,
        reviewed_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, quiz_id, question_id)
    ) WITHOUT ROWID;
    CREATE INDEX review_cards_due ON review_cards (user_id, due_at) WHERE missed = 1;
    CREATE TABLE review_sessions (
        user_id TEXT NOT NULL,
        chat_id TEXT NOT NULL,
        channel_ref TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        total INTEGER NOT NULL,
        language TEXT NOT NULL,
        post_id INTEGER,
        asked INTEGER NOT NULL,
        correct INTEGER NOT NULL,
        PRIMARY KEY (user_id, chat_id)
    ) WITHOUT ROWID;
    CREATE TABLE review_reminders (
        user_id TEXT PRIMARY KEY,
        local_time TEXT NOT NULL,
        zone TEXT NOT NULL,
        language TEXT NOT NULL,
        next_run_at INTEGER NOT NULL
    );
    CREATE INDEX review_reminders_due ON review_reminders (next_run_at);
"""
"""Appended to `schema.MIGRATIONS`; its tables go last in `schema.TABLES`."""

REVIEW_TABLES = ("review_cards", "review_sessions", "review_reminders")
"""Every table holding a player's review data: `/forgetme` deletes them, `db copy` copies."""

CardKey = tuple[str, str, str]
"""(user_id, quiz_id, question_id)."""
Stored = tuple[str, bool]
"""A card as the writer reads it back: its serialized state, and whether it was ever missed."""

UPSERT_CARD = (
    "INSERT INTO review_cards (user_id, quiz_id, question_id, card, state, missed, due_at, "
    "reviewed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (user_id, quiz_id, question_id) DO UPDATE SET card = excluded.card, "
    "state = excluded.state, missed = excluded.missed, due_at = excluded.due_at, "
    "reviewed_at = excluded.reviewed_at"
)
CARD_TYPES = ("text", "text", "text", "text", "bigint", "bigint", "bigint", "bigint")
"""UPSERT_CARD's columns in PostgreSQL, for its one-statement-a-batch form."""


def card_key(item: PendingAnswer) -> CardKey:
    return item.answer.user_id, item.quiz_id, item.question_id


def card_keys(created: Sequence[PendingAnswer]) -> list[CardKey]:
    """The cards a batch's new answers touch, each once, in key order (PostgreSQL's lock
    order). Answers without a question (none today) have no card."""
    return sorted({card_key(item) for item in created if item.question_id})


def card_rows(
    created: Sequence[PendingAnswer], stored: Mapping[CardKey, Stored], reviewer: Reviewer
) -> list[tuple[object, ...]]:
    """UPSERT_CARD's arguments (PostgreSQL's card step): every card after the batch's answers,
    applied in order, in key order (its writers must lock rows in one order)."""
    cards: dict[CardKey, Stored] = dict(stored)
    rows: dict[CardKey, tuple[object, ...]] = {}
    for item in created:
        if not item.question_id:
            continue
        answer = item.answer
        key = (answer.user_id, item.quiz_id, item.question_id)
        previous, missed = cards.get(key, _NEW)
        reviewed = reviewer.review(
            previous,
            missed,
            answer.correct,
            answer.answered_at,
            answer.elapsed_ms,
            hard=answer.typo,
        )
        cards[key] = (reviewed.card, reviewed.missed)
        rows[key] = (*key, reviewed.card, reviewed.state, int(reviewed.missed),
                     due_ms(reviewed), to_ms(reviewed.reviewed_at))  # fmt: skip
    return [rows[key] for key in sorted(rows)]


def due_ms(card: ReviewedCard) -> int:
    """The `due_at` column: the review's millisecond plus the interval, exactly (as SQLite's
    upsert computes it for a new card; `to_ms(due)` may be a millisecond off, float rounding)."""
    return to_ms(card.reviewed_at) + (card.due - card.reviewed_at) // _MS


_MS = timedelta(milliseconds=1)
_NEW: tuple[None, bool] = (None, False)


def to_stored(rows: Iterable[Sequence[object]]) -> dict[CardKey, Stored]:
    return {(str(u), str(q), str(k)): (str(card), bool(missed)) for u, q, k, card, missed in rows}


def _to_due_card(row: Row) -> DueCard:
    quiz_id, question_id, due_at = row
    return DueCard(str(quiz_id), str(question_id), from_ms(int(str(due_at))))


def _to_deck_card(row: Row) -> DeckCard:
    card, state, due_at = row
    return DeckCard(str(card), int(str(state)), from_ms(int(str(due_at))))


def _to_session(row: Row) -> ReviewSession:
    user, chat, channel, started, total, language, post, asked, correct = row
    return ReviewSession(
        str(user), str(chat), str(channel), from_ms(int(str(started))), int(str(total)),
        str(language), None if post is None else int(str(post)), int(str(asked)),
        int(str(correct)),
    )  # fmt: skip


def _to_reminder(row: Row) -> Reminder:
    user, local_time, zone, language, next_run = row
    at = parse_time(str(local_time))
    assert at is not None, local_time
    return Reminder(str(user), at, str(zone), str(language), from_ms(int(str(next_run))))


_DUE = Select("SELECT quiz_id, question_id, due_at FROM review_cards", _to_due_card)
_DUE_WHERE = (
    "WHERE user_id = ? AND missed = 1 AND due_at <= ? AND reviewed_at < ? ORDER BY due_at LIMIT ?"
)
DUE_CARDS = f"{_DUE.head} {_DUE_WHERE}"
"""What is due for a player: the partial index's entries of that player, in due order."""

_SESSION_COLUMNS = (
    "user_id, chat_id, channel_ref, started_at, total, language, post_id, asked, correct"
)
_REMINDER_COLUMNS = "user_id, local_time, zone, language, next_run_at"
_DECK = Select("SELECT card, state, due_at FROM review_cards", _to_deck_card)
_CARDS = Select("SELECT card FROM review_cards", to_text)
_NEXT_DUE = Select("SELECT MIN(due_at) FROM review_cards", to_moment)
_SESSIONS = Select(f"SELECT {_SESSION_COLUMNS} FROM review_sessions", _to_session)
_REMINDERS = Select(f"SELECT {_REMINDER_COLUMNS} FROM review_reminders", _to_reminder)
_NEXT_REMINDER = Select("SELECT MIN(next_run_at) FROM review_reminders", to_moment)


class ReviewQueries(SqlQueries):
    """The spaced-review methods of the Store protocol, over the backend's primitives."""

    async def due_cards(
        self, user_id: str, now: datetime, limit: int, reviewed_before: datetime | None = None
    ) -> list[DueCard]:
        before = to_ms(reviewed_before) if reviewed_before else to_ms(now) + 1
        return await self._all(_DUE, _DUE_WHERE, user_id, to_ms(now), before, limit)

    async def next_due(self, user_id: str) -> datetime | None:
        return await self._one(_NEXT_DUE, "WHERE user_id = ? AND missed = 1", user_id)

    async def count_due(self, user_id: str, now: datetime) -> int:
        return await self._scalar(
            "SELECT COUNT(*) FROM review_cards WHERE user_id = ? AND missed = 1 AND due_at <= ?",
            user_id,
            to_ms(now),
        )

    async def review_deck(self, user_id: str) -> list[DeckCard]:
        return await self._all(_DECK, "WHERE user_id = ? AND missed = 1", user_id)

    async def review_card(self, user_id: str, quiz_id: str, question_id: str) -> str | None:
        """A card's serialized state, as the library wrote it."""
        return await self._one(
            _CARDS, "WHERE user_id = ? AND quiz_id = ? AND question_id = ?",
            user_id, quiz_id, question_id,
        )  # fmt: skip

    async def save_review_session(self, session: ReviewSession) -> None:
        await self._write(
            f"INSERT INTO review_sessions ({_SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (user_id, chat_id) DO UPDATE SET channel_ref = excluded.channel_ref, "
            "started_at = excluded.started_at, total = excluded.total, "
            "language = excluded.language, post_id = excluded.post_id, "
            "asked = excluded.asked, correct = excluded.correct",
            session.user_id,
            session.chat_id,
            session.channel_ref,
            to_ms(session.started_at),
            session.total,
            session.language,
            session.post_id,
            session.asked,
            session.correct,
        )

    async def review_session(self, user_id: str, chat_id: str) -> ReviewSession | None:
        return await self._one(_SESSIONS, "WHERE user_id = ? AND chat_id = ?", user_id, chat_id)

    async def end_review_session(self, user_id: str, chat_id: str) -> None:
        await self._write(
            "DELETE FROM review_sessions WHERE user_id = ? AND chat_id = ?", user_id, chat_id
        )

    async def save_reminder(self, reminder: Reminder) -> None:
        await self._write(
            f"INSERT INTO review_reminders ({_REMINDER_COLUMNS}) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET local_time = excluded.local_time, "
            "zone = excluded.zone, language = excluded.language, "
            "next_run_at = excluded.next_run_at",
            reminder.user_id,
            reminder.at.strftime("%H:%M"),
            reminder.zone,
            reminder.language,
            to_ms(reminder.next_run_at),
        )

    async def delete_reminder(self, user_id: str) -> bool:
        deleted = await self._write("DELETE FROM review_reminders WHERE user_id = ?", user_id)
        return deleted == 1

    async def get_reminder(self, user_id: str) -> Reminder | None:
        return await self._one(_REMINDERS, "WHERE user_id = ?", user_id)

    async def due_reminders(self, platform: str, now: datetime, limit: int) -> list[Reminder]:
        """Reminders of users `<platform>:…` due by `now`, earliest first."""
        return await self._all(
            _REMINDERS,
            "WHERE next_run_at <= ? AND user_id LIKE ? ORDER BY next_run_at, user_id LIMIT ?",
            to_ms(now),
            f"{platform}:%",
            limit,
        )

    async def next_reminder_at(self, platform: str) -> datetime | None:
        return await self._one(_NEXT_REMINDER, "WHERE user_id LIKE ?", f"{platform}:%")

    async def set_reminder_next(self, user_id: str, next_run_at: datetime) -> None:
        await self._write(
            "UPDATE review_reminders SET next_run_at = ? WHERE user_id = ?",
            to_ms(next_run_at),
            user_id,
        )
