"""How the terminal looks: the solo round drawn with rich, wrapped to the terminal's width.

Colour and emphasis only on a terminal that wants them: `NO_COLOR` (any value), a pipe or a
file, or `TERM=dumb` give plain text, still wrapped (`FORCE_COLOR` forces colour into a pipe).
The width is `COLUMNS` when set, else the terminal's, else 80. Texts come from bot/text; this
module only lays them out, so console.py keeps the game and nothing else.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import TextIO

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from adapters.terminal_code import print_authored
from bot.domain.entities import Answer
from bot.domain.models import Language, Picture, Quiz
from bot.domain.rules import Leaderboard, Ranked
from bot.domain.views import QuestionView
from bot.text import answer_texts, boards, quiz_texts, render
from bot.text.authored import authored
from bot.text.i18n import t
from bot.text.markup import PLAIN, clean_name

DEFAULT_WIDTH = 80
HEADING = "bold cyan"
RIGHT, WRONG = "bold green", "bold red"
BULLET = "• "
BREAKABLE = re.compile(r"[^\S\u00a0\u202f\u2007]+")
"""Spaces a line may break at: every whitespace but the no-break ones, which French puts
before ? ! ; : and inside « » precisely so that a mark never starts a line."""


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except ValueError:  # closed
        return False


def terminal_width(stream: TextIO, environ: Mapping[str, str]) -> int:
    """COLUMNS when set, else the terminal's width, else 80 (a pipe or a file)."""
    columns = environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if _is_tty(stream):
        try:
            return os.get_terminal_size(stream.fileno()).columns or DEFAULT_WIDTH
        except (OSError, ValueError):
            pass
    return DEFAULT_WIDTH


def wants_colour(stream: TextIO, environ: Mapping[str, str]) -> bool:
    """NO_COLOR wins (no-color.org), then FORCE_COLOR (force-color.org), then: a terminal."""
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    return _is_tty(stream) and environ.get("TERM", "").lower() not in ("dumb", "unknown")


def wrap_lines(text: str, width: int, indent: str = "") -> list[str]:
    """Greedy word wrap by terminal cells (an emoji takes two); a word longer than a line,
    such as a URL, stays whole on its own line so it can still be copied or clicked.
    Continuation lines start with `indent` (a hanging indent under "A. "), or under a bullet."""
    lines: list[str] = []
    for raw in text.splitlines() or [""]:
        hanging = "  " if raw.startswith(BULLET) else indent
        line, used = "", 0
        for word in filter(None, BREAKABLE.split(raw)):
            size = cell_len(word)
            if line and used + 1 + size > width:
                lines.append(line)
                line, used = hanging + word, cell_len(hanging) + size
            elif line:
                line, used = f"{line} {word}", used + 1 + size
            else:
                line, used = word, size
        lines.append(line)
    return lines


def print_wrapped(console: Console, text: str, style: str = "", indent: str = "") -> None:
    """`text` wrapped by `wrap_lines`, each line printed whole (rich neither folds nor crops)."""
    for line in wrap_lines(text, console.width, indent):
        console.print(Text(line, style=style), no_wrap=True, overflow="ignore", crop=False)


def make_console(stream: TextIO, environ: Mapping[str, str] | None = None) -> Console:
    """A rich Console on `stream`: colour only when wanted, never markup parsing of our texts."""
    environ = os.environ if environ is None else environ
    colour = wants_colour(stream, environ)
    return Console(
        file=stream,
        width=terminal_width(stream, environ),
        color_system="auto" if colour else None,
        force_terminal=True if colour else None,  # None: rich asks the stream
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=False,
    )


