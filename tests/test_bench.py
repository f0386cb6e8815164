"""Every benchmark still runs: each in quick mode, as a script, as documented."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.postgres import POSTGRES_URL
from tests.support.paths import ROOT

BENCH = ROOT / "bench"
SCRIPTS = [
    "answers.py", "leaderboard.py", "startup.py", "memory.py", "telegram_burst.py", "report.py",
]  # fmt: skip
SCRIPTS += ["import.py"]  # issue 19: quizbot import
SCRIPTS += ["review.py"]  # spaced review
SCRIPTS += ["report_counts_cost.py"]  # issue 21: the report's counts on the answer path
SCRIPTS += ["formulas.py"]  # issue 28: a formula's picture, cold and cached, and the loop
SCRIPTS += ["pictures.py"]  # issue 28: a Telegram post with a picture against one without
SCRIPTS += ["chat_shelf.py"]  # issue 19: a chat quiz key's lookup, again and cold at once
SCRIPTS += ["round_sweep.py"]  # issue 30: what sweeping the stalled rounds costs
if POSTGRES_URL:  # it needs a server; .ci/run starts one
    SCRIPTS += ["answers_postgres.py", "answers_workers.py"]


@pytest.mark.parametrize("script", SCRIPTS)
def test_benchmark_runs_in_quick_mode(script: str) -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH / script), "--quick"],
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("| "), result.stdout  # a figures table


def test_the_answers_benchmark_can_run_on_a_slower_disk() -> None:
    """--flush-ms preloads bench/slow_flush.c: the flush it then measures must be slower."""
    result = subprocess.run(
        [sys.executable, str(BENCH / "answers.py"), "--quick", "--flush-ms", "10"],
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    flush = re.search(r"One fsync on this disk: ([\d.]+) ms \(slowed by 10 ms", result.stdout)
    assert flush is not None, result.stdout
    assert float(flush.group(1)) >= 10
