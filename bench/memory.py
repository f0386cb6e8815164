"""Resident memory per 1,000 open rounds (printed, with its growth).

Each round is a running group round with its first question posted through the service, the
way `RoundRunner` opens it; its timers are not counted (one handle per open question).
Baseline, same run: the process's resident memory before any round.

    python bench/memory.py [--quick]
"""

from __future__ import annotations

import asyncio
import gc
import resource
from pathlib import Path

from _common import QUIZZES, arguments, scratch, table

from bot.catalog.installed import load_catalog
from bot.domain.entities import Player
from bot.play.service import QuizService
from bot.storage.sqlite.store import SQLiteStore


def resident_mib() -> float:
    """Current RSS from /proc on Linux; peak RSS elsewhere."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def main() -> None:
    quick = arguments(__doc__ or "").quick
    steps, per_step = (2, 100) if quick else (5, 1_000)
    rows = []
    with scratch() as directory:
        store = await SQLiteStore.open(directory / "rounds.db")
        service = QuizService(store, load_catalog(QUIZZES))
        gc.collect()
        baseline = previous = resident_mib()
        rows.append(["0 (baseline)", f"{baseline:.1f}", "0.0", "-"])
        opened = 0
        for _ in range(steps):
            for _ in range(per_step):
                player = Player(f"bench:{opened}", "Host")
                started = await service.start_round(
                    chat_id=f"bench:{opened}", player=player, quiz_id="parallelism", mode="group"
                )
                await service.post_next(started.round_id)
                opened += 1
            gc.collect()
            now = resident_mib()
            per_thousand = (now - previous) * 1000 / per_step
            rows.append(
                [f"{opened:,}", f"{now:.1f}", f"{now - baseline:.1f}", f"{per_thousand:.2f}"]
            )
            previous = now
        await store.close()
    print(table(["open rounds", "RSS MiB", "growth MiB", "MiB per 1,000 (this step)"], rows))


if __name__ == "__main__":
    asyncio.run(main())
