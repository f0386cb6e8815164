"""The burst the answer benchmarks measure: players pressing at once on one posted question."""

from __future__ import annotations

import asyncio
import time

from _common import QUIZZES

from bot.catalog.installed import load_catalog
from bot.domain.entities import Player
from bot.domain.rules import Accepted
from bot.play.service import QuizService
from bot.storage.interface import Store

CHAT = "bench:-1"


async def post_question(service: QuizService) -> int:
    """Start an untimed round in the bench chat and post its first question."""
    started = await service.start_round(
        chat_id=CHAT,
        player=Player("bench:host", "Host"),
        quiz_id="parallelism",
        mode="group",
        seconds=None,
    )
    view = await service.post_next(started.round_id)
    assert view is not None
    return view.post.post_id


async def press_burst(store: Store, players: int) -> tuple[float, list[float], int]:
    """(seconds for all presses, each press's latency, the post id), every press accepted."""
    service = QuizService(store, load_catalog(QUIZZES))
    post_id = await post_question(service)
    latencies: list[float] = []

    async def press(number: int) -> None:
        began = time.perf_counter()
        result = await service.press(
            chat_id=CHAT,
            player=Player(f"bench:{number}", f"Player {number}"),
            post_id=post_id,
            letter_index=number % 4,
        )
        latencies.append(time.perf_counter() - began)
        assert isinstance(result.outcome, Accepted)

    began = time.perf_counter()
    await asyncio.gather(*(press(number) for number in range(players)))
    return time.perf_counter() - began, latencies, post_id


async def awaiting_floor(players: int) -> float:
    """Seconds for the same burst when each press only awaits a future settled at once: the
    event loop's share of any design that acknowledges a press after something completes."""
    loop = asyncio.get_running_loop()
    waiting: list[asyncio.Future[None]] = []
    queued = asyncio.Event()
    latencies: list[float] = []

    async def settle_all() -> None:
        await queued.wait()
        for future in waiting:
            future.set_result(None)

    async def press() -> None:
        began = time.perf_counter()
        future = loop.create_future()
        waiting.append(future)
        queued.set()
        await future
        latencies.append(time.perf_counter() - began)

    settler = asyncio.create_task(settle_all())
    began = time.perf_counter()
    await asyncio.gather(*(press() for _ in range(players)))
    elapsed = time.perf_counter() - began
    await settler
    return elapsed