class TerminalView:
    """Draws one solo round: intro, questions, verdicts, breaks, score and leaderboard."""

    def __init__(self, stream: TextIO, language: Language) -> None:
        self.console = make_console(stream)
        self.language = language

    def paragraph(self, text: str, style: str = "", indent: str = "") -> None:
        """Wrapped at word boundaries; a word longer than a line (a URL) is left whole."""
        print_wrapped(self.console, text, style, indent)

    def authored(self, text: str, indent: str = "") -> None:
        """An author's text: formulas in Unicode, code blocks highlighted (terminal_code)."""
        print_authored(self.console, text, lambda prose: self.paragraph(prose, "", indent), indent)

    def blank(self) -> None:
        self.console.print()

    def intro(self, quiz: Quiz, count: int) -> None:
        heading, _, description = quiz_texts.quiz_intro(quiz, count, self.language).partition("\n")
        self.paragraph(heading, "bold")
        self.paragraph(description)

    def question(self, view: QuestionView) -> None:
        post, language = view.post, self.language
        header = t(
            language,
            "question.header",
            title=view.quiz.title.get(language),
            number=post.number,
            total=post.total,
        )
        self.blank()
        self.paragraph(header, HEADING)
        self.blank()
        self.authored(view.question.prompt.get(language))
        self.picture(view.question.image)
        self.blank()
        for index, choice in enumerate(post.order):
            text = f"{render.letter(index)}. {view.question.choices[choice].get(language)}"
            self.authored(text, indent="   ")
        hint = answer_texts.hint(view.question, language)
        if hint is not None:
            if post.order:
                self.blank()
            self.paragraph(hint, "italic")

    def prompt(self, text: str) -> None:
        """A prompt the cursor stays after (the terminal echoes what is typed)."""
        self.console.print(Text(text, style="bold"), end="")

    def typed(self, prompt: str, line: str) -> None:
        """A prompt and the answer read from a pipe, as a terminal would have shown them."""
        self.paragraph(prompt + line.strip())

    def notice(self, text: str) -> None:
        self.paragraph(text, "yellow")

    def verdict(self, view: QuestionView, answer: Answer) -> None:
        line, *body = render.verdict_parts(view.question, view.post, answer, self.language)
        explanation = view.question.explanation
        written = explanation.get(self.language) if explanation else None
        self.blank()
        self.paragraph(line, RIGHT if answer.correct else WRONG)
        for part in body:
            self.blank()
            if written is not None and part == authored(written, PLAIN):
                self.authored(written)  # its code blocks highlighted, not flattened
            else:
                self.paragraph(part)
        if view.question.explanation_image is not None:
            self.blank()
            self.picture(view.question.explanation_image)

    def picture(self, picture: Picture | None) -> None:
        """A picture as its alt text, marked as a picture: a terminal shows no pixels."""
        if picture is not None:
            alt = picture.alt.get(self.language)
            self.paragraph(t(self.language, "console.picture", alt=alt), "italic", "   ")

    def rule(self) -> None:
        """The break between an explanation and the next question when no one presses Enter."""
        self.blank()
        self.console.rule(style="dim")

    def score(self, text: str) -> None:
        self.blank()
        self.paragraph(text, "bold")

    def leaderboard(self, board: Leaderboard, quiz: Quiz | None = None) -> None:
        """The board's title (naming `quiz`, the board's own), then a small table (or the
        catalog's 'no answers yet')."""
        language = self.language
        self.blank()
        self.paragraph(boards.leaderboard_title(board, quiz, language), "bold")
        if not board.top:
            self.paragraph(t(language, "leaderboard.empty"))
            return
        table = Table(box=box.ROUNDED, header_style="bold", pad_edge=True)
        table.add_column(t(language, "console.table.rank"), justify="right", no_wrap=True)
        table.add_column(t(language, "console.table.player"), overflow="fold")
        table.add_column(t(language, "console.table.points"), justify="right", no_wrap=True)
        for entry in board.top:
            table.add_row(*self._row(entry, board.streaks))
        if board.me is not None:
            table.add_row("…", "", "")
            table.add_row(*self._row(board.me, board.streaks), style="bold")
        self.console.print(table)

    def _row(self, entry: Ranked, streaks: Mapping[str, int]) -> tuple[str, str, str]:
        name = clean_name(entry.line.name)
        streak = streaks.get(entry.line.user_id, 0)
        if streak > 0:
            name = f"{name} {t(self.language, 'leaderboard.streak', count=streak)}"
        return str(entry.rank), name, str(entry.line.points)
