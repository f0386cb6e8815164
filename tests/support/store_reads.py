"""Counting what a store reads: each statement is one round trip to the database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bot.storage.interface import Store


@contextmanager
def queries(store: Store) -> Iterator[list[str]]:
    """Every statement a store reads with, on either backend (each is one round trip)."""
    calls: list[str] = []
    original: Any = store._rows

    async def counted(sql: str, *args: object) -> list[tuple[object, ...]]:
        calls.append(sql)
        return await original(sql, *args)

    store._rows = counted
    try:
        yield calls
    finally:
        del store._rows
