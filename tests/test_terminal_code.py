"""The terminal shows an author's formulas in Unicode and highlights code, except under
NO_COLOR or in a pipe, where code is printed as written (adapters/terminal_code.py)."""

from __future__ import annotations

import io

import pytest

from adapters.terminal_view import TerminalView

PROMPT = "Cost of $\\alpha^2$ and `x<y`:\n```python\nif a < b:\n    total += 1\n```\nThen $t_f$."


def shown(monkeypatch: pytest.MonkeyPatch, **environ: str) -> str:
    for name in ("NO_COLOR", "FORCE_COLOR", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    stream = io.StringIO()
    TerminalView(stream, "en").authored(PROMPT)
    return stream.getvalue()


def test_a_pipe_gets_unicode_math_and_code_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    assert shown(monkeypatch).splitlines() == [
        "Cost of α² and x<y:",
        "    if a < b:",
        "        total += 1",
        "Then t_f.",
    ]


def test_a_colour_terminal_highlights_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    output = shown(monkeypatch, FORCE_COLOR="1")
    code_lines = [line for line in output.splitlines() if "total" in line or "if" in line]
    assert all("\x1b[" in line for line in code_lines)
    assert "Cost of α² and x<y:" in output


def test_no_color_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "\x1b[" not in shown(monkeypatch, FORCE_COLOR="1", NO_COLOR="1")
