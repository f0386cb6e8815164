"""Review cards in both stores: written with their answers, in the same transaction."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

import pytest

from bot.domain.entities import Answer, NewPost, Player
from bot.domain.review import Reviewer, make_scheduler
from bot.domain.review_sessions import Reminder, ReviewSession
from bot.storage.interface import Store, StoreError
from bot.storage.opening import open_store

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
QUESTIONS = ("why-parallelism", "tensor-split", "pipeline-bubble")


async def open_deterministic(database: Path | str) -> Store:
    store = await open_store(database)
    store.writer.reviewer = Reviewer(make_scheduler(fuzzing=False))  # type: ignore[attr-defined]
    return store


async def post(store: Store, question: str, chat: str = "tg:-1") -> int:
    created = await store.create_post(
        NewPost(chat, "parallelism", question, (0, 1, 2, 3), 1, 1, NOW, None, None)
    )
    return created.post_id


async def answer(store: Store, post_id: int, user: str, correct: bool, at: datetime = NOW) -> None:
    found = await store.get_post(post_id)
    assert found is not None
    await store.add_answer(
        Answer(post_id, user, 0, correct, at, 4000), found, Player(user, user, "en")
    )


async def test_every_answer_updates_its_card_and_misses_come_back_most_overdue_first(
    database: Path | str,
) -> None:
    store = await open_deterministic(database)
    try:
        posts = [await post(store, question) for question in QUESTIONS]
        await answer(store, posts[0], "tg:1", False, NOW + timedelta(seconds=2))
        await answer(store, posts[1], "tg:1", True, NOW)
        await answer(store, posts[2], "tg:1", False, NOW)
        await answer(store, posts[2], "tg:2", True, NOW)
        due = await store.due_cards("tg:1", NOW + timedelta(seconds=5), 20)
        assert [card.question_id for card in due] == ["pipeline-bubble", "why-parallelism"]
        assert await store.count_due("tg:1", NOW + timedelta(seconds=5)) == 2
        assert await store.due_cards("tg:2", NOW + timedelta(days=30), 20) == []  # never missed
        stored = await store.review_card("tg:1", "parallelism", "tensor-split")
        assert stored is not None
        assert json.loads(stored)["state"] == 2  # right first: already in review
        assert await store.next_due("tg:1") == NOW
    finally:
        await store.close()


async def test_a_right_review_moves_the_card_out_and_leaves_nothing_due(
    database: Path | str,
) -> None:
    store = await open_deterministic(database)
    try:
        await answer(store, await post(store, "tensor-split"), "tg:1", False)
        later = NOW + timedelta(minutes=3)
        await answer(store, await post(store, "tensor-split"), "tg:1", True, later)
        assert await store.due_cards("tg:1", later, 20) == []
        due_at = await store.next_due("tg:1")
        assert due_at is not None
        assert due_at - later >= timedelta(days=1)
        deck = await store.review_deck("tg:1")
        assert [card.state for card in deck] == [2]
    finally:
        await store.close()


class Exploding(Reviewer):
    """Every card review fails, a new card's too (no template: SQLite's upsert calls back)."""

    def first_review(self, correct: bool, hard: bool = False) -> None:
        return None

    def review(self, *args: object, **kwargs: object) -> object:  # type: ignore[override]
        raise RuntimeError("the card could not be computed")


async def test_a_failure_after_the_answer_rows_leaves_neither_answer_nor_card(
    database: Path | str,
) -> None:
    store = await open_deterministic(database)
    try:
        post_id = await post(store, "tensor-split")
        store.writer.reviewer = Exploding()  # type: ignore[attr-defined]
        with pytest.raises((RuntimeError, StoreError)):
            await answer(store, post_id, "tg:1", False)
        assert await store.get_answer(post_id, "tg:1") is None
        assert await store.review_card("tg:1", "parallelism", "tensor-split") is None
        assert await store.scores("tg:-1", None) == []
        store.writer.reviewer = Reviewer(make_scheduler(fuzzing=False))  # type: ignore[attr-defined]
        await answer(store, post_id, "tg:1", False)
        assert await store.get_answer(post_id, "tg:1") is not None
        assert await store.review_card("tg:1", "parallelism", "tensor-split") is not None
    finally:
        await store.close()


async def test_a_failing_review_of_an_existing_card_keeps_the_answer_out_and_the_card_as_it_was(
    database: Path | str,
) -> None:
    store = await open_deterministic(database)
    try:
        await answer(store, await post(store, "tensor-split"), "tg:1", False)
        before = await store.review_card("tg:1", "parallelism", "tensor-split")
        second = await post(store, "tensor-split")
        store.writer.reviewer = Exploding()  # type: ignore[attr-defined]
        with pytest.raises((RuntimeError, StoreError)):
            await answer(store, second, "tg:1", True, NOW + timedelta(minutes=1))
        assert await store.get_answer(second, "tg:1") is None
        assert await store.review_card("tg:1", "parallelism", "tensor-split") == before
        assert [line.answered for line in await store.scores("tg:-1", None)] == [1]
    finally:
        await store.close()


async def test_a_batch_with_the_same_card_twice_applies_both_answers_in_order(
    database: Path | str,
) -> None:
    store = await open_deterministic(database)
    try:
        first, second = await post(store, "tensor-split"), await post(store, "tensor-split")
        found = [await store.get_post(first), await store.get_post(second)]
        assert found[0] is not None
        assert found[1] is not None
        later = NOW + timedelta(seconds=30)
        await asyncio.gather(
            store.add_answer(Answer(first, "tg:1", 0, False, NOW, 1), found[0]),
            store.add_answer(Answer(second, "tg:1", 0, True, later, 1), found[1]),
        )
        assert await store.due_cards("tg:1", later, 20) == []  # missed, then right
        assert [card.state for card in await store.review_deck("tg:1")] == [2]
    finally:
        await store.close()


async def test_forgetting_a_player_deletes_cards_sessions_and_reminders(store: Store) -> None:
    await answer(store, await post(store, "tensor-split"), "tg:1", False)
    await answer(store, await post(store, "tensor-split", "tg:-2"), "tg:2", False)
    await store.save_review_session(ReviewSession("tg:1", "tg:1", "", NOW, 1, "en"))
    await store.save_reminder(Reminder("tg:1", time(8, 30), "Europe/Paris", "fr", NOW))
    await store.forget_player("tg:1")
    assert await store.review_deck("tg:1") == []
    assert await store.next_due("tg:1") is None  # no card left: MIN over no row
    assert await store.review_session("tg:1", "tg:1") is None
    assert await store.get_reminder("tg:1") is None
    assert len(await store.review_deck("tg:2")) == 1


async def test_sessions_and_reminders_round_trip(store: Store) -> None:
    assert await store.next_reminder_at("dc") is None
    session = ReviewSession("dc:5", "dc:9", "77", NOW, 2, "fr", post_id=None)
    await store.save_review_session(session)
    assert await store.review_session("dc:5", "dc:9") == session
    await store.end_review_session("dc:5", "dc:9")
    assert await store.review_session("dc:5", "dc:9") is None
    reminder = Reminder("dc:5", time(7, 5), "Asia/Tokyo", "en", NOW)
    await store.save_reminder(reminder)
    await store.save_reminder(Reminder("tg:5", time(7, 5), "UTC", "en", NOW - timedelta(hours=1)))
    assert await store.get_reminder("dc:5") == reminder
    assert await store.due_reminders("dc", NOW, 10) == [reminder]
    assert await store.due_reminders("dc", NOW - timedelta(seconds=1), 10) == []
    assert await store.next_reminder_at("tg") == NOW - timedelta(hours=1)
    assert await store.set_reminder_next("dc:5", NOW, NOW + timedelta(days=1))
    assert not await store.set_reminder_next("dc:5", NOW, NOW + timedelta(days=2))  # moved
    assert await store.next_reminder_at("dc") == NOW + timedelta(days=1)
    assert await store.delete_reminder("dc:5")
    assert not await store.delete_reminder("dc:5")
    assert await store.next_reminder_at("dc") is None


def test_sqlite_answers_what_is_due_from_its_index(tmp_path: Path) -> None:
    """What is due never scans the table (it may hold 1M cards). (The writer reads no cards:
    its upsert finds each by primary key, tests/test_card_upsert.py.)"""
    import sqlite3

    from bot.storage.schema import MIGRATIONS
    from bot.storage.sql.review import DUE_CARDS, REVIEW_MIGRATION

    assert REVIEW_MIGRATION in MIGRATIONS
    with sqlite3.connect(tmp_path / "plans.db") as connection:
        connection.executescript(REVIEW_MIGRATION)
        plan = connection.execute("EXPLAIN QUERY PLAN " + DUE_CARDS, ("u", 1, 2, 20)).fetchall()
    details = " / ".join(row[3] for row in plan)
    assert "USING INDEX review_cards_due" in details
    assert "TEMP B-TREE" not in details  # already in due order
