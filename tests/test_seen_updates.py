"""Update ids handled once, on both backends: the database tells a redelivery apart."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.storage.interface import Store

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


async def test_an_update_is_new_once_until_forgotten(store: Store) -> None:
    assert await store.first_delivery("tg:42:1", NOW)
    assert not await store.first_delivery("tg:42:1", NOW + timedelta(hours=3))
    assert await store.first_delivery("tg:43:1", NOW)  # another bot's update 1
    assert await store.first_delivery("tg:42:2", NOW + timedelta(hours=1))

    assert await store.forget_updates(NOW + timedelta(minutes=30)) == 2
    assert not await store.first_delivery("tg:42:2", NOW)
    assert await store.first_delivery("tg:42:1", NOW + timedelta(days=3))
