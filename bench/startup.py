"""Start-up: loading and validating 100 quizzes × 100 questions (target ≤ 1 s).

Quiz files are the bundled quiz with its questions repeated under new ids, each prompt and
explanation marked with its quiz and number so that no two questions are the same text,
written out in full as people write quizzes (no YAML anchors or aliases: ~23 MB). An
earlier version let PyYAML write the repeats as aliases, 3 MB that parsed ~7 times faster
than real files would. `load_catalog` is timed three ways, each the median of 3 runs,
interleaved with the baseline's:

- cold, no cache: every file parsed and validated (QUIZBOT_CACHE=off);
- cold, empty cache: the same, plus writing the cache (a first start, or after an upgrade);
- warm: the cache is there and every file unchanged, so nothing is validated again; the
  files are still read and hashed, and the code fingerprint computed, as at a real start.

Baselines, same run:
- `yaml.load` of the same files with libyaml's `CSafeLoader` (parsing only: no line numbers,
  no checks). The pure-Python `yaml.safe_load` baseline of earlier runs took minutes on these
  files and is gone.
- `yaml.compose` of the same files with libyaml: the nodes and their lines, no values. Every
  loader built on PyYAML that can say which line is wrong starts from these nodes (or from
  libyaml's events, which cost about four fifths as much), so this is about its floor; what
  the cold start takes beyond it is our own code.

    python bench/startup.py [--quick]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from _common import QUIZZES, arguments, median, scratch, table

from bot.catalog import cache as quiz_cache
from bot.catalog.installed import load_catalog
from bot.catalog.loader import without_cycle_collection

REPEATS = 3


class _WrittenOut(yaml.SafeDumper):
    """Every repeated value written in full, as in a quiz file a person wrote."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def write_quizzes(folder: Path, quizzes: int, questions: int) -> None:
    source = yaml.safe_load((QUIZZES / "parallelism.yaml").read_text(encoding="utf-8"))
    originals = source["questions"]
    for number in range(quizzes):
        quiz_id = f"bench-{number:03}"
        generated = []
        for index in range(questions):
            original = originals[index % len(originals)]
            mark = f" ({number}.{index})"
            generated.append(
                {
                    **original,
                    "id": f"q{index:03}",
                    "prompt": {lang: text + mark for lang, text in original["prompt"].items()},
                    "explanation": {
                        lang: text + mark for lang, text in original["explanation"].items()
                    },
                }
            )
        text = yaml.dump(
            {**source, "id": quiz_id, "questions": generated},
            Dumper=_WrittenOut,
            allow_unicode=True,
            sort_keys=False,
        )
        (folder / f"{quiz_id}.yaml").write_text(text, encoding="utf-8")


def timed(action: Callable[[], object]) -> float:
    began = time.perf_counter()
    action()
    return time.perf_counter() - began


LIBYAML: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse(files: list[Path]) -> list[object]:
    """The baseline: libyaml's parse of every file, nothing else."""
    return [yaml.load(f.read_text(encoding="utf-8"), Loader=LIBYAML) for f in files]


def compose(files: list[Path]) -> None:
    """The floor: libyaml's nodes with their lines, before any value is made of them; with the
    cycle collector paused as the loader pauses it (with it, compose takes twice as long)."""
    with without_cycle_collection():
        for file in files:
            yaml.compose(file.read_text(encoding="utf-8"), Loader=LIBYAML)


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
        megabytes = sum(f.stat().st_size for f in files) / 2**20
        loaded = start(folder, None)
        assert len(loaded) == quizzes
        assert start(folder, cache) == loaded  # fills the cache for the warm runs
        runs: dict[str, list[float]] = {}
        for _ in range(REPEATS):  # interleaved, so that the machine's load weighs on all alike
            for name, action in (
                ("cold", lambda: timed(lambda: start(folder, None))),
                ("first", lambda: cold_with_cache(folder)),
                ("warm", lambda: timed(lambda: start(folder, cache))),
                ("libyaml", lambda: timed(lambda: parse(files))),
                ("compose", lambda: timed(lambda: compose(files))),
            ):
                runs.setdefault(name, []).append(action())
        assert start(folder, cache) == loaded
    cold, first, warm, libyaml, nodes = (
        median(runs[name]) for name in ("cold", "first", "warm", "libyaml", "compose")
    )

    print(
        table(
            [
                "quizzes × questions",
                "MB of YAML",
                "cold s, no cache (target ≤ 1)",
                "cold s, writing the cache",
                "warm s, cache present",
                "CSafeLoader s (parse only)",
                "libyaml compose s (the floor with lines)",
                "cold / CSafeLoader",
                "warm / CSafeLoader",
                "cold − compose s (our code)",
            ],
            [
                [
                    f"{quizzes} × {questions}",
                    f"{megabytes:.1f}",
                    f"{cold:.3f}",
                    f"{first:.3f}",
                    f"{warm:.3f}",
                    f"{libyaml:.3f}",
                    f"{nodes:.3f}",
                    f"{cold / libyaml:.2f}",
                    f"{warm / libyaml:.2f}",
                    f"{cold - nodes:.3f}",
                ]
            ],
        )
    )


if __name__ == "__main__":
    main()
