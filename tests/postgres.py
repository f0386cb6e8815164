"""A real PostgreSQL for tests: a fresh schema per test on the server QUIZBOT_TEST_POSTGRES names.

`.ci/run` starts one (scripts/postgres-for-tests.sh) and exports the URL; without it the
PostgreSQL variants skip, saying so, and the SQLite ones still run.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import AsyncIterator

import asyncpg  # type: ignore[import-untyped]
import pytest

POSTGRES_URL = os.environ.get("QUIZBOT_TEST_POSTGRES", "").strip()
SKIP_REASON = (
    "no PostgreSQL: set QUIZBOT_TEST_POSTGRES=postgresql://… "
    "(scripts/postgres-for-tests.sh starts one and prints it; .ci/run does both)"
)


def require_postgres() -> str:
    if not POSTGRES_URL:
        pytest.skip(SKIP_REASON)
    return POSTGRES_URL


def with_search_path(url: str, schema: str) -> str:
    """The URL of one schema: asyncpg passes unknown query parameters as server settings."""
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"


@contextlib.asynccontextmanager
async def fresh_schema() -> AsyncIterator[str]:
    """A URL whose tables live in a new empty schema, dropped afterwards."""
    url = require_postgres()
    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        yield with_search_path(url, schema)
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.close()
