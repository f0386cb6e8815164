"""An author's text in the terminal: formulas in Unicode, code blocks highlighted.

Prose and formulas are wrapped like every paragraph (bot/text/authored.py writes the math in
Unicode); a fenced block keeps its lines and indentation, highlighted by rich's Pygments
`Syntax` when the console has colour, else printed as written (NO_COLOR, a pipe, a file).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.syntax import Syntax
from rich.text import Text

from bot.domain import spans
from bot.text.authored import authored
from bot.text.markup import PLAIN

CODE_INDENT = "    "
THEME = "ansi_dark"
"""The terminal's own ANSI palette: readable on light and dark backgrounds alike."""


def print_authored(
    console: Console, text: str, wrapped: Callable[[str], None], indent: str = ""
) -> None:
    """`text` as prose paragraphs (`wrapped` prints those) and code blocks, in order."""
    prose: list[str] = []
    for span in spans.split(text):
        if span.kind != "block":
            prose.append(span.source)
            continue
        if "".join(prose).strip():
            wrapped(authored("".join(prose).strip("\n"), PLAIN))
        prose = []
        print_code(console, span.text, span.language, indent)
    if "".join(prose).strip() or not text:
        wrapped(authored("".join(prose).strip("\n"), PLAIN))


def print_code(console: Console, code: str, language: str, indent: str = "") -> None:
    """A code block: highlighted when the console has colour, else its lines as written."""
    if console.color_system is None:
        for line in code.splitlines():
            console.print(Text(indent + CODE_INDENT + line), no_wrap=True, crop=False)
        return
    syntax = Syntax(
        code, language or "text", theme=THEME, background_color="default", word_wrap=True
    )
    console.print(syntax)
