"""A program on a real pseudo-terminal of a given size, typed into and read like a person."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Mapping, Sequence

from tests.support.paths import ROOT


def _take_the_terminal() -> None:
    """In the child, in a session of its own: make stdin its controlling terminal, so that
    ^C typed there sends SIGINT to it, as a shell's foreground job gets it."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """`python -m adapters.cli ARGS` (or `command`) with stdin, stdout and stderr on one
    pseudo-terminal, which is its controlling terminal: ^C typed there interrupts it."""

    def __init__(
        self,
        args: Sequence[str],
        env: Mapping[str, str],
        columns: int = 80,
        command: Sequence[str] = (sys.executable, "-m", "adapters.cli"),
    ) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        self.process = subprocess.Popen(
            [*command, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            env=dict(env),
            close_fds=True,
            start_new_session=True,
            preexec_fn=_take_the_terminal,  # runs in the child; these tests start no threads
        )
        os.close(slave)
        self.screen = ""
        self.seen = 0
        """Where the text read_until found last ends."""

    def read_until(self, text: str, seconds: float = 30, after: int = 0) -> str:
        """What the terminal showed up to `text` appearing after the first `after` characters
        (select() waits for output)."""
        deadline = time.monotonic() + seconds
        while (found := self.screen.find(text, after)) < 0:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} never appeared in:\n{self.screen}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                chunk = self._read()
                assert chunk, f"the program ended before {text!r}:\n{self.screen}"
                self.screen += chunk
        self.seen = found + len(text)
        return self.screen

    def read_to_end(self, seconds: float = 60) -> str:
        """Everything until the program closes the terminal."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"the program did not end:\n{self.screen}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                chunk = self._read()
                if not chunk:
                    return self.screen
                self.screen += chunk

    def _read(self) -> str:
        try:
            return os.read(self.master, 65536).decode("utf-8", "replace")
        except OSError:  # EIO: the program closed the terminal
            return ""

    def read_next(self, text: str, seconds: float = 30) -> str:
        """Like read_until, for a `text` shown after the one read_until found last."""
        return self.read_until(text, seconds, after=self.seen)

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")

    def press_ctrl_c(self) -> None:
        """The ^C byte, which the terminal turns into SIGINT for the program."""
        os.write(self.master, b"\x03")  # VINTR, as `stty -a` shows it: intr = ^C

    def close(self) -> int:
        code = self.process.wait(timeout=30)
        os.close(self.master)
        return code
