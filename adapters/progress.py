"""Progress for long work on a terminal (`quizbot db copy`'s bars, `quizbot import`'s spinner),
drawn on standard error.

Only when standard error is a terminal: a pipe, a log file or CI gets the report alone, so
scripts that read the output see exactly what they saw before.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import Self, TextIO

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

from adapters.terminal_view import make_console
from bot.domain.models import Language
from bot.storage.db_copy import CopyProgress, NoProgress
from bot.text.i18n import t


class CopyBars:
    """One bar per stage of a database copy (read, write, check), each left on screen."""

    def __init__(self, stream: TextIO, language: Language) -> None:
        self.language = language
        self.bars = Progress(
            TextColumn("{task.description:<10}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=make_console(stream),
        )
        self.task: TaskID | None = None

    def __enter__(self) -> Self:
        self.bars.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.bars.stop()

    def stage(self, name: str, total: int) -> None:
        self.task = self.bars.add_task(t(self.language, f"copy.stage.{name}"), total=total)

    def advance(self, steps: int) -> None:
        if self.task is not None:
            self.bars.advance(self.task, steps)


def copy_progress(language: Language, stream: TextIO | None = None) -> CopyBars | None:
    """Bars on `stream` (standard error) if it is a terminal, else None."""
    stream = sys.stderr if stream is None else stream
    return CopyBars(stream, language) if stream.isatty() else None


@contextmanager
def working(text: str, stream: TextIO | None = None) -> Iterator[None]:
    """A spinner saying `text` while one long step runs, if standard error is a terminal."""
    stream = sys.stderr if stream is None else stream
    if not stream.isatty():
        yield
        return
    with make_console(stream).status(text):
        yield


def _conforms(bars: CopyBars, quiet: NoProgress) -> tuple[CopyProgress, CopyProgress]:
    """Checked by mypy: both implement CopyProgress."""
    return bars, quiet
