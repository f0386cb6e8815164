"""What the terminal player types, for `quizbot play` and `quizbot review` alike: a line after
a prompt, an answer of any type, and the pause after an explanation.

`q`, end of input (Ctrl-D) and Ctrl-C all stop the same way: the reader returns None and the
caller keeps what was answered. Ctrl-C needs a handler of its own (`CtrlC`): `asyncio.run`'s
only cancels the main task, which a blocking `readline` never notices (the terminal echoed ^C
and waited for Enter, and a second ^C then exited 130 without the score).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TextIO

from adapters import terminal_answers
from adapters.terminal_view import TerminalView
from bot.domain.judging import Response
from bot.domain.models import Language, Question
from bot.text.i18n import t

QUIT_WORDS = {"q", "quit", "exit"}


class CtrlC:
    """Ctrl-C as a quit key for the length of a session (`watching`).

    Pressed while a line is read, it ends the read at once; pressed while the game is busy
    (a store write, drawing), it is noted and the next read returns at once, so no write is
    cut short. A second press while still busy raises KeyboardInterrupt, as a way out.
    """

    def __init__(self) -> None:
        self.pressed = False
        self.reading = False

    @contextmanager
    def watching(self) -> Iterator[None]:
        """Our SIGINT handler inside the block (main thread only: signals go there), unless
        SIGINT is ignored (`nohup`, a background job), as asyncio.run leaves it too."""
        ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        if ignored or threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = signal.signal(signal.SIGINT, self._on_sigint)
        try:
            yield
        finally:
            if previous is not None:  # None: a handler Python did not install; leave ours
                signal.signal(signal.SIGINT, previous)

    def _on_sigint(self, signum: int, frame: FrameType | None) -> None:
        pressed_before, self.pressed = self.pressed, True
        if self.reading or pressed_before:
            raise KeyboardInterrupt

    def read_line(self, stdin: TextIO) -> str:
        """One line, or "" at end of input and once Ctrl-C was pressed."""
        if self.pressed:
            return ""
        self.reading = True
        try:
            return stdin.readline()
        except KeyboardInterrupt:
            return ""
        finally:
            self.reading = False


class TerminalInput:
    """Reads the player's answers: typed after a prompt on a terminal, or piped (and then
    shown after their prompt, as a terminal would have echoed them)."""

    def __init__(self, stdin: TextIO, view: TerminalView, language: Language) -> None:
        self.stdin = stdin
        self.view = view
        self.language = language
        self.interactive = stdin.isatty()
        self.ctrl_c = CtrlC()

    def line(self, prompt: str) -> str | None:
        """One line typed after `prompt`; None on end of input, Ctrl-C or a quit word."""
        if self.interactive:
            self.view.prompt(prompt)
        line = self.ctrl_c.read_line(self.stdin)
        if not self.interactive and line:
            self.view.typed(prompt, line)
        if not line:  # end of input or ^C: the cursor is still on the prompt's line
            self.view.blank()
        if not line or line.strip().lower() in QUIT_WORDS:
            return None
        return line

    def response(self, question: Question, order: tuple[int, ...]) -> Response | None:
        """What the player answers to `question` posted with `order` (a letter, letters or a
        typed line, by type: terminal_answers), asked until it fits; None: quit."""
        prompt = terminal_answers.prompt(question, len(order), self.language)
        while True:
            line = self.line(prompt)
            if line is None:
                return None
            response = terminal_answers.read_response(question, order, line, self.language)
            if not isinstance(response, str):
                return response
            self.view.notice(response)

    def pause(self) -> bool:
        """The break after an explanation: Enter on a terminal (False if the player quit
        there); piped answers get a drawn rule instead, so they play on."""
        if not self.interactive:
            self.view.rule()
            return True
        self.view.blank()
        return self.line(t(self.language, "console.next")) is not None
