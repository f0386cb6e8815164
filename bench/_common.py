"""Shared helpers for the benchmarks: argument parsing, percentiles, a scratch directory.

Benchmarks are scripts (`python bench/answers.py`), not tests: they print figures next to a
baseline measured in the same run, because only ratios survive a noisy machine.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `bot`, `adapters`, `tests` importable
    sys.path.insert(0, str(ROOT))
QUIZZES = ROOT / "quizzes"


def parser(description: str) -> argparse.ArgumentParser:
    """The options every benchmark takes; a benchmark may add its own."""
    options = argparse.ArgumentParser(description=description)
    options.add_argument(
        "--quick", action="store_true", help="small sizes: a smoke run in seconds, not figures"
    )
    return options


def arguments(description: str) -> argparse.Namespace:
    return parser(description).parse_args()


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (p99 of 100 values is the 99th smallest)."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


@contextmanager
def scratch() -> Iterator[Path]:
    """A scratch directory for database files (BENCH_DIR=... to pick the disk)."""
    with tempfile.TemporaryDirectory(
        prefix="quizbot-bench-", dir=os.environ.get("BENCH_DIR")
    ) as directory:
        yield Path(directory)


async def fill_history(
    path: Path,
    chats: int,
    members: int,
    tables: Sequence[tuple[str, Sequence[tuple[object, ...]]]],
    *,
    foreign_keys: bool = True,
) -> None:
    """A database migrated by the real migrations, then a made-up history inserted as it is:
    `members` users per chat ("u<chat>:<member>"), each table's rows, and the score tables
    and report count tables filled from the answers, as the store keeps them."""
    from bot.storage.sql.item_counts import FILL_ITEM_COUNTS  # after ROOT is on sys.path
    from bot.storage.sql.report_counts import FILL_REPORT_COUNTS
    from bot.storage.sql.scores import FILL_SCORE_TABLES
    from bot.storage.sqlite.store import SQLiteStore

    await (await SQLiteStore.open(path)).close()
    users = [(f"u{c}:{m}", f"Member {m}", "en") for c in range(chats) for m in range(members)]
    connection = sqlite3.connect(path, isolation_level=None)
    if not foreign_keys:
        connection.execute("PRAGMA foreign_keys = OFF")
    connection.execute("BEGIN")
    for name, rows in (("users", users), *tables):
        if rows:  # into the first columns: a column added later by a migration is NULL
            columns = [row[1] for row in connection.execute(f"PRAGMA table_info({name})")]
            named = ", ".join(columns[: len(rows[0])])
            marks = ", ".join("?" * len(rows[0]))
            connection.executemany(f"INSERT INTO {name} ({named}) VALUES ({marks})", rows)
    connection.execute("COMMIT")
    connection.executescript(
        f"BEGIN; {FILL_SCORE_TABLES} {FILL_REPORT_COUNTS} {FILL_ITEM_COUNTS} COMMIT;"
    )
    connection.execute("ANALYZE")
    connection.close()


async def p50_ms(read: Callable[[], Awaitable[object]], reads: int) -> float:
    """The median time of `reads` calls of `read`, in milliseconds."""
    timings = []
    for _ in range(reads):
        began = time.perf_counter()
        await read()
        timings.append(time.perf_counter() - began)
    return median(timings) * 1000


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table, ready to paste into docs/performance.md."""
    cells = [[str(cell) for cell in row] for row in rows]
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(row) + " |" for row in cells]
    return "\n".join(lines)
