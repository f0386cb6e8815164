"""What the round sweep costs (bot/play/round_sweep.py): every Telegram worker reads the stalled
rounds every SWEEP_EVERY, so no question outlives a dead worker.

Two figures, on SQLite and (with QUIZBOT_TEST_POSTGRES) PostgreSQL:

- the sweep's read, `Store.stalled_rounds`, at N open rounds (each with its question open,
  sent, deadline ahead: the normal state) plus a few stalled ones, p50 over many reads; the
  baseline in the same run is the same question asked without the sweep's indexes (a round
  with no open question found by NOT EXISTS over every running round), and a `SELECT 1`
  round trip, the floor of any query;
- the queries an idle worker makes a second: the real sweep on the event loop's timers,
  counted for a few seconds.

    python bench/round_sweep.py           # 10,000 open rounds
    python bench/round_sweep.py --quick   # 500, a few seconds
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from _common import arguments, p50_ms, scratch, table

from bot.catalog.installed import load_catalog
from bot.domain.clock import SystemClock
from bot.play.round_sweep import CLAIM_GRACE, IDLE_SLACK, OVERDUE_SLACK, RoundSweep
from bot.play.rounds import RoundRunner
from bot.play.service import QuizService
from bot.play.timers import AsyncioTimers
from bot.storage.interface import Store
from bot.storage.opening import open_store
from bot.storage.sql.queries import SqlQueries, TableRows
from bot.storage.sql.rows import to_ms
from tests.postgres import fresh_schema
from tests.support.paths import QUIZZES
from tests.support.rounds import RecordingPublisher

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
STALLED = 5
"""Rounds of each stalled kind among the open ones (a worker just died)."""
WITHOUT_INDEXES = (
    "SELECT r.round_id FROM rounds r WHERE r.status = 'running' AND r.mode = 'group' "
    "AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.round_id = r.round_id "
    "AND p.closed_at IS NULL) AND COALESCE((SELECT MAX(p.closed_at) FROM posts p "
    "WHERE p.round_id = r.round_id), r.started_at) < ? "
    "UNION ALL SELECT post_id FROM posts WHERE closed_at IS NULL AND deadline < ?"
)
"""The baseline: the same stalled rounds found without `rounds.idle_since` and its index."""


def rows(rounds: int) -> list[TableRows]:
    """`rounds` running group rounds with question 1 open and sent, its deadline ahead;
    the last STALLED*2 stalled: half past their deadline, half between two questions."""
    ms = to_ms(NOW)
    round_rows, post_rows = [], []
    for n in range(1, rounds + 1):
        idle = n > rounds - STALLED
        overdue = rounds - 2 * STALLED < n <= rounds - STALLED
        round_rows.append(
            (n, f"tg:-{n}", "", "parallelism", "group", json.dumps(["a", "b"]), "tg:1", 30,
             "en", 1, "running", ms - 60_000, ms - 60_000 if idle else None)
        )  # fmt: skip
        deadline = ms - 30_000 if overdue or idle else ms + 20_000
        post_rows.append(
            (n, n, f"tg:-{n}", "parallelism", "tensor-split", "0,1,2,3", 1, 2, deadline - 30_000,
             deadline, deadline if idle else None, f"-{n}:{n}")
        )  # fmt: skip
    round_columns = [
        "round_id", "chat_id", "channel_ref", "quiz_id", "mode", "question_ids", "started_by",
        "seconds_per_question", "language", "position", "status", "started_at", "idle_since",
    ]  # fmt: skip
    post_columns = [
        "post_id", "round_id", "chat_id", "quiz_id", "question_id", "choice_order", "number",
        "total", "opened_at", "deadline", "closed_at", "message_ref",
    ]  # fmt: skip
    return [
        TableRows("rounds", round_columns, round_rows),
        TableRows("posts", post_columns, post_rows),
    ]


async def read_costs(store: Store, reads: int) -> list[str]:
    assert isinstance(store, SqlQueries)
    found = await store.stalled_rounds(
        NOW - OVERDUE_SLACK, NOW - CLAIM_GRACE, NOW - IDLE_SLACK, 200
    )
    assert len(found) == 2 * STALLED, found

    async def sweep() -> object:
        return await store.stalled_rounds(
            NOW - OVERDUE_SLACK, NOW - CLAIM_GRACE, NOW - IDLE_SLACK, 200
        )

    async def baseline() -> object:
        cutoff = to_ms(NOW - IDLE_SLACK)
        return await store._rows(WITHOUT_INDEXES, cutoff, to_ms(NOW - OVERDUE_SLACK))

    async def floor() -> object:
        return await store._rows("SELECT 1")

    return [f"{await p50_ms(read, reads):.3f}" for read in (sweep, baseline, floor)]


async def idle_rate(target: Path | str, seconds: float) -> float:
    """Queries a second the real sweep makes on an idle worker's event loop."""
    store = await open_store(target)
    try:
        count = 0
        read = store.stalled_rounds

        async def counted(*args: object, **kwargs: object) -> object:
            nonlocal count
            count += 1
            return await read(*args, **kwargs)  # type: ignore[arg-type]

        store.stalled_rounds = counted  # type: ignore[method-assign]
        clock = SystemClock()
        timers = AsyncioTimers(clock)
        service = QuizService(store, load_catalog(QUIZZES), clock=clock, rng=random.Random(1))
        RoundSweep(RoundRunner(service, RecordingPublisher(), timers)).start()
        await asyncio.sleep(seconds)  # the measurement's length, not a wait for an outcome
        await timers.close()
        return count / seconds
    finally:
        await store.close()


async def measure(
    name: str, target: Path | str, rounds: int, reads: int, seconds: float
) -> list[object]:
    store = await open_store(target)
    try:
        began = time.perf_counter()
        await store.insert_tables(rows(rounds))  # type: ignore[attr-defined]
        filled = time.perf_counter() - began
        costs = await read_costs(store, reads)
    finally:
        await store.close()
    rate = await idle_rate(target, seconds)
    return [name, f"{rounds:,}", *costs, f"{rate:.2f}", f"{filled:.1f}"]


async def main() -> None:
    quick = arguments(__doc__ or "").quick
    rounds, reads, seconds = (500, 50, 3.0) if quick else (10_000, 300, 10.0)
    results = []
    with scratch() as directory:
        results.append(await measure("SQLite", directory / "sweep.db", rounds, reads, seconds))
    if os.environ.get("QUIZBOT_TEST_POSTGRES"):
        async with fresh_schema() as url:
            results.append(await measure("PostgreSQL", url, rounds, reads, seconds))
    else:
        print("no PostgreSQL (QUIZBOT_TEST_POSTGRES): SQLite only", file=sys.stderr)
    headers = [
        "backend", "open rounds", "sweep read p50 ms", "baseline: without its indexes, ms",
        "floor: SELECT 1, ms", "idle worker queries/s", "fill s",
    ]  # fmt: skip
    print(table(headers, results))


if __name__ == "__main__":
    asyncio.run(main())
