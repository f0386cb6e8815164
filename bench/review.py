"""Spaced review's costs: "what is due for this person", and answers/s with card updates.

1. p50 of `store.due_cards(user, now, 20)` (the query a review session and a reminder make)
   at 10k and 1M cards, 100 cards a player (a third of them missed, due times spread over a
   month), through the SQLite store and, as a baseline, the same SQL on a bare sqlite3
   connection; PostgreSQL too when QUIZBOT_TEST_POSTGRES is set. Goal: ≤ 1 ms at 1M, the
   growth from 10k to 1M ≤ 2×.
2. answers/s of bench/answers.py's burst (N players press at once on one question, each
   acknowledged after COMMIT) with the card updates, and in the same run without them (the
   writer's card step replaced by a no-op), for new cards (a first answer), existing ones all
   alike (the same players answering the same question again), and cards with a group's
   past or a past of their own (bench/_histories.py). Goal: within 15 %.

    python bench/review.py [--quick]
"""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from _burst import CHAT, post_question, press_burst
from _common import QUIZZES, median, parser, scratch, table
from _histories import KINDS, write_pasts

import bot.storage.sqlite.answer_writer as sqlite_writer
from bot.catalog.installed import load_catalog
from bot.domain.entities import Player
from bot.domain.review import Reviewer
from bot.domain.rules import Accepted
from bot.play.service import QuizService
from bot.storage.opening import open_store
from bot.storage.sql.review import DUE_CARDS, UPSERT_CARD
from bot.storage.sqlite.store import SQLiteStore

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
CARDS_A_PLAYER = 100
REPEATS = 5
MODES = ("new", "existing", *KINDS)
CATALOG = load_catalog(QUIZZES)


def card_rows(cards: int, seed: int = 1) -> Iterator[tuple[object, ...]]:
    """`cards` cards, 100 a player, a third missed, due from 15 days ago to 15 days on."""
    rng = random.Random(seed)
    sample = Reviewer().review(None, False, False, NOW, 4000)
    now_ms = int(NOW.timestamp() * 1000)
    for number in range(cards):
        user, question = divmod(number, CARDS_A_PLAYER)
        due = now_ms + rng.randint(-15, 15) * 86_400_000 + rng.randint(0, 86_399_999)
        yield (f"tg:{user}", "parallelism", f"q{question}", sample.card, 1,
               int(rng.random() < 1 / 3), due, due - 86_400_000)  # fmt: skip


async def fill_sqlite(path: Path, cards: int) -> None:
    store = await SQLiteStore.open(path)
    await store.close()
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA synchronous = OFF")
        connection.executemany(UPSERT_CARD, card_rows(cards))


async def fill_postgres(url: str, cards: int) -> None:
    store = await open_store(url)
    try:
        pool = store._pool  # type: ignore[attr-defined]
        columns = ["user_id", "quiz_id", "question_id", "card", "state", "missed", "due_at",
                   "reviewed_at"]  # fmt: skip
        async with pool.acquire() as connection:
            await connection.copy_records_to_table(
                "review_cards", records=list(card_rows(cards)), columns=columns
            )
            await connection.execute("ANALYZE review_cards")
    finally:
        await store.close()


async def p50_store(database: Path | str, cards: int, queries: int) -> tuple[float, float]:
    """p50 ms of due_cards for random players, and of `SELECT 1` through the same store (the
    round trip any query pays: on PostgreSQL, most of it)."""
    store = await open_store(database)
    players = cards // CARDS_A_PLAYER
    rng = random.Random(2)
    due, floor = [], []
    try:
        for number in range(queries + 50):
            user = f"tg:{rng.randrange(players)}"
            began = time.perf_counter()
            await store.due_cards(user, NOW, 20)
            middle = time.perf_counter()
            await store.count_rows("meta")
            if number >= 50:  # warmed up
                due.append(middle - began)
                floor.append(time.perf_counter() - middle)
    finally:
        await store.close()
    return median(due) * 1000, median(floor) * 1000


def p50_raw(path: Path, cards: int, queries: int) -> float:
    players, rng, times = cards // CARDS_A_PLAYER, random.Random(2), []
    now_ms = int(NOW.timestamp() * 1000)
    with sqlite3.connect(path) as connection:
        for number in range(queries + 50):
            arguments = (f"tg:{rng.randrange(players)}", now_ms, now_ms + 1, 20)
            began = time.perf_counter()
            connection.execute(DUE_CARDS, arguments).fetchall()
            if number >= 50:
                times.append(time.perf_counter() - began)
    return median(times) * 1000


