"""Durable answers per second through QuizService.press and the store, with press latency.

N players press at once on one posted question (every answer acknowledged only after its
transaction committed). Baselines, same run, same schema, 100 answers a transaction, WAL,
synchronous=FULL:
- raw `sqlite3` inserting the same answer rows (the issue's baseline);
- raw `sqlite3` writing every row an answer costs the store: the answer, the player, and the
  all-time, hourly and weekly score rows that keep leaderboards instant;
- asyncio alone: a task per player awaiting a future that is settled at once, nothing stored
  (the floor of any design that awaits each press).
The same burst also runs with 50 quizzes of the chat's own loaded (issue 19's uploads): a
press on a bundled quiz's post must cost what it did; and typed (issue 27): each player types
an answer to a `text` question of 20 accepted answers (a third right, a third with a typo, a
third wrong), through QuizService.respond, goal ≥ 0.9 of the letter presses' rate; the same
ratio by the bursts' CPU time (both threads), which other processes on a shared machine
barely move, unlike the wall clock's. Then a micro-benchmark: matching one typed answer
against 20 accepted ones (goal ≤ 50 µs).

    python bench/answers.py [--quick] [--flush-ms MS] [--players N ...] [--repeats R]

--flush-ms makes every fsync wait MS milliseconds more (bench/slow_flush.c, preloaded), for
a disk slower to flush than this machine's; the measured flush time is printed either way.
--players measures only these sizes (e.g. `--players 10000`), --repeats R runs of each (4).
"""

from __future__ import annotations

import asyncio
import functools
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

from _burst import CHAT, awaiting_floor, press_burst, typed_line, typed_quiz
from _common import median, parser, percentile, scratch, table

from bot.domain.judging import Response, judge
from bot.storage.sql.answers import ADD_HOUR, ADD_TOTAL, ADD_WEEK, UPSERT_PLAYER, week_of
from bot.storage.sqlite.store import SQLiteStore

