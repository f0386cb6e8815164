"""Two stores on one database, as two processes would have: the constraints decide races.

On SQLite these are two connections to one file; on PostgreSQL two connection pools. Each
answer counts once, a post closes once, a round posts each question once, and an answer is
visible to the other store by the time its caller is told it was stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.engine import Answer, Player, Post
from bot.store import ConstraintError, Store
from bot.stores import open_store
from tests.test_store import new_post, new_round

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
async def two_stores(database: Path | str) -> AsyncIterator[tuple[Store, Store]]:
    first = await open_store(database)
    second = await open_store(database)
    yield first, second
    await second.close()
    await first.close()


async def posted(store: Store) -> Post:
    started = await store.create_round(new_round(), NOW)
    return await store.create_post(new_post(started.round_id))


async def test_presses_through_both_stores_count_once_and_are_visible_when_acknowledged(
    two_stores: tuple[Store, Store],
) -> None:
    post = await posted(two_stores[0])
    unseen: list[str] = []

    async def press(user: int, store: Store, other: Store) -> tuple[Answer, bool]:
        answer = Answer(post.post_id, f"tg:{user}", user % 4, user % 4 == 0, NOW, 1000)
        result = await store.add_answer(answer, post, Player(f"tg:{user}", f"P{user}"))
        if await other.get_answer(post.post_id, f"tg:{user}") is None:
            unseen.append(f"tg:{user}")
        return result

    first, second = two_stores
    presses = [press(n % 50, *((first, second) if n % 2 else (second, first))) for n in range(200)]
    results = await asyncio.gather(*presses)
    assert unseen == []
    assert sum(created for _, created in results) == 50
    firsts = {stored.user_id: stored for stored, created in results if created}
    assert all(stored == firsts[stored.user_id] for stored, _ in results)
    assert len(await two_stores[1].post_answers(post.post_id)) == 50
    board = await two_stores[1].scores("tg:-1", None)
    assert sum(line.answered for line in board) == 50
    assert sum(line.points for line in board) == sum(1 for n in range(50) if n % 4 == 0)


async def test_a_post_is_closed_by_exactly_one_store(two_stores: tuple[Store, Store]) -> None:
    post = await posted(two_stores[0])
    closers = [store.close_post(post.post_id, NOW) for store in two_stores * 5]
    assert sorted(await asyncio.gather(*closers)) == [False] * 9 + [True]


async def test_a_question_number_is_posted_by_exactly_one_store(
    two_stores: tuple[Store, Store],
) -> None:
    started = await two_stores[0].create_round(new_round(), NOW)
    attempts = [store.create_post(new_post(started.round_id, number=1)) for store in two_stores]
    outcomes = await asyncio.gather(*attempts, return_exceptions=True)
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["ConstraintError", "Post"]
    assert len(await two_stores[1].round_posts(started.round_id)) == 1
    with pytest.raises(ConstraintError):
        await two_stores[1].create_post(new_post(started.round_id, number=1))
