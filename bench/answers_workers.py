"""Durable answers per second with 1, 2 and 4 worker processes on one PostgreSQL, next to
SQLite with one process, same run.

Every worker opens its own store and service (as `quizbot run telegram --webhook` workers do)
and presses for its own share of the players on one shared posted question; each press is
acknowledged only after its transaction committed. The clock runs from the moment all
workers are ready to the last acknowledgement. Needs QUIZBOT_TEST_POSTGRES.

    python bench/answers_workers.py [--quick]
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import sys
import time
from multiprocessing.synchronize import Event
from pathlib import Path

from _burst import CHAT, post_question
from _common import QUIZZES, arguments, median, scratch, table

from bot.catalog.installed import load_catalog
from bot.domain.entities import Player
from bot.domain.rules import Accepted
from bot.play.service import QuizService
from bot.storage.opening import open_store
from tests.postgres import fresh_schema

REPEATS = 3


async def post_question_in(target: Path | str) -> int:
    store = await open_store(target)
    try:
        return await post_question(QuizService(store, load_catalog(QUIZZES)))
    finally:
        await store.close()


async def press_share(target: str, post_id: int, players: range, ready: Event, go: Event) -> None:
    store = await open_store(target)
    try:
        service = QuizService(store, load_catalog(QUIZZES))
        ready.set()
        await asyncio.to_thread(go.wait)

        async def press(number: int) -> None:
            result = await service.press(
                chat_id=CHAT,
                player=Player(f"bench:{number}", "P"),
                post_id=post_id,
                letter_index=number % 4,
            )
            assert isinstance(result.outcome, Accepted)

        await asyncio.gather(*(press(number) for number in players))
    finally:
        await store.close()


def worker(target: str, post_id: int, players: range, ready: Event, go: Event) -> None:
    asyncio.run(press_share(target, post_id, players, ready, go))


def run_workers(target: str, post_id: int, players: int, workers: int) -> float:
    """Answers/s with `workers` processes sharing `players` presses."""
    context = multiprocessing.get_context("spawn")
    go = context.Event()
    share = -(-players // workers)
    processes, readies = [], []
    for number in range(workers):
        ready = context.Event()
        chunk = range(number * share, min(players, (number + 1) * share))
        processes.append(context.Process(target=worker, args=(target, post_id, chunk, ready, go)))
        readies.append(ready)
        processes[-1].start()
    for ready in readies:
        ready.wait(timeout=60)
    began = time.perf_counter()
    go.set()
    for process in processes:
        process.join(timeout=300)
        assert process.exitcode == 0, "a worker failed"
    return players / (time.perf_counter() - began)


async def measure(players: int, workers: int, directory: Path, repeat: int) -> float:
    if workers == 0:  # SQLite, one process
        target: str = str(directory / f"sqlite-{players}-{repeat}.db")
        post_id = await post_question_in(target)
        return await asyncio.to_thread(run_workers, target, post_id, players, 1)
    async with fresh_schema() as url:
        post_id = await post_question_in(url)
        return await asyncio.to_thread(run_workers, url, post_id, players, workers)


async def main() -> None:
    quick = arguments(__doc__ or "").quick
    if not os.environ.get("QUIZBOT_TEST_POSTGRES"):
        print("no PostgreSQL: set QUIZBOT_TEST_POSTGRES=postgresql://...", file=sys.stderr)
        return
    players = 200 if quick else 4_000
    repeats = 1 if quick else REPEATS
    setups = [("SQLite", 0), ("PostgreSQL", 1), ("PostgreSQL", 2), ("PostgreSQL", 4)]
    figures: dict[int, list[float]] = {workers: [] for _, workers in setups}
    with scratch() as directory:
        for repeat in range(repeats):  # interleaved, so every setup sees the same machine
            for _, workers in setups:
                figures[workers].append(await measure(players, workers, directory, repeat))
    baseline = median(figures[0])
    rows = [
        [
            backend,
            max(workers, 1),
            players,
            f"{median(figures[workers]):,.0f}",
            f"{median(figures[workers]) / baseline:.2f}",
        ]
        for backend, workers in setups
    ]
    headers = ["store", "worker processes", "players", "answers/s", "÷ SQLite, 1 process"]
    print(table(headers, rows))


if __name__ == "__main__":
    asyncio.run(main())
