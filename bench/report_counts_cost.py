"""What the report's counts cost an answer: CPU per answer with them and without, interleaved.

The SQLite answer writer keeps the report's counts (bot/storage/sql/report_counts.py: choices,
time steps, members, round lines) in a step of its own, `_add_report_counts`; "without" runs
the same burst (bench/review.py's: N players pressing at once, through QuizService and the
store) with that step stubbed out. The two alternate, REPEATS times each, on fresh databases,
and the CPU time of the process (the writer's thread included) is compared by its median:
wall-clock answers/s on this loaded 2-core machine vary by 3x between identical runs.
"First" bursts create every member row; "repeated" ones follow a burst of the same players
in another round (not counted), so member rows exist and only round lines are new.

    python bench/report_counts_cost.py [--players N] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from _burst import CHAT
from _common import median, table
from review import timed_burst

import bot.storage.sqlite.answer_writer as sqlite_writer
from bot.storage.sqlite.store import SQLiteStore

REPEATS = 7
KEEP = sqlite_writer._add_report_counts


async def cpu_per_answer(players: int, mode: str, counts: bool) -> float:
    """CPU seconds per answer of one burst, on a fresh database."""
    sqlite_writer._add_report_counts = KEEP if counts else (lambda cursor, created: None)  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as directory:
        store = await SQLiteStore.open(Path(directory) / "q.db")
        try:
            if mode == "repeated":
                await timed_burst(store, players)
                current = await store.running_round(CHAT, "", "group")
                assert current is not None
                await store.end_round(current.round_id, "finished", datetime.now(UTC))
            _, cpu = await timed_burst(store, players)
        finally:
            await store.close()
            sqlite_writer._add_report_counts = KEEP
    return cpu / players


async def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--players", type=int, default=1000)
    options.add_argument("--quick", action="store_true", help="100 players, 2 repeats")
    chosen = options.parse_args()
    players, repeats = (100, 2) if chosen.quick else (chosen.players, REPEATS)
    rows = []
    for mode in ("first", "repeated"):
        found: dict[bool, list[float]] = {True: [], False: []}
        for _ in range(repeats):
            for counts in (True, False):
                found[counts].append(await cpu_per_answer(players, mode, counts))
        with_counts, without = median(found[True]), median(found[False])
        rows.append([f"{players:,}", mode, f"{with_counts * 1e6:.0f}", f"{without * 1e6:.0f}",
                     f"{without / with_counts:.2f}"])  # fmt: skip
    print(table(["presses", "answers", "CPU µs/answer with the report's counts", "without",
                 "without ÷ with"], rows))  # fmt: skip


if __name__ == "__main__":
    asyncio.run(main())
