"""The terminal plays and reviews every question type (issue 27): typed lines, letters in any
order or in order, True/False, and what the store keeps of each answer."""

from __future__ import annotations

import argparse
import io
import random
import sqlite3
from pathlib import Path

import pytest

from adapters import terminal_answers
from adapters.console import CHAT_ID, console_player
from adapters.console_review import ConsoleReview, run_review
from bot.catalog.loader import load_quiz
from bot.domain.judging import Response
from bot.domain.models import Question, Quiz
from bot.domain.review import Reviewer, make_scheduler
from bot.domain.views import QuestionView
from bot.play.service import QuizService
from bot.storage.interface import Store
from tests.support.clocks import FakeClock
from tests.support.commands import quizbot
from tests.support.paths import TYPES

QUIZ = load_quiz(TYPES / "every-type.yaml")
QUESTIONS = {question.id: question for question in QUIZ.questions}


def words(text: str) -> str:
    return " ".join(text.split())


def play(stdin: str, db: Path, lang: str) -> str:
    result = quizbot(
        "play", "every-type", "--lang", lang, "--name", "Ana", stdin=stdin, db=db,
        QUIZBOT_QUIZZES=str(TYPES),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


def stored(db: Path) -> dict[str, tuple[int, int, str | None]]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT p.question_id, a.choice, a.correct, a.response FROM answers a "
            "JOIN posts p ON p.post_id = a.post_id"
        ).fetchall()
    return {question: (choice, correct, response) for question, choice, correct, response in rows}


class RightLines(io.StringIO):
    """Types the right answer to the question the review console shows, with a typo in the
    typed one, and remembers which questions came."""

    def __init__(self, console: ConsoleReview) -> None:
        super().__init__()
        self.console = console
        self.asked: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        view = self.console.current
        assert view is not None
        self.asked.append(view.question.id)
        return ("Pariss" if view.question.id == "capital" else right_line(view)) + "\n"


def right_line(view: QuestionView) -> str:
    """What a player who knows every answer types (letters as the post shows them)."""
    question, order = view.question, view.post.order
    shown = {choice: "ABCDEFGHIJ"[index] for index, choice in enumerate(order)}
    if question.id == "capital":
        return "paris"
    if question.id == "bubble":
        return "27,3 %"
    if question.id == "stable":
        return "t"
    if question.id == "primes":
        return f"{shown[2]}, {shown[0]}".lower()
    if question.id == "steps":
        return "".join(shown[choice] for choice in range(3))
    return shown[question.answer]


def test_every_type_is_played_right_and_wrong_in_english(tmp_path: Path) -> None:
    db = tmp_path / "q.db"
    # Questions come in the file's order; letters are shuffled, so the lines below do not
    # depend on them except where a wrong answer is any other letter set.
    stdin = "Pairs\nabout a quarter\n0.2\nf\nABCD\nzz\nCBA\nCAB\nBCA\nA\n"
    out = play(stdin, db, "en")
    assert "Type your answer." in out
    assert "✅ Accepted — the spelling is Paris" in out
    assert "Please type a number, such as 0.5, or q to quit." in out
    assert "❌ Not quite. The answer is 27.27% (± 0.5%)" in out
    assert "A. True\nB. False" in out  # never shuffled
    assert "❌ Not quite. The answer is A. True" in out
    assert "Several answers are right: pick them all." in out
    assert "❌ Not quite. The answers are" in out
    assert "Picked but wrong:" in out
    assert "Please type each letter from A to C once, in order, or q to quit." in out
    answers = stored(db)
    assert answers["capital"] == (-1, 1, "Pairs")
    assert answers["bubble"] == (-1, 0, "0.2")
    assert answers["stable"] == (1, 0, None)
    assert answers["primes"] == (-1, 0, "ABCD")  # every choice picked: two extra
    assert answers["steps"][0] == -1
    assert sorted(answers["steps"][2] or "") == ["A", "B", "C"]
    points = sum(correct for _, correct, _ in answers.values())
    assert f"Your score: {points}/6" in out


def test_every_type_is_played_in_french(tmp_path: Path) -> None:
    db = tmp_path / "q.db"
    out = play("lutece\n27,27 %\nv\nAC\nABC\nA\n", db, "fr")
    assert "✅ Acceptée — l’orthographe est Lutèce" in out
    assert "Tapez votre réponse." in out
    assert "A. Vrai\nB. Faux" in out
    assert "✅ Bonne réponse\u202f! A. Vrai" in out
    assert words("✅ Bonne réponse ! 27,27\u202f% (± 0,5\u202f%)") in words(out)
    answers = stored(db)
    assert answers["capital"][1:] == (1, "lutece")
    assert answers["bubble"][1:] == (1, "27,27 %")
    assert answers["stable"][:2] == (0, 1)


