"""The terminal reads well: wrapped to its width, coloured only where colour is wanted.

Each test runs the real `quizbot play`, with answers on a pipe or typed into a real
pseudo-terminal, and reads what a person would see.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len

from adapters.terminal_view import wrap_lines
from bot.domain.models import Quiz
from bot.text.authored import shown
from tests.support.commands import quizbot
from tests.support.paths import ROOT
from tests.support.pty_terminal import Terminal

ANSWERS = "a\nb\nc\nd\na\nb\nc\nd\n"


def every_answer(quiz: Quiz) -> str:
    """One letter a line for each question of `quiz`, cycling through a-d."""
    return "".join(f"{'abcd'[number % 4]}\n" for number in range(len(quiz.questions)))


ESCAPE = "\x1b["


def environment(db: Path, lang: str, **settings: str) -> dict[str, str]:
    env = {**os.environ, "QUIZBOT_DB": str(db), "LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""}
    for name in ("COLUMNS", "NO_COLOR", "FORCE_COLOR", "TERM"):
        env.pop(name, None)
    env.update(settings)
    return env


def piped(db: Path, *args: str, lang: str = "en", answers: str = ANSWERS, **settings: str) -> str:
    """`quizbot play parallelism` with answers on a pipe; its standard output."""
    result = subprocess.run(
        [sys.executable, "-m", "adapters.cli", "play", "parallelism", "--name", "Ana", *args],
        input=answers,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment(db, lang, **settings),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def lone_link(line: str) -> bool:
    """A line holding only a URL or a file path, which must not be cut to fit."""
    return len(line.split()) == 1 and "/" in line


def too_wide(out: str, width: int) -> list[str]:
    """Lines wider than `width` cells, except a lone URL (or file path)."""
    return [line for line in out.splitlines() if cell_len(line) > width and not lone_link(line)]


@pytest.mark.parametrize("width", [60, 100])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_line_fits_the_width_columns_gives(
    tmp_path: Path, quizzes: dict[str, Quiz], width: int, lang: str
) -> None:
    quiz = quizzes["parallelism"]
    out = piped(tmp_path / "q.db", "--lang", lang, answers=every_answer(quiz), COLUMNS=str(width))
    assert too_wide(out, width) == []
    widest = max(cell_len(line) for line in out.splitlines() if not lone_link(line))
    assert width - 10 < widest <= width  # wrapped to this width, not to some other
    flowing = " ".join(out.split())
    for question in quiz.questions:
        assert " ".join(shown(question.explanation.get(lang)).split()) in flowing  # nothing lost
        for reference in question.references:
            assert reference.url in out  # whole, on one line: it can still be clicked
    assert out.count("─" * width) == len(quiz.questions) - 1  # a drawn break between questions
    assert ESCAPE not in out  # a pipe gets plain text


def test_a_pipe_is_80_columns_wide_without_columns(tmp_path: Path) -> None:
    out = piped(tmp_path / "q.db", "--lang", "en")
    assert too_wide(out, 80) == []
    assert max(cell_len(line) for line in out.splitlines() if not lone_link(line)) > 70


def test_no_color_wins_even_where_colour_is_forced(tmp_path: Path) -> None:
    forced = piped(tmp_path / "a.db", "--lang", "en", "--questions", "2", FORCE_COLOR="1")
    assert ESCAPE in forced  # the check below can fail
    plain = piped(
        tmp_path / "b.db", "--lang", "en", "--questions", "2", FORCE_COLOR="1", NO_COLOR="1"
    )
    assert "\x1b" not in plain
    assert "✅ Right!" in plain or "❌ Not quite." in plain


def test_piped_answers_play_to_the_end_with_the_table(
    tmp_path: Path, quizzes: dict[str, Quiz]
) -> None:
    quiz = quizzes["parallelism"]
    size = len(quiz.questions)
    out = piped(tmp_path / "q.db", "--lang", "en", answers=every_answer(quiz), COLUMNS="60")
    assert f"Question {size}/{size}" in out
    assert out.count("Your answer (A-D, q to quit): ") == size
    assert re.search(rf"Your score: \d+/{size}", out)
    header = re.search(r"│\s*#\s*│\s*Player\s*│\s*Points\s*│", out)
    assert header, out
    assert re.search(r"│\s*1\s*│\s*Ana\s*│\s*\d\s*│", out[header.end() :])
    assert "Press Enter" not in out  # a pipe cannot press Enter: it gets a drawn break


def test_wrapping_keeps_urls_whole_and_indents_under_a_letter() -> None:
    url = "https://example.org/" + "x" * 50
    text = f"B. Because splitting the batch into micro-batches keeps stages busy {url} end"
    lines = wrap_lines(text, 30, indent="   ")
    assert lines[0] == "B. Because splitting the batch"
    assert all(line.startswith("   ") for line in lines[1:])
    assert f"   {url}" in lines
    assert all(cell_len(line) <= 30 for line in lines if url not in line)
    assert wrap_lines("✅ Right! " + "word " * 8, 20)[0] == "✅ Right! word word"  # 2 cells


def play_on_terminal(db: Path, columns: int, **settings: str) -> Terminal:
    """Three questions of `quizbot play` on a real pseudo-terminal `columns` wide."""
    args = ["play", "parallelism", "--lang", "en", "--name", "Ana", "--questions", "3"]
    return Terminal(args, environment(db, "en", TERM="xterm-256color", **settings), columns)


def test_a_real_terminal_gets_colour_and_a_pause_after_each_explanation(tmp_path: Path) -> None:
    terminal = play_on_terminal(tmp_path / "q.db", columns=100)
    try:
        terminal.read_until("Your answer (A-D, q to quit): ")
        terminal.type("a")
        shown = terminal.read_until("Press Enter for the next question, or q to quit: ")
        assert "Question 2/3" not in shown  # the explanation stays until Enter
        assert "\x1b[1;32m✅ Right!" in shown or "\x1b[1;31m❌ Not quite." in shown
        terminal.type("")
        terminal.read_until("Question 2/3")
        terminal.read_until("Your answer (A-D, q to quit): ")
        terminal.type("b")
        terminal.read_until("Press Enter for the next question")
        terminal.type("q")
        shown = terminal.read_until("Scores are kept in")
    finally:
        code = terminal.close()
    assert code == 0
    assert "Stopped. Your answers so far are saved." in shown
    assert "you answered 2 questions of 3" in shown
    visible = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown)
    assert too_wide(visible.replace("\r", ""), 100) == []


def test_no_color_on_a_real_terminal_has_no_escape_codes(tmp_path: Path) -> None:
    terminal = play_on_terminal(tmp_path / "q.db", columns=60, NO_COLOR="1")
    try:
        terminal.read_until("Your answer (A-D, q to quit): ")
        terminal.type("a")
        terminal.read_until("Press Enter for the next question")
        terminal.type("q")
        shown = terminal.read_until("Scores are kept in")
    finally:
        code = terminal.close()
    assert code == 0
    assert "\x1b" not in shown
    assert too_wide(shown.replace("\r", ""), 60) == []


def test_wrapping_never_breaks_at_a_no_break_space() -> None:
    lines = wrap_lines("Quel problème résolvent-ils\u202f? Voici\u00a0: «\u00a0bulle\u00a0»", 27)
    assert lines == ["Quel problème", "résolvent-ils\u202f? Voici\u00a0:", "«\u00a0bulle\u00a0»"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_review_is_wrapped_and_broken_as_play_is(
    tmp_path: Path, quizzes: dict[str, Quiz], lang: str
) -> None:
    """`quizbot review` draws with play's view: every line fits, explanations whole."""
    quiz, db = quizzes["parallelism"], tmp_path / "q.db"
    played = piped(db, "--lang", lang, answers="a\n" * len(quiz.questions))
    missed = played.count("❌")
    review = quizbot(
        "review", "--name", "Ana", "--lang", lang, stdin="a\n" * missed, db=db, COLUMNS="60"
    )
    out = review.stdout
    assert review.returncode == 0, review.stderr
    assert too_wide(out, 60) == []
    assert max(cell_len(line) for line in out.splitlines() if not lone_link(line)) > 50
    flowing = " ".join(out.split())
    asked = [q for q in quiz.questions if " ".join(shown(q.prompt.get(lang)).split()) in flowing]
    assert len(asked) == missed >= 2
    for question in asked:
        assert " ".join(shown(question.explanation.get(lang)).split()) in flowing  # nothing lost
    assert out.count("─" * 60) == missed - 1  # a drawn break between questions, as in play
