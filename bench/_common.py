"""Shared helpers for the benchmarks: argument parsing, percentiles, a scratch directory.

Benchmarks are scripts (`python bench/answers.py`), not tests: they print figures next to a
baseline measured in the same run, because only ratios survive a noisy machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `bot`, `adapters`, `tests` importable
    sys.path.insert(0, str(ROOT))
QUIZZES = ROOT / "quizzes"


def parser(description: str) -> argparse.ArgumentParser:
    """The options every benchmark takes; a benchmark may add its own."""
    options = argparse.ArgumentParser(description=description)
    options.add_argument(
        "--quick", action="store_true", help="small sizes: a smoke run in seconds, not figures"
    )
    return options


def arguments(description: str) -> argparse.Namespace:
    return parser(description).parse_args()


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (p99 of 100 values is the 99th smallest)."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


@contextmanager
def scratch() -> Iterator[Path]:
    """A scratch directory for database files (BENCH_DIR=... to pick the disk)."""
    with tempfile.TemporaryDirectory(
        prefix="quizbot-bench-", dir=os.environ.get("BENCH_DIR")
    ) as directory:
        yield Path(directory)


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table, ready to paste into docs/performance.md."""
    cells = [[str(cell) for cell in row] for row in rows]
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(row) + " |" for row in cells]
    return "\n".join(lines)
