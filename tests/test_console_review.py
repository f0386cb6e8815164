"""`quizbot review`: the terminal player's misses come back, and leave once answered right."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from adapters.console import CHAT_ID, console_player
from adapters.console_review import ConsoleReview, run_review
from bot.domain.models import LETTERS, Language, Quiz
from bot.domain.review import Reviewer, make_scheduler
from bot.play.service import QuizService
from bot.text.i18n import t
from tests.support.clocks import FakeClock
from tests.support.commands import quizbot


class RightAnswers(io.StringIO):
    """Types the right letter of the question the console shows (so a test can pass)."""

    console: ConsoleReview

    def readline(self, size: int | None = -1) -> str:
        view = self.console.current
        assert view is not None
        return LETTERS[view.post.correct_letter_index(view.question)] + "\n"


def unwrapped(out: io.StringIO) -> str:
    """What the console wrote, its lines (wrapped to 80 columns) joined again."""
    return " ".join(out.getvalue().split())


def answering_right(service: QuizService, language: Language, out: io.StringIO) -> ConsoleReview:
    """A console whose player types the right letter of each question it shows."""
    answers = RightAnswers()
    answers.console = ConsoleReview(service, language, answers, out)
    return answers.console


async def play_missing(service: QuizService, missed: set[int]) -> list[str]:
    """A terminal round of the whole quiz by Ana, wrong on the questions numbered in `missed`."""
    player = console_player("Ana", "en")
    started = await service.start_round(
        chat_id=CHAT_ID, player=player, quiz_id="parallelism", mode="solo"
    )
    prompts = []
    while (view := await service.post_next(started.round_id)) is not None:
        right = view.post.correct_letter_index(view.question)
        wrong = view.post.number in missed
        letter = (right + 1) % len(view.post.order) if wrong else right
        await service.press(
            chat_id=CHAT_ID, player=player, post_id=view.post.post_id, letter_index=letter
        )
        await service.close(view.post.post_id)
        if wrong:
            prompts.append(view.question.prompt.en)
    await service.finish_round(started.round_id)
    return prompts


async def test_the_misses_come_back_and_right_answers_leave_nothing_due(
    service: QuizService, clock: FakeClock, quizzes: dict[str, Quiz]
) -> None:
    service.store.writer.reviewer = Reviewer(make_scheduler(fuzzing=False))  # type: ignore[attr-defined]
    missed = await play_missing(service, {2, 5})
    clock.advance(600)
    out = io.StringIO()
    args = argparse.Namespace(name="Ana", lang="en")
    assert await run_review(args, service, "en", answering_right(service, "en", out)) == 0
    shown = [
        q.prompt.en for q in quizzes["parallelism"].questions if q.prompt.en in unwrapped(out)
    ]
    assert sorted(shown) == sorted(missed)
    assert "🔁 Review: 2 questions you missed, most overdue first." in unwrapped(out)
    assert out.getvalue().count("✅ Right!") == 2
    assert "🔁 Review done: 2/2 right. Your next review is due on 2026-03-03" in unwrapped(out)
    assert await service.store.count_due("console:ana", clock.now()) == 0
    again = io.StringIO()
    await run_review(args, service, "en", answering_right(service, "en", again))
    assert unwrapped(again).startswith(
        "Nothing to review right now. Your next review is due on 2026-03-03 at 09:10 (UTC)."
    )


async def test_the_next_review_is_shown_in_the_chats_zone(
    service: QuizService, clock: FakeClock
) -> None:
    """Paris is UTC+1 in March: the same moment reads 10:10, named, in both languages."""
    service.store.writer.reviewer = Reviewer(make_scheduler(fuzzing=False))  # type: ignore[attr-defined]
    await play_missing(service, {2})
    clock.advance(600)
    console = answering_right(service, "en", io.StringIO())
    await run_review(argparse.Namespace(name="Ana", lang="en"), service, "en", console)
    assert await service.zones.set(CHAT_ID, "europe/paris") is not None
    for language, expected in [
        ("en", "on 2026-03-03 at 10:10 (Europe/Paris)."),
        ("fr", "le 2026-03-03 à 10:10 (Europe/Paris)."),
    ]:
        out = io.StringIO()
        args = argparse.Namespace(name="Ana", lang=language)
        console = ConsoleReview(service, language, io.StringIO(), out)
        await run_review(args, service, language, console)
        assert unwrapped(out).endswith(expected), out.getvalue()


def test_nothing_to_review_is_said_plainly(tmp_path: Path) -> None:
    result = quizbot("review", "--name", "Nobody", "--lang", "fr", db=tmp_path / "q.db")
    assert result.returncode == 0, result.stderr
    assert t("fr", "review.no_deck") in result.stdout


def test_a_missed_question_comes_back_in_the_terminal(tmp_path: Path) -> None:
    db = tmp_path / "q.db"
    played = quizbot(
        "play", "parallelism", "--name", "Léa", "--lang", "en", stdin="a\n" * 8, db=db
    )
    missed = played.stdout.count("❌ Not quite.")
    reviewed = quizbot("review", "--name", "Léa", "--lang", "en", stdin="q\n", db=db)
    assert reviewed.returncode == 0, reviewed.stderr
    assert t("en", "review.intro", count=missed) in reviewed.stdout
    assert "Question 1/" in reviewed.stdout


async def test_starting_again_closes_the_question_left_unanswered(
    service: QuizService, clock: FakeClock
) -> None:
    from bot.play.review import ReviewRunner

    await play_missing(service, {1, 3})
    console = ConsoleReview(service, "en", io.StringIO(), io.StringIO())
    runner = ReviewRunner(service, console)
    player = console_player("Ana", "en")
    await runner.start(chat_id=CHAT_ID, channel_ref="", player=player)
    left = console.current
    assert left is not None
    await runner.start(chat_id=CHAT_ID, channel_ref="", player=player)
    closed = await service.store.get_post(left.post.post_id)
    assert closed is not None
    assert closed.closed_at is not None
    assert console.current is not None
    assert console.current.post.post_id != left.post.post_id
    assert console.current.post.number == 1  # a fresh session of the same two
