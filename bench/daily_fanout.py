"""Fan-out of daily questions: N chats scheduled at the same minute, one process.

The real DailyRunner, SQLite store (a file in a temporary folder) and quiz catalog run on a
virtual clock with manual timers; the publisher is an in-process fake that counts any call
beyond the platform's limit (Telegram: 30 messages per rolling second) as a 429 it would get.
Day 1 posts N questions; day 2 also edits N closed ones (2N calls). The baseline, in the same
run, is the same runner with the pacer opened wide: what a naive scheduler would send.

    python bench/daily_fanout.py            # 10,000 chats
    python bench/daily_fanout.py --quick    # 300 chats, a few seconds
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections import deque
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from datetime import time as clock_time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.catalog.installed import load_catalog  # noqa: E402
from bot.domain.daily import DailyPost, DailyRule, NewSchedule, next_run  # noqa: E402
from bot.domain.pacer import TELEGRAM_RATE, Pacer  # noqa: E402
from bot.domain.views import ClosedView, QuestionView  # noqa: E402
from bot.play.daily_runner import DailyRunner  # noqa: E402
from bot.play.service import QuizService  # noqa: E402
from bot.storage.sqlite.store import SQLiteStore  # noqa: E402
from tests.support.clocks import ManualTimers  # noqa: E402

PLATFORM_LIMIT = 30
"""Telegram: about 30 messages per second overall."""
RULE = DailyRule(clock_time(9, 0), "Europe/Paris")
START = datetime(2026, 3, 2, 7, 0, tzinfo=UTC)


@dataclass
class VirtualClock:
    current: datetime = START

    def now(self) -> datetime:
        return self.current


@dataclass
class RateLimitedPublisher:
    """Accepts every call, and counts those a platform limited to `limit`/s would refuse."""

    clock: VirtualClock
    limit: int = PLATFORM_LIMIT
    window: deque[datetime] = field(default_factory=deque)
    posts: list[datetime] = field(default_factory=list)
    edits: int = 0
    refused: int = 0

    def _call(self) -> None:
        now = self.clock.now()
        while self.window and now - self.window[0] >= timedelta(seconds=1):
            self.window.popleft()
        if len(self.window) >= self.limit:
            self.refused += 1
        self.window.append(now)

    async def post_daily(
        self, daily_post: DailyPost, view: QuestionView, previous: ClosedView | None
    ) -> str:
        self._call()
        self.posts.append(self.clock.now())
        return f"{daily_post.chat_id}:{view.post.post_id}"

    async def show_daily_results(self, daily_post: DailyPost, closed: ClosedView) -> None:
        self._call()
        self.edits += 1


@dataclass
class Figures:
    day: int
    posts: int
    edits: int
    refused: int
    fan_out_s: float
    minimum_s: float
    wall_s: float


async def schedule_chats(store: SQLiteStore, chats: int) -> None:
    first_run = next_run(RULE, START).at
    for number in range(chats):
        await store.save_schedule(
            NewSchedule(f"tg:{number}", "", RULE, ("parallelism",), "en", "tg:1", first_run)
        )


async def run_day(
    runner: DailyRunner, timers: ManualTimers, clock: VirtualClock, day: int
) -> Figures:
    """Jump the clock from timer to timer until the day's fan-out is over."""
    publisher = runner.publisher
    assert isinstance(publisher, RateLimitedPublisher)
    posts_before, edits_before, refused_before = (
        len(publisher.posts),
        publisher.edits,
        publisher.refused,
    )
    due = next_run(RULE, clock.now()).at
    started = time.perf_counter()
    while (when := timers.next_due()) is not None and when < due + timedelta(hours=12):
        clock.current = max(clock.current, when)
        await timers.run_due()
    wall = time.perf_counter() - started
    posts = len(publisher.posts) - posts_before
    edits = publisher.edits - edits_before
    calls = posts + edits
    return Figures(
        day=day,
        posts=posts,
        edits=edits,
        refused=publisher.refused - refused_before,
        fan_out_s=(publisher.posts[-1] - due).total_seconds(),
        minimum_s=max(0, calls - PLATFORM_LIMIT) / PLATFORM_LIMIT,
        wall_s=wall,
    )


async def measure(chats: int, pacer: Pacer, folder: Path, days: int = 2) -> list[Figures]:
    quizzes = load_catalog(ROOT / "quizzes")
    store = await SQLiteStore.open(folder / "bench.db")
    try:
        clock = VirtualClock()
        timers = ManualTimers(clock)
        service = QuizService(store, quizzes, clock=clock, rng=random.Random(1))
        runner = DailyRunner(service, RateLimitedPublisher(clock), timers, pacer)
        await schedule_chats(store, chats)
        await runner.resume()
        return [await run_day(runner, timers, clock, day) for day in range(1, days + 1)]
    finally:
        await store.close()


def show(label: str, figures: list[Figures]) -> None:
    for f in figures:
        print(
            f"{label:<22} day {f.day}: {f.posts:>6} posts + {f.edits:>6} edits  "
            f"fan-out {f.fan_out_s:8.1f} s (platform minimum {f.minimum_s:8.1f} s)  "
            f"refused {f.refused:>6}  wall {f.wall_s:6.2f} s "
            f"({1000 * f.wall_s / max(1, f.posts):.2f} ms/post)"
        )


async def main(argv: list[str] | None = None) -> dict[str, list[Figures]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="300 chats instead of 10,000")
    parser.add_argument("--chats", type=int, default=None)
    args = parser.parse_args(argv)
    chats = args.chats or (300 if args.quick else 10_000)
    print(f"{chats} chats due at 09:00 Europe/Paris; platform limit {PLATFORM_LIMIT} msg/s")
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        paced = Pacer(TELEGRAM_RATE, burst=5)
        results["paced"] = await measure(chats, paced, Path(folder) / "paced")
        show(f"paced {TELEGRAM_RATE:g}/s", results["paced"])
        wide = Pacer(rate=1e9, burst=10**9)
        results["baseline"] = await measure(chats, wide, Path(folder) / "baseline", days=1)
        show("baseline (no pacing)", results["baseline"])
    return results


if __name__ == "__main__":
    asyncio.run(main())
