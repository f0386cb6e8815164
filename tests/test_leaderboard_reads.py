"""What one leaderboard read costs in trips to the database, counted, not timed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.sqlite_store import SQLiteStore


@contextmanager
def thread_hops(store: SQLiteStore) -> Iterator[list[str]]:
    """Every call aiosqlite hands to its connection thread, by function name."""
    connection: Any = store._db
    calls: list[str] = []
    original = connection._execute

    async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(getattr(fn, "__name__", repr(fn)))
        return await original(fn, *args, **kwargs)

    connection._execute = counted
    try:
        yield calls
    finally:
        del connection._execute


async def test_a_read_is_one_hop_to_the_sqlite_thread(sqlite_store: SQLiteStore) -> None:
    with thread_hops(sqlite_store) as hops:
        assert await sqlite_store.get_meta("absent") is None
        assert await sqlite_store.chats() == []
    assert len(hops) == 2


@pytest.mark.parametrize("rows", [0, 3])
async def test_rows_come_back_as_tuples(sqlite_store: SQLiteStore, rows: int) -> None:
    for number in range(rows):
        await sqlite_store.set_meta(f"k{number}", str(number))
    found = await sqlite_store._rows("SELECT key, value FROM meta ORDER BY key")
    assert found == [(f"k{n}", str(n)) for n in range(rows)]