REPEATS = 4
CHAT_QUIZZES = 50
HOUR = 1_770_000_000_000 // 3_600_000
INSERT_ANSWER = (
    "INSERT INTO answers (post_id, user_id, chat_id, quiz_id, choice, correct, answered_at, "
    "elapsed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


async def through_service(
    path: Path,
    players: int,
    chat_quizzes: int = 0,
    typed: bool = False,
    cpu: list[float] | None = None,
) -> tuple[float, list[float], int]:
    """(seconds for all presses, each press's latency, transactions committed); `cpu` gets
    the burst's CPU seconds."""
    store = await SQLiteStore.open(path)
    elapsed, latencies, _ = await press_burst(store, players, chat_quizzes, typed, cpu)
    batches = store.writer.batches
    await store.close()
    with sqlite3.connect(path) as check:
        stored = check.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    assert stored == players, (stored, players)
    return elapsed, latencies, batches


async def schema_only(path: Path) -> None:
    store = await SQLiteStore.open(path)
    await store.close()


def raw_inserts(path: Path, players: int, every_row: bool = False) -> float:
    """Plain sqlite3, executemany, 100 answers a transaction: the answer rows only, or with
    `every_row` also the player and score rows the store writes for each answer."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("PRAGMA foreign_keys = OFF")  # no post row here; the store checks it
    users = [(f"bench:{n}", int(n % 4 == 0)) for n in range(players)]
    at = HOUR * 3_600_000
    statements: list[tuple[str, list[tuple[object, ...]]]] = [
        (INSERT_ANSWER, [(1, u, CHAT, "parallelism", 0, c, at, 5) for u, c in users])
    ]
    if every_row:
        statements += [
            (UPSERT_PLAYER, [(u, f"Player {u}", "en") for u, _ in users]),
            (ADD_TOTAL, [(CHAT, "parallelism", u, c, 1, 5) for u, c in users]),
            (ADD_HOUR, [(CHAT, HOUR, "parallelism", u, c, 1, 5) for u, c in users]),
            (ADD_WEEK, [(CHAT, week_of(at), "parallelism", u, c, 1, 5) for u, c in users]),
        ]
    began = time.perf_counter()
    for start in range(0, players, 100):
        connection.execute("BEGIN")
        for sql, rows in statements:
            connection.executemany(sql, rows[start : start + 100])
        connection.execute("COMMIT")
    elapsed = time.perf_counter() - began
    connection.close()
    return elapsed


async def raw_rate(directory: Path, name: str, players: int, *, every_row: bool) -> float:
    path = directory / name
    await schema_only(path)
    return players / raw_inserts(path, players, every_row)


async def loaded_rate(directory: Path, players: int, repeat: int) -> float:
    """Answers/s of the same burst with CHAT_QUIZZES of the chat's own loaded."""
    path = directory / f"chat-{players}-{repeat}.db"
    elapsed, _, _ = await through_service(path, players, CHAT_QUIZZES)
    return players / elapsed


async def typed_rate(directory: Path, players: int, repeat: int, cpu: list[float]) -> float:
    """Answers/s of the same burst, typed answers to a `text` question."""
    elapsed, _, _ = await through_service(
        directory / f"typed-{players}-{repeat}.db", players, typed=True, cpu=cpu
    )
    return players / elapsed


async def measure(players: int, directory: Path, repeats: int = REPEATS) -> list[object]:
    ours: list[float] = []
    typed: list[float] = []
    ours_cpu: list[float] = []
    typed_cpu: list[float] = []
    loaded: list[float] = []
    answers_only: list[float] = []
    all_rows: list[float] = []
    floor: list[float] = []
    latencies: list[float] = []
    batches: list[int] = []
    for repeat in range(repeats):  # interleaved, so all see the same machine
        if repeat % 2:  # the service runs take turns going first
            loaded.append(await loaded_rate(directory, players, repeat))
            typed.append(await typed_rate(directory, players, repeat, typed_cpu))
        elapsed, latency, committed = await through_service(
            directory / f"ours-{players}-{repeat}.db", players, cpu=ours_cpu
        )
        ours.append(players / elapsed)
        latencies += latency
        batches.append(committed)
        if not repeat % 2:
            loaded.append(await loaded_rate(directory, players, repeat))
            typed.append(await typed_rate(directory, players, repeat, typed_cpu))
        name = f"{players}-{repeat}.db"
        answers_only.append(await raw_rate(directory, f"raw-{name}", players, every_row=False))
        all_rows.append(await raw_rate(directory, f"all-{name}", players, every_row=True))
        floor.append(players / await awaiting_floor(players))
    return [
        players,
        f"{median(ours):,.0f}",
        f"{median(loaded):,.0f}",
        f"{median(loaded) / median(ours):.2f}",
        f"{median(typed):,.0f}",
        f"{median(typed) / median(ours):.2f}",
        f"{median(ours_cpu) / median(typed_cpu):.2f}",
        f"{median(answers_only):,.0f}",
        f"{median(ours) / median(answers_only):.2f}",
        f"{median(all_rows):,.0f}",
        f"{median(ours) / median(all_rows):.2f}",
        f"{median(floor):,.0f}",
        f"{percentile(latencies, 0.5) * 1000:.1f}",
        f"{percentile(latencies, 0.99) * 1000:.1f}",
        f"{median(batches):.0f}",
    ]


def matching_micro(quick: bool) -> str:
    """Microseconds to judge one typed answer against 20 accepted ones (goal ≤ 50 µs): the
    median of runs of each kind of answer, a wrong one being the worst (every accepted answer
    is compared, with the typo distance where lengths allow)."""
    quiz = typed_quiz()
    question = quiz.questions[0]
    runs, number = (5, 200) if quick else (15, 2_000)
    rows = []
    for kind, number_of in (("right", 0), ("typo", 1), ("wrong", 2)):
        response = Response(typed=typed_line(number_of + 3 * 7))
        verdict = judge(question, (), response)
        assert verdict is not None, kind
        assert verdict.correct == (kind != "wrong"), kind
        times = timeit.repeat(
            functools.partial(judge, question, (), response), number=number, repeat=runs
        )
        rows.append([kind, f"{median(times) / number * 1e6:.1f}"])
    return table(["typed answer vs 20 accepted", "µs a match (goal ≤ 50)"], rows)


def flush_ms(directory: Path) -> float:
    """The median time of one fsync of a 4 KiB write on the benchmark's disk."""
    times: list[float] = []
    with open(directory / "flush-probe", "wb") as probe:
        for _ in range(51):
            probe.write(b"\0" * 4096)
            probe.flush()
            began = time.perf_counter()
            os.fsync(probe.fileno())
            times.append(time.perf_counter() - began)
    return median(times) * 1000


def with_slow_flush(extra_ms: float) -> int:
    """Run this benchmark again with every fsync `extra_ms` slower (bench/slow_flush.c)."""
    source = Path(__file__).with_name("slow_flush.c")
    with tempfile.TemporaryDirectory(prefix="quizbot-flush-") as directory:
        library = Path(directory) / "slow_flush.so"
        subprocess.run(
            ["cc", "-shared", "-fPIC", "-O2", "-o", str(library), str(source), "-ldl"],
            check=True,
        )
        environment = dict(os.environ, LD_PRELOAD=str(library))
        environment["SLOW_FLUSH_US"] = str(round(extra_ms * 1000))
        return subprocess.run([sys.executable, *sys.argv], env=environment).returncode


async def main(quick: bool, players: list[int] | None = None, repeats: int = REPEATS) -> None:
    sizes = players or ((20, 200) if quick else (100, 1_000, 10_000))
    with scratch() as directory:
        flush = flush_ms(directory)
        rows = [await measure(size, directory, repeats) for size in sizes]
    print(
        table(
            [
                "concurrent players",
                "answers/s (service+store)",
                f"answers/s, {CHAT_QUIZZES} chat quizzes loaded",
                "ratio to none loaded",
                "typed answers/s",
                "typed ÷ letters (goal ≥ 0.9)",
                "same, by CPU time",
                "raw sqlite3: answer rows/s",
                "ratio (target ≥ 0.75)",
                "raw sqlite3: answers/s, every row",
                "ratio to every row",
                "asyncio floor: presses/s",
                "p50 ms",
                "p99 ms (target ≤ 150 at 1,000)",
                "transactions",
            ],
            rows,
        )
    )
    print("\n" + matching_micro(quick))
    slowed = os.environ.get("SLOW_FLUSH_US")
    print(
        f"\nOne fsync on this disk: {flush:.2f} ms"
        + (f" (slowed by {int(slowed) / 1000:g} ms, bench/slow_flush.c)" if slowed else "")
    )


if __name__ == "__main__":
    options = parser(__doc__ or "")
    options.add_argument(
        "--flush-ms", type=float, default=0.0, help="make every fsync this much slower"
    )
    options.add_argument("--players", type=int, nargs="+", help="only these sizes")
    options.add_argument("--repeats", type=int, default=REPEATS, help="runs of each (4)")
    chosen = options.parse_args()
    if chosen.flush_ms > 0 and "SLOW_FLUSH_US" not in os.environ:
        sys.exit(with_slow_flush(chosen.flush_ms))
    asyncio.run(main(chosen.quick, chosen.players, chosen.repeats))
