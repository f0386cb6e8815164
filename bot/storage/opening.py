"""Open the store a setting names: a PostgreSQL URL, or else a SQLite file (the default).

Adapters reach storage through this module (and the Store interface), never a backend's
modules: tests/test_architecture.py checks it.
"""

from __future__ import annotations

from pathlib import Path

from bot.config import POSTGRES_URL_PREFIXES
from bot.storage.interface import Store
from bot.storage.postgres.errors import redact
from bot.storage.postgres.store import PostgresStore
from bot.storage.sqlite.store import SQLiteStore


def is_postgres(target: str | Path) -> bool:
    """Whether the setting names a PostgreSQL server (a URL) rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(POSTGRES_URL_PREFIXES)


def describe(target: str | Path) -> str:
    """The setting fit for logs and messages: a URL without its password, or the file."""
    return redact(str(target)) if is_postgres(target) else str(target)


async def open_store(target: str | Path) -> SQLiteStore | PostgresStore:
    """`postgresql://user:password@host/db` opens PostgreSQL; anything else is a file path."""
    if is_postgres(target):
        return await PostgresStore.open(str(target))
    return await SQLiteStore.open(Path(target))  # config expanded `~` already


def _conforms(sqlite: SQLiteStore, postgres: PostgresStore) -> tuple[Store, Store]:
    """Checked by mypy: both classes implement the whole Store protocol."""
    return sqlite, postgres
