"""Durable answers per second through QuizService.press and the store, with press latency.

N players press at once on one posted question (every answer acknowledged only after its
transaction committed). Baseline, same run: raw `sqlite3` inserting the same rows into the
same schema, 100 rows a transaction, WAL, synchronous=FULL.

    python bench/answers.py [--quick]
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

from _burst import CHAT, press_burst
from _common import arguments, median, percentile, scratch, table

from bot.sqlite_store import SQLiteStore

REPEATS = 3


async def through_service(path: Path, players: int) -> tuple[float, list[float], int]:
    """(seconds for all presses, each press's latency, transactions committed)."""
    store = await SQLiteStore.open(path)
    elapsed, latencies, _ = await press_burst(store, players)
    batches = store.writer.batches
    await store.close()
    with sqlite3.connect(path) as check:
        stored = check.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    assert stored == players, (stored, players)
    return elapsed, latencies, batches


async def schema_only(path: Path) -> None:
    store = await SQLiteStore.open(path)
    await store.close()


def raw_inserts(path: Path, players: int) -> float:
    """The same answer rows with plain sqlite3: executemany, 100 rows a transaction."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("PRAGMA foreign_keys = OFF")  # no post row here; the store checks it
    rows = [
        (1, f"bench:{n}", CHAT, "parallelism", n % 4, int(n % 4 == 0), 1_770_000_000_000, 5)
        for n in range(players)
    ]
    began = time.perf_counter()
    for start in range(0, players, 100):
        connection.execute("BEGIN")
        connection.executemany(
            "INSERT INTO answers (post_id, user_id, chat_id, quiz_id, choice, correct, "
            "answered_at, elapsed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows[start : start + 100],
        )
        connection.execute("COMMIT")
    elapsed = time.perf_counter() - began
    connection.close()
    return elapsed


async def measure(players: int, directory: Path) -> list[object]:
    ours: list[float] = []
    raw: list[float] = []
    latencies: list[float] = []
    batches: list[int] = []
    for repeat in range(REPEATS):  # interleaved, so both see the same machine
        elapsed, latency, committed = await through_service(
            directory / f"ours-{players}-{repeat}.db", players
        )
        ours.append(players / elapsed)
        latencies += latency
        batches.append(committed)
        baseline = directory / f"raw-{players}-{repeat}.db"
        await schema_only(baseline)
        raw.append(players / raw_inserts(baseline, players))
    ratio = median(ours) / median(raw)
    return [
        players,
        f"{median(ours):,.0f}",
        f"{median(raw):,.0f}",
        f"{ratio:.2f}",
        f"{percentile(latencies, 0.5) * 1000:.1f}",
        f"{percentile(latencies, 0.99) * 1000:.1f}",
        f"{median(batches):.0f}",
    ]


async def main() -> None:
    quick = arguments(__doc__ or "").quick
    sizes = (20, 200) if quick else (100, 1_000, 10_000)
    with scratch() as directory:
        rows = [await measure(players, directory) for players in sizes]
    print(
        table(
            [
                "concurrent players",
                "answers/s (service+store)",
                "answers/s (raw sqlite3, 100/txn)",
                "ratio (target ≥ 0.75)",
                "p50 ms",
                "p99 ms (target ≤ 150 at 1,000)",
                "transactions",
            ],
            rows,
        )
    )


if __name__ == "__main__":
    asyncio.run(main())
