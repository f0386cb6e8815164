"""`quizbot review [--name NAME] [--lang fr|en]`: the terminal player's due misses, in a row.

The same review runner as the chat bots; its publisher prints, and the loop reads a letter for
the question it printed last (a letter, letters, or a typed answer: adapters/terminal_answers.py),
until the session sums up (or the player quits).
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from adapters import terminal_answers
from adapters.console import CHAT_ID, QUIT_WORDS, console_player, default_name
from bot.domain.entities import Answer
from bot.domain.judging import Response
from bot.domain.models import LANGUAGES, Language
from bot.domain.review_sessions import NothingDue, ReviewSession, ReviewSummary
from bot.domain.views import QuestionView
from bot.play.review import ReviewRunner
from bot.play.service import QuizService
from bot.text import render, review_steps, review_texts
from bot.text.i18n import t


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    review = commands.add_parser("review", help="review the questions you missed")
    review.add_argument("--lang", choices=LANGUAGES, help="language (default: the terminal's)")
    review.add_argument("--name", help="the same name as with `quizbot play --name`")


class ConsoleReview:
    """Prints what the runner publishes; `current` is the question waiting for a letter."""

    def __init__(self, service: QuizService, language: Language, stdout: TextIO) -> None:
        self.service = service
        self.language = language
        self.stdout = stdout
        self.current: QuestionView | None = None

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    async def post_review_question(self, session: ReviewSession, view: QuestionView) -> str:
        self.current = view
        self.say()
        opening = review_steps.opening(session, self.language)
        if opening is not None:
            self.say(opening)
            self.say()
        self.say(render.question_card(view.quiz, view.question, view.post, self.language).text)
        return f"console:{view.post.post_id}"

    async def show_review_verdict(
        self, session: ReviewSession, view: QuestionView, answer: Answer
    ) -> None:
        self.current = None
        self.say()
        self.say(render.verdict(view.question, view.post, answer, self.language))

    async def post_review_summary(self, summary: ReviewSummary) -> None:
        self.say()
        self.say(review_texts.summary(summary, self.service.clock.now(), self.language))


async def run_review(
    args: argparse.Namespace,
    service: QuizService,
    language: Language,
    stdin: TextIO = sys.stdin,
    console: ConsoleReview | None = None,
) -> int:
    """One session: 0 when done or nothing was due, 0 too when the player quits (kept)."""
    console = console or ConsoleReview(service, language, sys.stdout)
    runner = ReviewRunner(service, console)
    player = console_player(args.name or default_name(), language)
    started = await runner.start(chat_id=CHAT_ID, channel_ref="", player=player)
    if isinstance(started, NothingDue):
        console.say(review_texts.nothing_due(started, service.clock.now(), language))
        return 0
    while (view := console.current) is not None:
        response = _read_response(console, view, stdin)
        if response is None:
            console.say(t(language, "console.bye"))
            return 0
        result = await service.respond(
            chat_id=CHAT_ID, player=player, post_id=view.post.post_id, response=response
        )
        if not await runner.after_answer(result):
            console.current = None  # answered elsewhere meanwhile: nothing more here
    return 0


def _read_response(console: ConsoleReview, view: QuestionView, stdin: TextIO) -> Response | None:
    """A response that fits the question, or None on quit or end of input."""
    language, count = console.language, len(view.post.order)
    while True:
        console.stdout.write(terminal_answers.prompt(view.question, count, language))
        console.stdout.flush()
        try:
            line = stdin.readline()
        except KeyboardInterrupt:
            line = ""
        if line and not stdin.isatty():
            console.stdout.write(line if line.endswith("\n") else line + "\n")
        if not line or line.strip().lower() in QUIT_WORDS:
            console.say()
            return None
        response = terminal_answers.read_response(view.question, view.post.order, line, language)
        if not isinstance(response, str):
            return response
        console.say(response)
