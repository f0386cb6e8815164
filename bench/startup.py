"""Start-up: loading and validating 100 quizzes × 100 questions (target ≤ 1 s).

Quiz files are the bundled quiz with its questions repeated under new ids. Baseline, same
run: `yaml.safe_load` of the same files (parsing only, no line numbers, no checks).

    python bench/startup.py [--quick]
"""

from __future__ import annotations

import time
from pathlib import Path

import yaml
from _common import QUIZZES, arguments, median, scratch, table

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


def timed(action: object) -> float:
    began = time.perf_counter()
    action()  # type: ignore[operator]
    return time.perf_counter() - began


def main() -> None:
    quick = arguments(__doc__ or "").quick
    quizzes, questions = (5, 20) if quick else (100, 100)
    with scratch() as folder:
        write_quizzes(folder, quizzes, questions)
        files = sorted(folder.glob("*.yaml"))
        loaded = load_catalog(folder)
        assert len(loaded) == quizzes
        ours = median([timed(lambda: load_catalog(folder)) for _ in range(REPEATS)])
        parse = median(
            [
                timed(lambda: [yaml.safe_load(f.read_text(encoding="utf-8")) for f in files])
                for _ in range(REPEATS)
            ]
        )
    print(
        table(
            ["quizzes × questions", "load + validate s (target ≤ 1)", "yaml.safe_load s", "ratio"],
            [[f"{quizzes} × {questions}", f"{ours:.3f}", f"{parse:.3f}", f"{ours / parse:.2f}"]],
        )
    )


if __name__ == "__main__":
    main()
