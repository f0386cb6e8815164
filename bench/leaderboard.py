"""Leaderboard reads (today / week / all time) as the answers table grows.

History: 10 chats of 200 members, one 8-question round a day at 12:00 UTC, ~100 members
answering each question; more stored answers means more days of history. Figures are p50 of
`QuizService.leaderboard` for chat 0 asked by its last-ranked member (through aiosqlite,
ranking included), from the score tables; baseline, same run and same connection kind: the
scan of answers it replaced. Checked: the store's lines equal the scan's, and the board shown
(top 10, the asker's rank, the player count) equals the engine's ranking of the scanned lines.

    python bench/leaderboard.py [--quick]
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import aiosqlite
from _common import QUIZZES, arguments, median, scratch, table

from bot.catalog.installed import load_catalog
from bot.domain.entities import PERIODS, Period, ScoreLine
from bot.domain.rules import leaderboard_view, period_start, rank_leaderboard
from bot.play.service import QuizService
from bot.storage.sql.rows import to_score_lines
from bot.storage.sql.scores import FILL_SCORE_TABLES
from bot.storage.sqlite.store import SQLiteStore
from tests.support.scan import scan_query

CHATS, MEMBERS, QUESTIONS, ANSWERING = 10, 200, 8, 100
NOW = datetime(2026, 3, 6, 16, 0, tzinfo=UTC)
READS = 50


class FixedClock:
    def now(self) -> datetime:
        return NOW


def history(answers: int) -> list[tuple[object, ...]]:
    """Answer rows, newest day first, until there are `answers` of them."""
    rng = random.Random(answers)
    rows: list[tuple[object, ...]] = []
    day = 0
    while len(rows) < answers:
        round_start = NOW.replace(hour=12) - timedelta(days=day)
        for chat in range(CHATS):
            for question in range(QUESTIONS):
                post_id = (day * CHATS + chat) * QUESTIONS + question + 1
                opened_ms = int(round_start.timestamp() * 1000) + question * 60_000
                for member in rng.sample(range(MEMBERS), ANSWERING):
                    elapsed = rng.randrange(1_000, 30_000)
                    choice = rng.randrange(4)
                    rows.append(
                        (post_id, f"u{chat}:{member}", f"chat{chat}", "parallelism", choice,
                         int(choice == 0), opened_ms + elapsed, elapsed)
                    )  # fmt: skip
        day += 1
    return rows[:answers]


async def fill(path: Path, answers: int) -> None:
    await (await SQLiteStore.open(path)).close()  # the schema, by the real migrations
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA foreign_keys = OFF")  # answers only; posts are not read here
    connection.execute("BEGIN")
    connection.executemany(
        "INSERT INTO users VALUES (?, ?, 'en')",
        [(f"u{c}:{m}", f"Member {m}") for c in range(CHATS) for m in range(MEMBERS)],
    )
    connection.executemany("INSERT INTO answers VALUES (?, ?, ?, ?, ?, ?, ?, ?)", history(answers))
    connection.execute("COMMIT")
    connection.executescript(f"BEGIN; {FILL_SCORE_TABLES} COMMIT;")
    connection.execute("ANALYZE")
    connection.close()


async def p50_ms(read: object) -> float:
    timings = []
    for _ in range(READS):
        began = time.perf_counter()
        await read()  # type: ignore[operator]
        timings.append(time.perf_counter() - began)
    return median(timings) * 1000


def lines(rows: list[tuple[object, ...]] | list[ScoreLine]) -> list[tuple[object, ...]]:
    return sorted(
        (r.user_id, r.points, r.answered, r.total_ms) if isinstance(r, ScoreLine) else
        (r[0], r[2], r[3], r[4])
        for r in rows
    )  # fmt: skip


async def measure(path: Path, zone_name: str) -> dict[Period, tuple[float, float]]:
    zone = ZoneInfo(zone_name)
    store = await SQLiteStore.open(path)
    service = QuizService(store, load_catalog(QUIZZES), clock=FixedClock(), zone=zone)
    scan = await aiosqlite.connect(path)
    figures: dict[Period, tuple[float, float]] = {}
    for period in PERIODS:
        sql, args = scan_query("chat0", period_start(period, NOW, zone), None)

        async def scan_read(sql: str = sql, args: tuple[object, ...] = args) -> list[tuple]:
            async with scan.execute(sql, args) as cursor:
                return [tuple(row) for row in await cursor.fetchall()]

        scanned = rank_leaderboard(to_score_lines(await scan_read()))
        asker = scanned[-1].line.user_id  # outside the top 10: their own line is read too

        async def table_read(period: Period = period, asker: str = asker) -> object:
            return await service.leaderboard("chat0", period, asker)

        since = period_start(period, NOW, zone)
        assert lines(await store.scores("chat0", since)) == lines(await scan_read())
        expected = leaderboard_view(scanned, asker, period)
        assert await table_read() == dataclasses.replace(expected, zone=zone_name)
        figures[period] = (await p50_ms(table_read), await p50_ms(scan_read))
    await scan.close()
    await store.close()
    return figures


async def main() -> None:
    quick = arguments(__doc__ or "").quick
    sizes = (2_000, 10_000) if quick else (10_000, 100_000, 1_000_000)
    rows = []
    with scratch() as directory:
        for answers in sizes:
            path = directory / f"history-{answers}.db"
            await fill(path, answers)
            for zone in ("Europe/Paris", "Asia/Kolkata"):
                for period, (ours, scan) in (await measure(path, zone)).items():
                    rows.append([f"{answers:,}", zone, period, f"{ours:.3f}", f"{scan:.3f}"])
    print(
        table(
            ["stored answers", "zone", "period", "p50 ms (score tables)", "p50 ms (scan)"],
            rows,
        )
    )


if __name__ == "__main__":
    asyncio.run(main())
