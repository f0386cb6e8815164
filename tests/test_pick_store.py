"""Answers in progress in both stores: a member's picks on a shared post, kept apart from other
members', changed in one transaction, dropped when the post closes; the post a member answers
by typing in the private chat, kept across a restart."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.domain.entities import NewPost
from bot.domain.selections import tap
from bot.storage.interface import Store
from bot.storage.opening import open_store

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


async def new_post(store: Store) -> int:
    created = await store.create_post(
        NewPost("tg:-1", "every-type", "primes", (2, 0, 3, 1), 1, 1, NOW, None, None)
    )
    return created.post_id


async def test_each_member_keeps_their_own_picks_until_the_post_closes(store: Store) -> None:
    post_id, other = await new_post(store), await new_post(store)
    assert await store.change_picks(post_id, "tg:1", lambda p: tap(p, 2), NOW) == (2,)
    assert await store.change_picks(post_id, "tg:1", lambda p: tap(p, 0), NOW) == (2, 0)
    assert await store.change_picks(post_id, "tg:2", lambda p: tap(p, 1), NOW) == (1,)
    assert await store.change_picks(other, "tg:1", lambda p: tap(p, 3), NOW) == (3,)
    assert await store.change_picks(post_id, "tg:1", lambda p: tap(p, 2), NOW) == (0,)  # dropped
    assert await store.picks(post_id, "tg:1") == (0,)
    assert await store.picks(post_id, "tg:2") == (1,)
    assert await store.picks(post_id, "tg:3") == ()

    assert await store.close_post(post_id, NOW + timedelta(seconds=30))
    assert await store.picks(post_id, "tg:1") == ()  # closed: picks not submitted are gone
    assert await store.picks(other, "tg:1") == (3,)  # another post's stay


async def test_taps_at_once_lose_none(store: Store) -> None:
    post_id = await new_post(store)
    await asyncio.gather(
        *(store.change_picks(post_id, "tg:1", lambda p, i=i: tap(p, i), NOW) for i in range(4))
    )
    assert sorted(await store.picks(post_id, "tg:1")) == [0, 1, 2, 3]


async def test_the_awaited_typed_answer_outlives_a_restart(database: Path | str) -> None:
    store = await open_store(database)
    first, second = await new_post(store), await new_post(store)
    await store.await_typed("tg:1", first, NOW)
    await store.await_typed("tg:1", second, NOW + timedelta(seconds=5))  # the latest link wins
    await store.await_typed("tg:2", first, NOW)
    await store.close()

    store = await open_store(database)
    try:
        assert await store.awaited("tg:1") == (second, NOW + timedelta(seconds=5))
        await store.stop_awaiting("tg:1", first)  # an older post: the newer one stays
        assert await store.awaited("tg:1") == (second, NOW + timedelta(seconds=5))
        await store.stop_awaiting("tg:1", second)
        assert await store.awaited("tg:1") is None
        assert await store.awaited("tg:2") == (first, NOW)
        await store.change_picks(first, "tg:2", lambda p: tap(p, 1), NOW)
        await store.forget_player("tg:2")  # /forgetme takes answers in progress too
        assert await store.awaited("tg:2") is None
        assert await store.picks(first, "tg:2") == ()
    finally:
        await store.close()
