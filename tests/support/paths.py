"""Where the repository, its bundled quizzes and the corpus of broken quiz files are."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUIZZES = ROOT / "quizzes"
BROKEN = ROOT / "tests" / "corpus" / "broken"
TYPES = ROOT / "tests" / "corpus" / "types"
"""Quizzes of format 3 with every question type (issue 27)."""
EXPECT = "# expect: "


def expected_problems(path: Path) -> list[str]:
    """A broken file lists, in comments at its end, exactly what validate must say."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [
        line.removeprefix(EXPECT).replace("{file}", str(path))
        for line in lines
        if line.startswith(EXPECT)
    ]


def bundled_ids() -> list[str]:
    """The ids of the bundled quizzes, read from the folder (a quiz's id is its file name), so
    tests that list them follow the content instead of repeating it."""
    return sorted(path.stem for path in QUIZZES.iterdir() if path.suffix in (".yaml", ".yml"))


REALWORLD_ENV = "QUIZBOT_REALWORLD_DIR"


def find_realworld_dir(start: Path | None = None) -> Path | None:
    """Real files other tools wrote (``shared/realworld`` beside the repository, or
    ``$QUIZBOT_REALWORLD_DIR``); None where neither is there, and tests then skip saying so.
    They are read in place, never copied into the repository (their licences differ)."""
    env = os.environ.get(REALWORLD_ENV)
    if env:
        return Path(env)
    for parent in (start or ROOT).resolve().parents:
        candidate = parent / "shared" / "realworld"
        if candidate.is_dir():
            return candidate
    return None
