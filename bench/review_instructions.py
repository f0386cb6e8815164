"""Instructions an answer costs with review cards and without, counted by callgrind.

Wall-clock answers/s on a loaded 2-core machine vary by 3x between identical runs; the number
of instructions does not. Each figure is `(I(N + 10 presses) - I(10 presses)) / N` for
bench/review.py's burst, so start-up and imports cancel out; "existing" bursts follow a first
burst of N + 10 presses on the same question (not counted), so every card already exists, all
alike; "group" and "varied" bursts find N + 10 cards with a past written first (not counted
either: bench/_histories.py), so the library's reviews are shared as in a group's use, or
hardly at all. Each row also says how many reviews the library itself computed.
Needs valgrind.

    python bench/review_instructions.py [--players N]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from _burst import CHAT
from _common import table
from _histories import KINDS, write_pasts

BASE = 10


def collected(players: int, mode: str, cards: bool, prior: int) -> tuple[int, str]:
    """Instructions of one child process under callgrind, and what it printed."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
               __file__, "--child", str(players), mode, "cards" if cards else "none",
               str(prior)]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", result.stderr)
    assert found, result.stderr[-2000:]
    return int(found[1]), result.stdout.strip()


async def child(players: int, mode: str, cards: bool, prior: int) -> None:
    from datetime import UTC, datetime

    from review import timed_burst

    import bot.storage.sqlite.answer_writer as sqlite_writer
    from bot.storage.sqlite.store import SQLiteStore

    if not cards:
        sqlite_writer._update_cards = lambda cursor, created, reviewer: None  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as directory:
        store = await SQLiteStore.open(Path(directory) / "q.db")
        if mode == "existing":
            await timed_burst(store, prior)
            current = await store.running_round(CHAT, "", "group")
            assert current is not None
            await store.end_round(current.round_id, "finished", datetime.now(UTC))
        elif mode in KINDS:
            await write_pasts(store, mode, prior)
        await timed_burst(store, players)
        print(store.writer.reviewer.computed)
        await store.close()


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--players", type=int, default=2000)
    options.add_argument("--child", nargs=4, metavar=("N", "MODE", "CARDS", "PRIOR"))
    options.add_argument("--quick", action="store_true", help="200 players")
    chosen = options.parse_args()
    if chosen.child:
        count, mode, cards, prior = chosen.child
        asyncio.run(child(int(count), mode, cards == "cards", int(prior)))
        return
    players = 200 if chosen.quick else chosen.players
    rows = []
    for mode in ("new", "existing", *KINDS):
        per_answer, computed = {}, ""
        for cards in (True, False):
            (large, computed_large), (small, _) = (
                collected(players + BASE, mode, cards, players + BASE),
                collected(BASE, mode, cards, players + BASE),
            )
            per_answer[cards] = (large - small) / players
            computed = computed_large if cards else computed
        ratio = per_answer[False] / per_answer[True]
        rows.append([f"{players:,}", mode, f"{per_answer[True] / 1000:,.0f}k",
                     f"{per_answer[False] / 1000:,.0f}k", f"{ratio:.2f}",
                     f"{computed} of {players + BASE}"])  # fmt: skip
    print(table(["presses", "cards", "instructions/answer with cards", "without",
                 "without ÷ with (goal ≥ 0.85)", "reviews computed by FSRS"], rows))  # fmt: skip


if __name__ == "__main__":
    main()
