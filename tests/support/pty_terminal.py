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


class Terminal:
    """`python -m adapters.cli ARGS` with stdin, stdout and stderr on one pseudo-terminal."""

    def __init__(self, args: Sequence[str], env: Mapping[str, str], columns: int = 80) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "adapters.cli", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            env=dict(env),
            close_fds=True,
        )
        os.close(slave)
        self.screen = ""

    def read_until(self, text: str, seconds: float = 30) -> str:
        """What the terminal showed up to `text` appearing (select() waits for output)."""
        deadline = time.monotonic() + seconds
        while text not in self.screen:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} never appeared in:\n{self.screen}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                chunk = self._read()
                assert chunk, f"the program ended before {text!r}:\n{self.screen}"
                self.screen += chunk
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

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")

    def close(self) -> int:
        code = self.process.wait(timeout=30)
        os.close(self.master)
        return code
