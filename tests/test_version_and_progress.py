"""`quizbot --version`, and progress bars on `quizbot db copy` when a terminal watches."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from bot.storage.db_copy import copy_database
from bot.storage.opening import open_store
from tests.support.commands import quizbot
from tests.support.databases import copy, fill
from tests.support.paths import ROOT
from tests.support.pty_terminal import Terminal


def test_version_is_the_installed_package_s() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "adapters.cli", "--version"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"quizbot {metadata.version('quizbot')}\n"
    assert metadata.version("quizbot") == declared


class Recorder:
    """A CopyProgress that writes down what a bar would have shown."""

    def __init__(self) -> None:
        self.stages: list[tuple[str, int]] = []
        self.done: dict[str, int] = {}

    def stage(self, name: str, total: int) -> None:
        self.stages.append((name, total))
        self.done[name] = 0

    def advance(self, steps: int) -> None:
        self.done[self.stages[-1][0]] += steps


async def test_the_copy_reports_every_row_read_written_and_checked(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "a.db")
    await fill(store)
    await store.close()
    recorder = Recorder()
    report = await copy_database(tmp_path / "a.db", tmp_path / "b.db", recorder)
    rows = sum(source for source, _ in report.counts.values())
    assert rows > 10
    checks = len(report.counts) + len(report.boards)
    assert recorder.stages == [("read", rows), ("write", rows), ("check", checks)]
    assert recorder.done == {"read": rows, "write": rows, "check": checks}


async def test_bars_on_a_terminal_and_none_on_a_pipe(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "a.db")
    await fill(store)
    await store.close()
    env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "", "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    terminal = Terminal(["db", "copy", str(tmp_path / "a.db"), str(tmp_path / "b.db")], env)
    screen = terminal.read_to_end()
    assert terminal.close() == 0
    for stage in ("Reading", "Writing", "Checking"):
        assert stage in screen
    assert "━" in screen  # the bars
    assert "row counts and leaderboards: equal" in screen
    piped = copy(tmp_path / "a.db", tmp_path / "c.db")
    assert piped.returncode == 0
    assert piped.stderr == ""  # no bar where nobody watches
    assert "━" not in piped.stdout
    assert "row counts and leaderboards: equal" in piped.stdout


def test_an_import_shows_it_is_working_on_a_terminal_and_not_on_a_pipe(tmp_path: Path) -> None:
    source = ROOT / "tests" / "corpus" / "imports" / "moodle.gift"
    env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "", "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    terminal = Terminal(["import", str(source), "--output", str(tmp_path / "a.yaml")], env)
    screen = terminal.read_to_end()
    assert terminal.close() == 0
    assert "Importing moodle.gift…" in screen
    assert "imported from" in screen
    piped = quizbot(
        "import", str(source), "--output", str(tmp_path / "b.yaml"), db=tmp_path / "q.db"
    )
    assert piped.returncode == 0, piped.stderr
    assert "Importing" not in piped.stdout + piped.stderr  # nobody watches a pipe
    assert "imported from" in piped.stdout + piped.stderr