async def due_lookups(directory: Path, sizes: tuple[int, ...], queries: int) -> list[list[str]]:
    rows = []
    for cards in sizes:
        path = directory / f"cards-{cards}.db"
        await fill_sqlite(path, cards)
        due, floor = await p50_store(path, cards, queries)
        raw = p50_raw(path, cards, queries)
        rows.append(["SQLite store", f"{cards:,}", f"{due:.3f}", f"{floor:.3f}", f"{raw:.3f}"])
    url = os.environ.get("QUIZBOT_TEST_POSTGRES", "").strip()
    if url:
        from tests.postgres import fresh_schema  # a schema of its own, dropped afterwards

        for cards in sizes:
            async with fresh_schema() as schema_url:
                await fill_postgres(schema_url, cards)
                due, floor = await p50_store(schema_url, cards, queries)
            rows.append(["PostgreSQL store", f"{cards:,}", f"{due:.3f}", f"{floor:.3f}", "—"])
    return rows


async def burst_rate(path: Path, players: int, mode: str) -> tuple[float, float]:
    """(answers/s, CPU µs an answer, writer thread included) of one burst. `mode`: "new"
    cards; "existing", the same players answered this question just before; "group" or
    "varied", their cards have a past (bench/_histories.py). CPU time is what a loaded
    machine changes least."""
    store = await SQLiteStore.open(path)
    try:
        if mode == "existing":  # a first burst on the same question, its round then ended
            await press_burst(store, players)
            current = await store.running_round(CHAT, "", "group")
            assert current is not None
            await store.end_round(current.round_id, "finished", datetime.now(UTC))
        elif mode in KINDS:
            await write_pasts(store, mode, players)
        elapsed, cpu = await timed_burst(store, players)
    finally:
        await store.close()
    return players / elapsed, cpu / players * 1e6


async def timed_burst(store: SQLiteStore, players: int) -> tuple[float, float]:
    """bench/_burst.py's burst, (wall, CPU) seconds of the presses alone: the CPU time
    leaves out loading the quizzes, which would dominate small bursts."""
    service = QuizService(store, CATALOG)
    post_id = await post_question(service)

    async def press(number: int) -> None:
        player = Player(f"bench:{number}", f"Player {number}")
        result = await service.press(
            chat_id=CHAT, player=player, post_id=post_id, letter_index=number % 4
        )
        assert isinstance(result.outcome, Accepted)

    began, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(press(number) for number in range(players)))
    return time.perf_counter() - began, time.process_time() - cpu


async def without_cards(
    run: Callable[[], Awaitable[tuple[float, float]]],
) -> tuple[float, float]:
    """The same burst with the writer's card step a no-op: the cost of everything else."""
    original = sqlite_writer._update_cards
    sqlite_writer._update_cards = lambda cursor, created, reviewer: None  # type: ignore[assignment]
    try:
        return await run()
    finally:
        sqlite_writer._update_cards = original


async def answer_rates(directory: Path, sizes: tuple[int, ...]) -> list[list[str]]:
    rows = []
    for players in sizes:
        for mode in MODES:
            ours: list[tuple[float, float]] = []
            base: list[tuple[float, float]] = []
            for repeat in range(REPEATS):  # interleaved, so both see the same machine
                name = f"{players}-{mode}-{repeat}"
                ours.append(await burst_rate(directory / f"w-{name}.db", players, mode))
                path = directory / f"o-{name}.db"
                base.append(
                    await without_cards(
                        lambda path=path, players=players, mode=mode: burst_rate(  # type: ignore[misc]
                            path, players, mode
                        )
                    )
                )
            rate, cpu = median([r for r, _ in ours]), median([c for _, c in ours])
            base_rate, base_cpu = median([r for r, _ in base]), median([c for _, c in base])
            rows.append([f"{players:,}", mode, f"{rate:,.0f}",
                         f"{base_rate:,.0f}", f"{rate / base_rate:.2f}", f"{cpu:.0f}",
                         f"{base_cpu:.0f}", f"{base_cpu / cpu:.2f}"])  # fmt: skip
    return rows


async def main(quick: bool) -> None:
    sizes = (1_000, 10_000) if quick else (10_000, 1_000_000)
    global REPEATS
    REPEATS = 1 if quick else REPEATS
    queries = 200 if quick else 2_000
    with scratch() as directory:
        lookups = await due_lookups(directory, sizes, queries)
        rates = await answer_rates(directory, (50, 200) if quick else (100, 1_000, 10_000))
    print(table(["store", "cards", "due_cards p50 ms (goal ≤ 1 at 1M)",
                 "SELECT COUNT(*) FROM meta p50 ms", "bare sqlite3 due query p50 ms"],
                lookups))  # fmt: skip
    growth = [float(row[2]) for row in lookups[:2]]
    print(f"\ngrowth {sizes[0]:,} -> {sizes[1]:,} cards (SQLite store): "
          f"{growth[1] / growth[0]:.2f}x (goal ≤ 2)\n")  # fmt: skip
    print(table(["concurrent players", "cards", "answers/s with cards", "answers/s without",
                 "ratio (goal ≥ 0.85)", "CPU µs/answer with", "CPU µs/answer without",
                 "CPU ratio"], rates))  # fmt: skip


if __name__ == "__main__":
    asyncio.run(main(parser(__doc__ or "").parse_args().quick))
