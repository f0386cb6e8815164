"""Start-up: loading and validating 100 quizzes × 100 questions (target ≤ 1 s).

Quiz files are the bundled quiz with its questions repeated under new ids (PyYAML writes
the repeated texts as anchors and aliases: 3 MB of YAML, the same 10,000 questions once
loaded). `load_catalog` is timed three ways, each the median of 3 runs, interleaved with the
baselines':

- cold, no cache: every file parsed and validated (QUIZBOT_CACHE=off);
- cold, empty cache: the same, plus writing the cache (a first start, or after an upgrade);
- warm: the cache is there and every file unchanged, so nothing is validated again; the
  files are still read and hashed, and the code fingerprint computed, as at a real start.

Baselines, same run: `yaml.safe_load` of the same files (the pure-Python parser, as before)
and `yaml.load` with libyaml's `CSafeLoader` (parsing only: no line numbers, no checks).

    python bench/startup.py [--quick]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from _common import QUIZZES, arguments, median, scratch, table

from bot import quiz_cache
from bot.catalog import load_catalog

REPEATS = 3


def write_quizzes(folder: Path, quizzes: int, questions: int) -> None:
    source = yaml.safe_load((QUIZZES / "parallelism.yaml").read_text(encoding="utf-8"))
    originals = source["questions"]
    for number in range(quizzes):
        quiz_id = f"bench-{number:03}"
        generated = [
            {**originals[index % len(originals)], "id": f"q{index:03}"}
            for index in range(questions)
        ]
        text = yaml.safe_dump(
            {**source, "id": quiz_id, "questions": generated}, allow_unicode=True, sort_keys=False
        )
        (folder / f"{quiz_id}.yaml").write_text(text, encoding="utf-8")


def timed(action: Callable[[], object]) -> float:
    began = time.perf_counter()
    action()
    return time.perf_counter() - began


LIBYAML: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse(files: list[Path], loader: Any) -> list[object]:
    """The baselines: `yaml.safe_load` is `yaml.load` with SafeLoader."""
    return [yaml.load(f.read_text(encoding="utf-8"), Loader=loader) for f in files]


def start(folder: Path, cache: Path | None) -> object:
    """One start's load, computing the code fingerprint again as a new process would."""
    quiz_cache.code_fingerprint.cache_clear()
    return load_catalog(folder, cache)


def cold_with_cache(folder: Path) -> float:
    with scratch() as cache:
        return timed(lambda: start(folder, cache))


def main() -> None:
    quick = arguments(__doc__ or "").quick
    quizzes, questions = (5, 20) if quick else (100, 100)
    with scratch() as folder, scratch() as cache:
        write_quizzes(folder, quizzes, questions)
        files = sorted(folder.glob("*.yaml"))
        loaded = start(folder, None)
        assert len(loaded) == quizzes
        assert start(folder, cache) == loaded  # fills the cache for the warm runs
        runs: dict[str, list[float]] = {}
        for _ in range(REPEATS):  # interleaved, so that the machine's load weighs on all alike
            for name, action in (
                ("cold", lambda: timed(lambda: start(folder, None))),
                ("first", lambda: cold_with_cache(folder)),
                ("warm", lambda: timed(lambda: start(folder, cache))),
                ("pure", lambda: timed(lambda: parse(files, yaml.SafeLoader))),
                ("libyaml", lambda: timed(lambda: parse(files, LIBYAML))),
            ):
                runs.setdefault(name, []).append(action())
        assert start(folder, cache) == loaded
    cold, first, warm, pure, libyaml = (
        median(runs[name]) for name in ("cold", "first", "warm", "pure", "libyaml")
    )
    print(
        table(
            [
                "quizzes × questions",
                "cold s, no cache (target ≤ 1)",
                "cold s, writing the cache",
                "warm s, cache present",
                "yaml.safe_load s",
                "CSafeLoader s",
                "cold / safe_load",
                "warm / safe_load",
            ],
            [
                [
                    f"{quizzes} × {questions}",
                    f"{cold:.3f}",
                    f"{first:.3f}",
                    f"{warm:.3f}",
                    f"{pure:.3f}",
                    f"{libyaml:.3f}",
                    f"{cold / pure:.2f}",
                    f"{warm / pure:.2f}",
                ]
            ],
        )
    )


if __name__ == "__main__":
    main()
