"""The terminal as a newcomer meets it: `quizbot` processes with answers piped on stdin."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from bot.domain.models import Quiz
from bot.text.authored import shown
from tests.support.commands import quizbot
from tests.support.paths import bundled_ids


def words(text: str) -> str:
    """Text with its line breaks and runs of spaces as single spaces: the terminal wraps."""
    return " ".join(text.split())


def board_row(rank: int, name: str, points: int) -> re.Pattern[str]:
    """A row of the leaderboard table the round ends with."""
    return re.compile(rf"│\s*{rank}\s*│\s*{re.escape(name)}\s*│\s*{points}\s*│")


def stored_answers(db: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT user_id, correct FROM answers").fetchall()


def letters(count: int, alphabet: str = "ABCD") -> str:
    """`count` answers typed one a line, cycling through the letters."""
    return "".join(f"{alphabet[i % len(alphabet)]}\n" for i in range(count))


def test_a_whole_quiz_in_english(tmp_path: Path, quizzes: dict[str, Quiz]) -> None:
    db = tmp_path / "q.db"
    quiz = quizzes["parallelism"]
    size = len(quiz.questions)
    result = quizbot(
        "play", "parallelism", "--lang", "en", "--name", "Ana", stdin=letters(size), db=db
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for number in range(1, size + 1):
        assert f"{quiz.title.en} · Question {number}/{size}" in out
    for question in quiz.questions:
        assert words(shown(question.explanation.en)) in words(out)
    verdicts = out.count("✅ Right!") + out.count("❌ Not quite.")
    assert verdicts == size
    answers = stored_answers(db)
    score = sum(correct for _, correct in answers)
    assert len(answers) == size
    assert f"Your score: {score}/{size}" in out
    assert board_row(1, "Ana", score).search(out), out


def test_a_whole_quiz_in_french(tmp_path: Path, quizzes: dict[str, Quiz]) -> None:
    quiz = quizzes["parallelism"]
    size = len(quiz.questions)
    result = quizbot(
        "play",
        "parallelism",
        "--lang",
        "fr",
        "--name",
        "Zoé",
        stdin=letters(size, "abcd"),
        db=tmp_path / "q.db",
    )
    assert result.returncode == 0, result.stderr
    assert f"{quiz.title.fr} · Question 3/{size}" in result.stdout
    for question in quiz.questions:
        assert words(shown(question.explanation.fr)) in words(result.stdout)
    assert "Votre score\u00a0: " in result.stdout
    assert "🏆 Classement, depuis le début" in result.stdout


def test_the_terminal_language_is_the_default(tmp_path: Path) -> None:
    result = quizbot(
        "play",
        "parallelism",
        "--questions",
        "1",
        "--name",
        "Luc",
        stdin="a\n",
        db=tmp_path / "q.db",
        lang="fr_FR.UTF-8",
    )
    assert "Question 1/1" in result.stdout
    assert "Votre score" in result.stdout


def test_invalid_letters_are_asked_again(tmp_path: Path) -> None:
    db = tmp_path / "q.db"
    result = quizbot(
        "play", "parallelism", "--lang", "en", "--questions", "1", stdin="x\nE\n\nBB\nb\n", db=db
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("Please type one letter from A to D, or q to quit.") == 4
    assert len(stored_answers(db)) == 1


def test_end_of_input_stops_cleanly_and_keeps_the_answers(
    tmp_path: Path, quizzes: dict[str, Quiz]
) -> None:
    db = tmp_path / "q.db"
    size = len(quizzes["parallelism"].questions)
    result = quizbot(
        "play", "parallelism", "--lang", "en", "--name", "Ana", stdin="a\nb\nc\n", db=db
    )
    assert result.returncode == 0
    assert "Traceback" not in result.stderr
    assert "Stopped. Your answers so far are saved." in result.stdout
    assert f"Question 4/{size}" in result.stdout
    answers = stored_answers(db)
    assert len(answers) == 3
    score = sum(correct for _, correct in answers)
    assert f"Your score: {score}/3 (you answered 3 questions of {size})" in result.stdout
    again = quizbot("play", "parallelism", "--lang", "en", "--name", "Ana", stdin="q\n", db=db)
    assert again.returncode == 0, again.stderr
    assert len(stored_answers(db)) == 3


def test_unknown_quiz_names_the_known_ones(tmp_path: Path) -> None:
    result = quizbot("play", "chemistry", "--lang", "en", db=tmp_path / "q.db")
    assert result.returncode == 1
    known = bundled_ids()
    assert "parallelism" in known
    assert result.stderr.strip() == (
        f"I don't know a quiz called “chemistry”. Quizzes you can play: {', '.join(known)}."
    )


@pytest.mark.parametrize("count", ["0", "one more than the quiz has", "-2"])
def test_question_count_out_of_range(tmp_path: Path, count: str, quizzes: dict[str, Quiz]) -> None:
    size = len(quizzes["parallelism"].questions)
    typed = str(size + 1) if count.startswith("one more") else count
    result = quizbot(
        "play", "parallelism", "--lang", "en", "--questions", typed, db=tmp_path / "q.db"
    )
    assert result.returncode == 2
    assert result.stderr.strip() == f"--questions must be a whole number from 1 to {size}."


def test_list_and_leaderboard(tmp_path: Path, quizzes: dict[str, Quiz]) -> None:
    db = tmp_path / "q.db"
    listing = quizbot("list", "--lang", "en", db=db)
    assert listing.stdout.splitlines() == [
        f"{quiz.id} · {quiz.title.en} · {len(quiz.questions)} questions · {quiz.difficulty}"
        for quiz in (quizzes[name] for name in bundled_ids())
    ]
    empty = quizbot("leaderboard", "--lang", "en", db=db)
    assert "No answers yet" in empty.stdout
    quizbot("play", "parallelism", "--questions", "2", "--name", "Ana", stdin="a\na\n", db=db)
    quizbot("play", "parallelism", "--questions", "2", "--name", "Ben", stdin="b\nb\n", db=db)
    board = quizbot("leaderboard", "--lang", "en", "--period", "today", db=db)
    assert board.returncode == 0
    lines = board.stdout.splitlines()
    assert lines[0] == "🏆 Leaderboard, today (UTC)"  # the zone "today" starts in
    assert {line.split(". ")[1].split(":")[0] for line in lines[1:]} == {"Ana", "Ben"}


def test_an_unusable_database_path_is_one_clear_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = quizbot("play", "parallelism", db=blocker / "q.db")
    assert result.returncode == 1
    assert result.stderr.startswith("quizbot: cannot open the database")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("lang", "heading"),
    [
        ("en", "🏆 Leaderboard, all time, {title}"),
        ("fr", "🏆 Classement, depuis le début, {title}"),
    ],
)
def test_the_board_after_a_round_is_this_quizs_own(
    tmp_path: Path, quizzes: dict[str, Quiz], lang: str, heading: str
) -> None:
    """Ben played another quiz only: he is not on this quiz's board, which says whose it is."""
    db, deep = tmp_path / "q.db", quizzes["parallelism-deep"]
    other = quizbot(
        "play", deep.id, "--lang", lang, "--name", "Ben", stdin=letters(len(deep.questions)), db=db
    )
    assert other.returncode == 0, other.stderr
    assert "Ben" in other.stdout.split("🏆")[-1]  # on the board of the quiz he played
    result = quizbot(
        "play", "parallelism", "--lang", lang, "--name", "Ana", "--questions", "1",
        stdin="a\n", db=db,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    board = result.stdout.split("🏆")[-1]
    title = quizzes["parallelism"].title.get(lang)
    assert words(heading.format(title=title)) in words("🏆" + board)
    assert "Ana" in board
    assert "Ben" not in board
