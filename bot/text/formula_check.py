"""What `quizbot validate` says of a text's formulas: each must be one a chat can show.

A formula Unicode shows faithfully still has to parse, and any other one is posted as a
picture, so each is read by mathtext (bot/text/math_picture.py) without drawing it: its
matrices cut out first (bot/text/math_matrix.py), each cell read on its own.
"""

from __future__ import annotations

from collections.abc import Iterator

from bot.domain import spans
from bot.text.math_picture import FormulaError, check


def problems(text: str) -> Iterator[str]:
    """One message per formula of `text` that cannot be drawn, naming it and why."""
    for span in spans.formulas(text):
        try:
            check(span.text)
        except FormulaError as error:
            yield f"the formula {_quoted(span.source)} cannot be shown: {error}"


def _quoted(source: str, limit: int = 60) -> str:
    return source if len(source) <= limit else source[: limit - 1] + "…"
