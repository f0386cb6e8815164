"""Every formula the bundled quizzes hold (issue 31 put the bubble fraction, the boundary
traffic and the all-reduce volumes in formulas, and the third quiz is full of them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import yaml

from bot.domain.spans import Span, formulas
from tests.support.paths import QUIZZES


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
    """The formulas in every text of these YAML files (read as YAML, so every text counts,
    alt texts and titles included)."""
    found: set[Span] = set()
    for path in paths:
        for text in _strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
            found.update(formulas(text))
    return found


def every_formula() -> list[Span]:
    """The bundled quizzes' formulas, each once, in a stable order."""
    found = formulas_in(sorted(QUIZZES.glob("*.yaml")))
    return sorted(found, key=lambda span: (span.kind, span.text))
