"""What only PostgreSQL has: a server to reach, a schema_version table, concurrent starts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]
import pytest

from bot.storage.interface import StoreError
from bot.storage.opening import describe
from bot.storage.postgres.answer_writer import PostgresAnswerWriter
from bot.storage.postgres.errors import redact
from bot.storage.postgres.store import PostgresStore
from bot.storage.schema import SCHEMA_VERSION, to_postgres
from tests.postgres import fresh_schema


def test_placeholders_are_numbered_in_order() -> None:
    sql = "SELECT 1 FROM t WHERE a = ? AND (CAST(? AS TEXT) IS NULL OR b = ?)"
    assert (
        to_postgres(sql) == "SELECT 1 FROM t WHERE a = $1 AND (CAST($2 AS TEXT) IS NULL OR b = $3)"
    )


async def test_workers_starting_together_migrate_once() -> None:
    async with fresh_schema() as url:
        stores = await asyncio.gather(*(PostgresStore.open(url) for _ in range(4)))
        try:
            assert [await store.schema_version() for store in stores] == [SCHEMA_VERSION] * 4
            rows = await stores[0]._rows("SELECT version FROM schema_version ORDER BY version")
            assert [row[0] for row in rows] == list(range(1, SCHEMA_VERSION + 1))
        finally:
            for store in stores:
                await store.close()


async def test_a_database_from_a_newer_version_is_refused_untouched() -> None:
    async with fresh_schema() as url:
        connection = await asyncpg.connect(url)
        try:
            await connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            await connection.execute("INSERT INTO schema_version VALUES ($1)", SCHEMA_VERSION + 1)
            with pytest.raises(StoreError, match="newer quizbot"):
                await PostgresStore.open(url)
            tables = await connection.fetch(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema()"
            )
            assert [row[0] for row in tables] == ["schema_version"]
        finally:
            await connection.close()


async def test_a_server_that_cannot_be_reached_is_one_clear_line_without_the_password(
    unused_tcp_port: int,
) -> None:
    url = f"postgresql://quizbot:s3cret@127.0.0.1:{unused_tcp_port}/quizbot"
    with pytest.raises(StoreError) as caught:
        await PostgresStore.open(url)
    message = str(caught.value)
    assert message.startswith("cannot connect to the database postgresql://quizbot:***@")
    assert "s3cret" not in message
    assert "\n" not in message


def test_a_failed_answer_batch_is_one_clear_line_without_the_password() -> None:
    """The writer settles its callers' futures itself, so it must translate as the store does."""
    writer = PostgresAnswerWriter(None, redact("postgresql://quizbot:s3cret@db/quizbot"))
    lost = asyncpg.PostgresConnectionError("server closed the connection")
    failure = writer.failure(lost)
    assert isinstance(failure, StoreError)
    assert str(failure) == (
        "postgresql://quizbot:***@db/quizbot: the database failed; nothing was recorded "
        "(server closed the connection)"
    )
    assert failure.__cause__ is lost
    unrelated = ValueError("a bug, not the database")
    assert writer.failure(unrelated) is unrelated


def test_a_database_setting_is_described_without_its_password() -> None:
    """What the CLI prints and db copy reports: the URL redacted, a file path as it is."""
    assert (
        describe("postgresql://quizbot:s3cret@db/quizbot") == "postgresql://quizbot:***@db/quizbot"
    )
    assert describe(Path("/data/quiz.db")) == "/data/quiz.db"
