"""Durable answers per second through QuizService.press on PostgreSQL, next to SQLite.

N players press at once on one posted question; each answer is acknowledged only after its
transaction committed (PostgreSQL: one transaction per answer on a pool of 10 connections;
SQLite: group commit). Baseline, same run and server: raw asyncpg inserting the same rows,
100 rows a transaction. Needs a server: QUIZBOT_TEST_POSTGRES=postgresql://... (see
scripts/postgres-for-tests.sh); without one it says so and exits.

    python bench/answers_postgres.py [--quick]
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]
from _burst import CHAT, press_burst
from _common import arguments, median, percentile, scratch, table

from bot.storage.interface import Store
from bot.storage.opening import open_store
from tests.postgres import fresh_schema

REPEATS = 3


async def through_service(store: Store, players: int) -> tuple[float, list[float]]:
    """(seconds for all presses, each press's latency)."""
    elapsed, latencies, post_id = await press_burst(store, players)
    assert len(await store.post_answers(post_id)) == players
    return elapsed, latencies


async def raw_inserts(url: str, players: int) -> float:
    """The same answer rows with plain asyncpg: executemany, 100 rows a transaction."""
    connection = await asyncpg.connect(url)
    await connection.execute(
        "INSERT INTO posts (post_id, chat_id, quiz_id, question_id, choice_order, number, "
        "total, opened_at) VALUES (1, $1, 'parallelism', 'q', '0,1,2,3', 1, 1, 0)",
        CHAT,
    )
    rows = [
        (1, f"bench:{n}", CHAT, "parallelism", n % 4, int(n % 4 == 0), 1_770_000_000_000, 5)
        for n in range(players)
    ]
    began = time.perf_counter()
    for start in range(0, players, 100):
        async with connection.transaction():
            await connection.executemany(
                "INSERT INTO answers (post_id, user_id, chat_id, quiz_id, choice, correct, "
                "answered_at, elapsed_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                rows[start : start + 100],
            )
    elapsed = time.perf_counter() - began
    await connection.close()
    return elapsed


async def one_run(target: Path | str, players: int) -> tuple[float, list[float]]:
    store = await open_store(target)
    try:
        return await through_service(store, players)
    finally:
        await store.close()


async def measure(players: int, directory: Path) -> list[object]:
    postgres: list[float] = []
    sqlite: list[float] = []
    raw: list[float] = []
    latencies: list[float] = []
    for repeat in range(REPEATS):  # interleaved, so all see the same machine
        async with fresh_schema() as url:
            elapsed, latency = await one_run(url, players)
            postgres.append(players / elapsed)
            latencies += latency
        elapsed, _ = await one_run(directory / f"sqlite-{players}-{repeat}.db", players)
        sqlite.append(players / elapsed)
        async with fresh_schema() as url:
            await (await open_store(url)).close()  # the schema, by the real migrations
            raw.append(players / await raw_inserts(url, players))
    return [
        players,
        f"{median(postgres):,.0f}",
        f"{median(sqlite):,.0f}",
        f"{median(raw):,.0f}",
        f"{median(postgres) / median(raw):.2f}",
        f"{percentile(latencies, 0.5) * 1000:.1f}",
        f"{percentile(latencies, 0.99) * 1000:.1f}",
    ]


async def main() -> None:
    quick = arguments(__doc__ or "").quick
    if not os.environ.get("QUIZBOT_TEST_POSTGRES"):
        print("no PostgreSQL: set QUIZBOT_TEST_POSTGRES=postgresql://...", file=sys.stderr)
        return
    sizes = (20, 200) if quick else (100, 1_000, 5_000)
    with scratch() as directory:
        rows = [await measure(players, directory) for players in sizes]
    headers = [
        "concurrent players",
        "answers/s PostgreSQL (service+store)",
        "answers/s SQLite (service+store)",
        "answers/s raw asyncpg (100/txn)",
        "PostgreSQL / raw",
        "p50 ms (PostgreSQL)",
        "p99 ms (PostgreSQL)",
    ]
    print(table(headers, rows))


if __name__ == "__main__":
    asyncio.run(main())
