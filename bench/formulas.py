"""What a formula costs to show: written in Unicode (the text path, the baseline), drawn as a
picture cold, read back from the disk cache and from memory; and how long the event loop
stalls while pictures are drawn in a thread pool, in a process pool, and on the loop itself
(the baseline the executor is there to avoid).

The formulas are those of the bundled quizzes.
Goals (issue 28): cached <= 1 ms, cold <= 200 ms, never on the event loop.

    python bench/formulas.py [--quick]
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from _common import QUIZZES, arguments, scratch, table

from bot.text.math_picture import FormulaPictures, draw
from bot.text.math_unicode import best_effort
from tests.support.formulas import formulas_in


def formulas(quick: bool) -> list[str]:
    paths = sorted(QUIZZES.glob("*.yaml"))
    found = sorted({span.text for span in formulas_in(paths)})
    return found[:8] if quick else found


async def each_ms(latexes: list[str], show: Callable[[str], Awaitable[object]]) -> list[float]:
    times = []
    for latex in latexes:
        began = time.perf_counter()
        await show(latex)
        times.append((time.perf_counter() - began) * 1000)
    return times


async def loop_gaps_ms(work: Callable[[], Awaitable[object]]) -> list[float]:
    """The gaps between turns of the event loop while `work` runs (a free loop: ~0.01 ms)."""
    gaps: list[float] = []
    running = True

    async def meter() -> None:
        last = time.perf_counter()
        while running:
            await asyncio.sleep(0)  # yields one turn; the gap to the next is the stall
            now = time.perf_counter()
            gaps.append((now - last) * 1000)
            last = now

    watching = asyncio.create_task(meter())
    await work()
    running = False
    await watching
    return gaps


async def drawn_in(executor: Executor, latexes: list[str]) -> tuple[list[float], list[float]]:
    """Cold pictures through `executor`: per-formula times, and the loop's gaps meanwhile."""
    await FormulaPictures(executor=executor).picture("w^0")  # a process starts, fonts load
    pictures = FormulaPictures(executor=executor)
    times: list[float] = []

    async def work() -> None:
        times.extend(await each_ms(latexes, pictures.picture))

    return times, await loop_gaps_ms(work)


async def drawn_on_the_loop(latexes: list[str]) -> list[float]:
    async def work() -> None:
        for latex in latexes:
            draw(latex)
            await asyncio.sleep(0)

    return await loop_gaps_ms(work)


def row(label: str, times: list[float], goal: str = "") -> tuple[object, ...]:
    return (label, f"{statistics.median(times):.3f}", f"{max(times):.3f}", goal)


STALL_MS = 20.0
"""A loop turn later than this is a stall a player could feel on a button press."""


def stall(label: str, gaps: list[float], count: int) -> tuple[object, ...]:
    stalls = [gap for gap in gaps if gap > STALL_MS]
    return (label, f"{len(stalls)} / {count}", f"{max(gaps):.1f}")


async def main() -> None:
    latexes = formulas(arguments(__doc__ or "").quick)

    async def unicode(latex: str) -> str:
        return best_effort(latex)  # the Unicode reading, uncached

    unicode_times = await each_ms(latexes, unicode)
    with ThreadPoolExecutor(1) as threads, ProcessPoolExecutor(1) as processes:
        cold, thread_gaps = await drawn_in(threads, latexes)
        process_cold, process_gaps = await drawn_in(processes, latexes)
    loop_gaps = await drawn_on_the_loop(latexes)
    with scratch() as folder:
        await each_ms(latexes, FormulaPictures(folder).picture)
        from_disk = await each_ms(latexes, FormulaPictures(folder).picture)
    cached = FormulaPictures()
    await each_ms(latexes, cached.picture)
    from_memory = await each_ms(latexes, cached.picture)
    rows = [
        row("Unicode text (baseline)", unicode_times),
        row("picture, cold, thread pool", cold, "<= 200"),
        row("picture, cold, process pool", process_cold, "<= 200"),
        row("picture, disk cache", from_disk),
        row("picture, memory cache", from_memory, "<= 1"),
    ]
    count = len(latexes)
    stalls = [
        stall("drawn on the loop (baseline)", loop_gaps, count),
        stall("thread pool (FormulaPictures' default)", thread_gaps, count),
        stall("process pool", process_gaps, count),
    ]
    print(table(["per formula (ms)", "p50", "max", "goal"], rows))
    print()
    headers = ["the event loop while drawing", f"turns > {STALL_MS:.0f} ms", "longest ms"]
    print(table(headers, stalls))
    print(f"\n{len(latexes)} formulas, bundled and drafted.")


if __name__ == "__main__":
    asyncio.run(main())
