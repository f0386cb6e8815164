"""SQLite's group commit: every answer committed exactly once, each caller resolved only
after COMMIT, a failing batch fails its own callers only. (Both backends, across two stores
on one database: tests/test_store_races.py.)"""

from __future__ import annotations

import asyncio
import inspect
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.domain.entities import Answer, Player, Post
from bot.storage.group_commit import GroupCommitAnswers
from bot.storage.interface import PostClosedError, Store
from bot.storage.postgres.store import PostgresStore
from bot.storage.sqlite.store import SQLiteStore
from tests.support.store_rows import new_post, new_round

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


async def posted(store: Store) -> Post:
    started = await store.create_round(new_round(), NOW)
    return await store.create_post(new_post(started.round_id))


def answer(post: Post, user: int, seconds: int = 1) -> Answer:
    return Answer(post.post_id, f"tg:{user}", user % 4, user % 4 == 0, NOW, seconds * 1000)


def committed(store: SQLiteStore, post_id: int, user_id: str) -> bool:
    """Seen from another connection: only what has been committed."""
    with sqlite3.connect(store.path) as other:
        row = other.execute(
            "SELECT 1 FROM answers WHERE post_id = ? AND user_id = ?", (post_id, user_id)
        ).fetchone()
    return row is not None


async def test_concurrent_callers_are_committed_once_and_only_then_resolved(
    sqlite_store: SQLiteStore,
) -> None:
    store = sqlite_store
    post = await posted(store)
    seen_at_resolve: list[bool] = []

    async def press(user: int) -> tuple[Answer, bool]:
        result = await store.add_answer(answer(post, user), post, Player(f"tg:{user}", "P"))
        seen_at_resolve.append(committed(store, post.post_id, f"tg:{user}"))
        return result

    results = await asyncio.gather(*(press(user % 300) for user in range(600)))
    assert all(seen_at_resolve)
    assert sum(created for _, created in results) == 300
    assert store.writer.batches < 600 / 2, "answers were not grouped"
    with sqlite3.connect(store.path) as other:
        assert other.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 300
        assert other.execute("SELECT COUNT(*) FROM users").fetchone()[0] == 300
    firsts = {stored.user_id: stored for stored, created in results if created}
    assert all(stored == firsts[stored.user_id] for stored, _ in results)


def test_both_stores_queue_answers_through_the_one_unwrapped_add_answer() -> None:
    """Neither backend overrides it, and `translate_errors` does not wrap it (a press would
    pay a coroutine frame more: the writers translate their own failures)."""
    assert SQLiteStore.add_answer is GroupCommitAnswers.add_answer
    assert PostgresStore.add_answer is GroupCommitAnswers.add_answer
    assert not inspect.iscoroutinefunction(GroupCommitAnswers.add_answer)


async def test_a_failing_batch_fails_its_callers_and_not_the_next_batch(
    sqlite_store: SQLiteStore,
) -> None:
    store = sqlite_store
    post = await posted(store)
    broken = Answer(post.post_id, "tg:2", 0, True, NOW, None)  # type: ignore[arg-type]
    bad = [store.add_answer(answer(post, 1), post), store.add_answer(broken, post)]  # NOT NULL
    outcomes = await asyncio.gather(*bad, return_exceptions=True)
    assert all(isinstance(outcome, sqlite3.IntegrityError) for outcome in outcomes)
    assert not committed(store, post.post_id, "tg:1")
    assert await store.add_answer(answer(post, 1), post) == (answer(post, 1), True)
    assert committed(store, post.post_id, "tg:1")


async def test_closing_the_store_commits_what_is_queued(sqlite_store: SQLiteStore) -> None:
    store = sqlite_store
    post = await posted(store)
    pending = [asyncio.ensure_future(store.add_answer(answer(post, u), post)) for u in range(5)]
    await asyncio.sleep(0)  # queued, not yet committed
    await store.close()
    assert [created for _, created in await asyncio.gather(*pending)] == [True] * 5
    with pytest.raises(RuntimeError, match="closed"):
        await store.add_answer(answer(post, 9), post)
    reopened = await SQLiteStore.open(store.path)
    assert len(await reopened.post_answers(post.post_id)) == 5
    await reopened.close()


