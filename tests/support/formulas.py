"""Every formula the bundled quizzes hold, and those they will hold once the drafts land
(docs/drafts/: the third quiz, and the patch that puts formulas in the other two)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import yaml

from bot.domain.spans import Span, formulas
from tests.support.paths import QUIZZES, ROOT

DRAFTS = ROOT / "docs" / "drafts"
PATCH = DRAFTS / "format-3-formulas.patch"


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def formulas_in(paths: list[Path]) -> set[Span]:
    """The formulas in every text of these YAML files (read as YAML: the loader may not read
    a draft yet, e.g. its `image` key)."""
    found: set[Span] = set()
    for path in paths:
        for text in _strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
            found.update(formulas(text))
    return found


def patched_quizzes(folder: Path) -> list[Path]:
    """The bundled quizzes copied under `folder` with the draft patch applied."""
    shutil.copytree(QUIZZES, folder / "quizzes")
    subprocess.run(["git", "apply", str(PATCH)], cwd=folder, check=True, capture_output=True)
    return sorted((folder / "quizzes").glob("*.yaml"))


def every_formula(folder: Path) -> list[Span]:
    """Bundled, patched and drafted formulas, each once, in a stable order."""
    paths = [*QUIZZES.glob("*.yaml"), *patched_quizzes(folder), *DRAFTS.glob("*.yaml")]
    return sorted(formulas_in(paths), key=lambda span: (span.kind, span.text))
