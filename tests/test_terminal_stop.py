"""Ctrl-C in the terminal stops at once, as `q` does: the answers given are kept, the score so
far is shown, and the exit status is 0 (so `make play` reports no error).

Each test runs the real `quizbot` on a real pseudo-terminal that is its controlling terminal,
so the ^C byte typed there reaches it as SIGINT, exactly as from a person's keyboard.
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from adapters.terminal_input import CtrlC
from tests.support.commands import quizbot
from tests.support.pty_terminal import Terminal

ANSWER = "Your answer (A-D, q to quit): "
NEXT = "Press Enter for the next question, or q to quit: "
END = "Scores are kept in"


def environment(db: Path) -> dict[str, str]:
    env = {**os.environ, "QUIZBOT_DB": str(db), "LANG": "en", "LC_ALL": "", "LC_MESSAGES": ""}
    env.pop("COLUMNS", None)
    return {**env, "NO_COLOR": "1", "TERM": "xterm"}


def ctrl_c(terminal: Terminal) -> None:
    terminal.press_ctrl_c()


def sigint(terminal: Terminal) -> None:
    """`kill -INT`, from outside the terminal."""
    terminal.process.send_signal(signal.SIGINT)


INTERRUPTS: dict[str, Callable[[Terminal], None]] = {"ctrl-c": ctrl_c, "sigint": sigint}


def play(db: Path) -> Terminal:
    args = ["play", "parallelism", "--lang", "en", "--name", "Ana", "--questions", "3"]
    return Terminal(args, environment(db))


@pytest.mark.parametrize("interrupt", sorted(INTERRUPTS))
def test_ctrl_c_at_the_answer_prompt_stops_and_keeps_the_answers(
    tmp_path: Path, interrupt: str
) -> None:
    terminal = play(tmp_path / "q.db")
    try:
        terminal.read_until(ANSWER)
        terminal.type("a")
        terminal.read_next(NEXT)
        terminal.type("")
        terminal.read_next("Question 2/3")
        before = len(terminal.read_next(ANSWER))
        INTERRUPTS[interrupt](terminal)
        shown = terminal.read_to_end()[before:]
    finally:
        code = terminal.close()
    assert code == 0, shown
    assert "Stopped. Your answers so far are saved." in shown
    assert "you answered 1 question of 3" in shown
    assert "Leaderboard" in shown
    assert END in shown
    assert "Question 3/3" not in shown  # stopped at once, not at the next Enter
    board = quizbot("leaderboard", "--lang", "en", db=tmp_path / "q.db")
    assert "Ana" in board.stdout  # the answer given was kept


def test_ctrl_c_at_the_pause_stops_too(tmp_path: Path) -> None:
    terminal = play(tmp_path / "q.db")
    try:
        terminal.read_until(ANSWER)
        terminal.type("b")
        terminal.read_next(NEXT)
        terminal.press_ctrl_c()
        shown = terminal.read_to_end()
    finally:
        code = terminal.close()
    assert code == 0, shown
    assert "Question 2/3" not in shown
    assert "you answered 1 question of 3" in shown
    assert END in shown


def review(db: Path) -> Terminal:
    """`quizbot review` for Ana, after a piped round of all A's left her misses due."""
    answers = "a\n" * 8
    played = quizbot("play", "parallelism", "--name", "Ana", "--lang", "en", stdin=answers, db=db)
    assert played.stdout.count("❌ Not quite.") >= 2, played.stdout
    return Terminal(["review", "--lang", "en", "--name", "Ana"], environment(db))


@pytest.mark.parametrize("where", ["answer", "pause"])
def test_ctrl_c_in_review_stops_with_the_tally_and_keeps_the_answers(
    tmp_path: Path, where: str
) -> None:
    terminal = review(tmp_path / "q.db")
    try:
        terminal.read_until(ANSWER)
        terminal.type("a")
        terminal.read_next(NEXT)
        if where == "answer":
            terminal.type("")
            terminal.read_next("Question 2/")
            terminal.read_next(ANSWER)
        terminal.press_ctrl_c()
        shown = terminal.read_to_end()
    finally:
        code = terminal.close()
    assert code == 0, shown
    assert "Stopped. Your answers so far are saved." in shown
    right = shown.count("✅ Right!")
    assert f"🔁 So far: {right}/1 right. The rest stay due." in shown
    assert "Review done" not in shown


def test_review_pauses_after_each_explanation_on_a_terminal(tmp_path: Path) -> None:
    terminal = review(tmp_path / "q.db")
    try:
        terminal.read_until(ANSWER)
        terminal.type("a")
        shown = terminal.read_next(NEXT)
        assert "Question 2/" not in shown  # the explanation stays until Enter
        terminal.type("q")
        terminal.read_to_end()
    finally:
        assert terminal.close() == 0


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
def test_ctrl_c_under_make_play_shows_no_make_error(tmp_path: Path) -> None:
    """The promise of the README's `make play`, run with the venv this test runs in."""
    venv = Path(sys.executable).parent.parent
    if not (venv / "bin" / "quizbot").exists():
        pytest.skip(f"no quizbot command in {venv}: the tests do not run from a venv")
    args = ["-s", "-o", f"{venv}/bin/quizbot", f"VENV={venv}", "play"]
    args.append("ARGS=--lang en --name Ana --questions 2")
    terminal = Terminal(args, environment(tmp_path / "q.db"), command=["make"])
    try:
        terminal.read_until(ANSWER)
        terminal.press_ctrl_c()
        shown = terminal.read_to_end()
    finally:
        terminal.close()
    assert "Stopped. Your answers so far are saved." in shown
    assert END in shown
    assert "make:" not in shown, shown  # as in "make: *** [Makefile:28: play] Error 130"


def test_ctrl_c_while_busy_makes_the_next_read_stop_without_reading() -> None:
    """Pressed between two prompts (a store write, drawing), Ctrl-C cuts nothing short: the
    next read returns at once, its line left unread; a second press is a way out."""
    ctrl_c, typed = CtrlC(), io.StringIO("b\n")
    with ctrl_c.watching():
        assert ctrl_c.read_line(typed) == "b\n"
        os.kill(os.getpid(), signal.SIGINT)  # busy: noted, nothing raised
        assert ctrl_c.read_line(io.StringIO("c\n")) == ""
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


def test_an_ignored_sigint_stays_ignored() -> None:
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with CtrlC().watching():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)
