"""Two stores on one database, as two processes would have: the constraints decide races.

On SQLite these are two connections to one file; on PostgreSQL two connection pools. Each
answer counts once, a post closes once, a round posts each question once, and an answer is
visible to the other store by the time its caller is told it was stored, and no answer is
stored after its question closed, whatever a store's copy of the post says.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.domain.entities import Answer, Player, Post
from bot.storage.interface import ConstraintError, PostClosedError, Store
from bot.storage.opening import open_store
from tests.support.store_rows import new_post, new_round

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


async def test_no_answer_is_stored_once_the_other_store_closed_the_post(
    two_stores: tuple[Store, Store],
) -> None:
    first, second = two_stores
    post = await posted(first)  # `second` keeps this copy, open, as a worker's cache would
    early = Answer(post.post_id, "tg:1", 0, True, NOW, 500)
    assert await second.add_answer(early, post) == (early, True)
    assert await first.close_post(post.post_id, NOW)
    with pytest.raises(PostClosedError):
        await second.add_answer(Answer(post.post_id, "tg:2", 0, True, NOW, 600), post)
    late_repeat = Answer(post.post_id, "tg:1", 1, False, NOW, 700)
    assert await second.add_answer(late_repeat, post) == (early, False)
    assert await first.post_answers(post.post_id) == [early]


async def test_the_closer_sees_every_answer_that_was_stored(
    two_stores: tuple[Store, Store],
) -> None:
    """Presses through both stores race a close: what the close reads is what is stored."""
    first, second = two_stores
    post = await posted(first)
    seen_at_close: list[Answer] = []

    async def press(user: int) -> str:
        store = (first, second)[user % 2]
        answer = Answer(post.post_id, f"tg:{user}", 0, True, NOW, user)
        try:
            return "stored" if (await store.add_answer(answer, post))[1] else "again"
        except PostClosedError:
            return "refused"

    async def close() -> str:
        assert await first.close_post(post.post_id, NOW)
        seen_at_close.extend(await second.post_answers(post.post_id))
        return "closed"

    before = await asyncio.gather(*(press(user) for user in range(40)))
    racing = await asyncio.gather(*(press(user) for user in range(40, 80)), close())
    stored = await first.post_answers(post.post_id)
    assert before == ["stored"] * 40
    assert seen_at_close == stored
    assert racing.count("stored") == len(stored) - 40
    assert racing.count("stored") + racing.count("refused") == 40