async def test_score_tables_follow_the_answers(sqlite_store: SQLiteStore) -> None:
    store = sqlite_store
    post = await posted(store)
    later = Answer(post.post_id, "tg:2", 0, True, NOW + timedelta(hours=3), 500)
    await store.add_answer(answer(post, 4), post)
    await store.add_answer(later, post)
    with sqlite3.connect(store.path) as other:
        totals = other.execute("SELECT SUM(points), SUM(answered) FROM score_totals").fetchone()
        hours = other.execute("SELECT COUNT(*) FROM score_hours").fetchone()[0]
    assert totals == (2, 2)
    assert hours == 2


async def test_one_batch_mixing_new_repeated_and_closed_answers(
    sqlite_store: SQLiteStore,
) -> None:
    """The whole-batch insert must not swallow a repeat or an answer to a closed post."""
    store = sqlite_store
    started = await store.create_round(new_round(), NOW)
    open_post = await store.create_post(new_post(started.round_id, 1))
    closed_post = await store.create_post(new_post(started.round_id, 2))
    first = answer(closed_post, 1)
    await store.add_answer(first, closed_post)
    await store.close_post(closed_post.post_id, NOW)
    batches = store.writer.batches

    outcomes = await asyncio.gather(
        store.add_answer(answer(open_post, 1), open_post),
        store.add_answer(answer(open_post, 2), open_post),
        store.add_answer(answer(closed_post, 1, seconds=9), closed_post),
        store.add_answer(answer(closed_post, 3), closed_post),
        return_exceptions=True,
    )

    assert store.writer.batches == batches + 1
    assert outcomes[:3] == [
        (answer(open_post, 1), True),
        (answer(open_post, 2), True),
        (first, False),
    ]
    assert isinstance(outcomes[3], PostClosedError)
    with sqlite3.connect(store.path) as other:
        assert other.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 3
        assert other.execute("SELECT SUM(answered) FROM score_totals").fetchone()[0] == 3


async def test_a_burst_on_open_posts_is_stored_whole(sqlite_store: SQLiteStore) -> None:
    store = sqlite_store
    started = await store.create_round(new_round(), NOW)
    posts = [await store.create_post(new_post(started.round_id, n)) for n in (1, 2)]
    results = await asyncio.gather(
        *(store.add_answer(answer(posts[u % 2], u), posts[u % 2]) for u in range(1200))
    )
    assert all(created for _, created in results)
    with sqlite3.connect(store.path) as other:
        assert other.execute("SELECT COUNT(*), SUM(correct) FROM answers").fetchone() == (
            1200,
            300,
        )
        assert other.execute("SELECT SUM(answered), SUM(points) FROM score_totals").fetchone() == (
            1200,
            300,
        )


async def test_a_lock_held_elsewhere_is_waited_for_in_the_thread_not_on_the_loop(
    tmp_path: Path,
) -> None:
    """The batch's statements run on the event loop only when the write lock is free; when
    another connection holds it (perhaps across awaits on this very loop, as the store's own
    connection does), the batch waits in the writer's thread and the loop keeps running."""
    store = await SQLiteStore.open(tmp_path / "quiz.db", busy_timeout_ms=30_000)
    try:
        post = await posted(store)
        holder = sqlite3.connect(store.path, isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")
            loop = asyncio.get_running_loop()
            began = loop.time()
            pending = asyncio.ensure_future(store.add_answer(answer(post, 1), post))
            for _ in range(20):  # turns, not time: the writer tries the lock within two
                await asyncio.sleep(0)
            assert not pending.done()
            assert await store.count_answers(post.post_id) == 0  # the loop still serves
            # Waiting on the loop would have stalled it for the busy timeout, 30 s.
            assert loop.time() - began < 10
            holder.execute("COMMIT")
        finally:
            holder.close()
        assert await pending == (answer(post, 1), True)
        assert committed(store, post.post_id, "tg:1")
    finally:
        await store.close()
