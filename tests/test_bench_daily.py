"""Smoke test of bench/daily_fanout.py: it runs, posts to every chat, and the paced run never
exceeds the platform limit while the unpaced baseline does."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from tests.support.paths import ROOT


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("daily_fanout", ROOT / "bench/daily_fanout.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


async def test_the_fan_out_bench_runs_and_paces() -> None:
    bench = load_bench()
    results = await bench.main(["--chats", "60"])
    day1, day2 = results["paced"]
    assert (day1.posts, day1.edits, day1.refused) == (60, 0, 0)
    assert (day2.posts, day2.edits, day2.refused) == (60, 60, 0)
    assert day1.minimum_s <= day1.fan_out_s <= 1.3 * day1.minimum_s + 1
    [baseline] = results["baseline"]
    assert baseline.posts == 60
    assert baseline.refused == 60 - bench.PLATFORM_LIMIT