@pytest.mark.parametrize(
    ("question", "line", "language", "response"),
    [
        ("primes", "AC", "en", Response((0, 2))),
        ("primes", "a, c", "en", Response((0, 2))),
        ("primes", "c a", "fr", Response((2, 0))),
        ("steps", "CAB", "en", Response((2, 0, 1))),
        ("steps", "c-a-b", "en", Response((2, 0, 1))),
        ("stable", "t", "en", Response((0,))),
        ("stable", "F", "en", Response((1,))),
        ("stable", "v", "fr", Response((0,))),
        ("stable", "faux", "fr", Response((1,))),
        ("stable", "B", "fr", Response((1,))),
        ("capital", "  Lutèce ", "fr", Response(typed="Lutèce")),
        ("bubble", "0,27", "fr", Response(typed="0,27")),
        ("sum", "b", "en", Response((1,))),
    ],
)
def test_a_typed_line_is_read_as_a_response(
    question: str, line: str, language: str, response: Response
) -> None:
    order = tuple(range(len(QUESTIONS[question].choices)))
    assert terminal_answers.read_response(QUESTIONS[question], order, line, language) == response


@pytest.mark.parametrize(
    ("question", "line", "language"),
    [
        ("primes", "AA", "en"),  # a letter twice
        ("primes", "AE", "en"),  # no E on the post
        ("primes", "", "en"),
        ("steps", "CA", "en"),  # one left out
        ("steps", "CAA", "en"),
        ("stable", "v", "en"),  # v is French
        ("stable", "t", "fr"),  # t is English
        ("stable", "C", "en"),
        ("capital", "  ", "en"),
        ("bubble", "a quarter", "en"),
        ("bubble", "27 kg", "en"),
        ("sum", "AB", "en"),
    ],
)
def test_a_line_that_does_not_fit_is_asked_again(question: str, line: str, language: str) -> None:
    found = QUESTIONS[question]
    notice = terminal_answers.read_response(
        found, tuple(range(len(found.choices))), line, language
    )
    assert isinstance(notice, str)
    assert notice.endswith(("q to quit.", "q pour quitter."))


async def play_every_type_wrong(service: QuizService) -> None:
    """A terminal round where Ana misses every question (a wrong line of each type)."""
    player = console_player("Ana", "en")
    started = await service.start_round(
        chat_id=CHAT_ID, player=player, quiz_id=QUIZ.id, mode="solo"
    )
    wrong = {"capital": Response(typed="Lyon"), "bubble": Response(typed="1"),
             "stable": Response((1,)), "primes": Response((0,))}  # fmt: skip
    while (view := await service.post_next(started.round_id)) is not None:
        question = view.question
        response = wrong.get(question.id)
        if question.id == "steps":
            response = Response(tuple(view.post.order.index(c) for c in (2, 1, 0)))
        if question.id == "sum":
            response = Response((view.post.order.index(1),))
        assert response is not None
        result = await service.respond(
            chat_id=CHAT_ID, player=player, post_id=view.post.post_id, response=response
        )
        assert result.view is not None
        await service.close(view.post.post_id)
    await service.finish_round(started.round_id)


@pytest.fixture
def typed_service(store: Store, clock: FakeClock, quizzes: dict[str, Quiz]) -> QuizService:
    return QuizService(store, {**quizzes, QUIZ.id: QUIZ}, clock=clock, rng=random.Random(7))


async def test_every_type_is_reviewed_and_a_typo_still_counts_right(
    typed_service: QuizService, clock: FakeClock
) -> None:
    service = typed_service
    service.store.writer.reviewer = Reviewer(make_scheduler(fuzzing=False))  # type: ignore[attr-defined]
    await play_every_type_wrong(service)
    assert await service.store.count_due("console:ana", clock.now()) == 6
    clock.advance(600)
    out = io.StringIO()
    console = ConsoleReview(service, "en", io.StringIO(), out)
    typist = RightLines(console)
    console.input.stdin = typist  # it types what the console shows, so it needs the console
    args = argparse.Namespace(name="Ana", lang="en")
    assert await run_review(args, service, "en", console) == 0
    text = out.getvalue()
    assert sorted(typist.asked) == sorted(QUESTIONS)
    assert "✅ Accepted — the spelling is Paris" in text
    assert "✅ Right order!" in text
    assert "✅ Right! A. True" in text
    assert "🔁 Review done: 6/6 right." in text
    # Right with a typo is Hard: FSRS keeps that card in its (zero-minute) relearning step,
    # so the spelling comes back at once; the five answered cleanly (Good) leave for days.
    due = await service.store.due_cards("console:ana", clock.now(), 10)
    assert [card.question_id for card in due] == ["capital"]


def test_question_hints_name_the_unit() -> None:
    question: Question = QUESTIONS["bubble"]
    assert terminal_answers.prompt(question, 0, "en") == "Your answer (q to quit): "
