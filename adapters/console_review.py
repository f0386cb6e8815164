"""`quizbot review [--name NAME] [--lang fr|en]`: the terminal player's due misses, in a row.

The same review runner as the chat bots; its publisher draws with `quizbot play`'s view, and the
loop reads an answer for the question it drew last (a letter, letters, or a typed answer:
adapters/terminal_answers.py), until the session sums up (or the player quits: `q`, Ctrl-D or
Ctrl-C, each keeping the answers given).
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from adapters.console import CHAT_ID, console_player, default_name
from adapters.terminal_input import TerminalInput
from adapters.terminal_view import TerminalView
from bot.domain.entities import Answer
from bot.domain.models import LANGUAGES, Language
from bot.domain.review_sessions import NothingDue, ReviewSession, ReviewSummary
from bot.domain.views import QuestionView
from bot.play.review import ReviewRunner
from bot.play.service import QuizService
from bot.text import review_steps, review_texts
from bot.text.i18n import t


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    review = commands.add_parser("review", help="review the questions you missed")
    review.add_argument("--lang", choices=LANGUAGES, help="language (default: the terminal's)")
    review.add_argument("--name", help="the same name as with `quizbot play --name`")


class ConsoleReview:
    """Draws what the runner publishes as `quizbot play` draws its round (TerminalView: wrapped
    to the width, a pause after each explanation) and reads with play's TerminalInput.

    `current` is the question waiting for a letter; `stopped` says the player quit (`q`,
    Ctrl-D or Ctrl-C), after which nothing more is shown and the unanswered stay due.
    """

    def __init__(
        self, service: QuizService, language: Language, stdin: TextIO, stdout: TextIO
    ) -> None:
        self.service = service
        self.language = language
        self.view = TerminalView(stdout, language)
        self.input = TerminalInput(stdin, self.view, language)
        self.current: QuestionView | None = None
        self.stopped = False
        self.answered = 0
        self.right = 0

    async def post_review_question(self, session: ReviewSession, view: QuestionView) -> str:
        if self.stopped or (self.answered and not self.input.pause()):
            self.stopped = True  # quit at the pause: this question stays due for next time
            return f"console:{view.post.post_id}"
        self.current = view
        opening = review_steps.opening(session, self.language)
        if opening is not None:
            self.view.blank()
            self.view.paragraph(opening)
        self.view.question(view)
        return f"console:{view.post.post_id}"

    async def show_review_verdict(
        self, session: ReviewSession, view: QuestionView, answer: Answer
    ) -> None:
        self.current = None
        self.answered += 1
        self.right += answer.correct
        self.view.verdict(view, answer)

    async def post_review_summary(self, summary: ReviewSummary) -> None:
        self.view.score(review_texts.summary(summary, self.service.clock.now(), self.language))

    def stop(self) -> None:
        """What quitting says, as in `quizbot play`: the answers are kept, and the tally."""
        self.stopped, self.current = True, None
        self.view.blank()
        self.view.paragraph(t(self.language, "console.bye"))
        if self.answered:
            tally = t(self.language, "review.stopped", count=self.right, total=self.answered)
            self.view.score(tally)


async def run_review(
    args: argparse.Namespace,
    service: QuizService,
    language: Language,
    console: ConsoleReview | None = None,
) -> int:
    """One session; 0 when done, when nothing was due, and when the player quits (kept)."""
    console = console or ConsoleReview(service, language, sys.stdin, sys.stdout)
    with console.input.ctrl_c.watching():
        return await _session(args, service, language, console)


async def _session(
    args: argparse.Namespace, service: QuizService, language: Language, console: ConsoleReview
) -> int:
    runner = ReviewRunner(service, console)
    player = console_player(args.name or default_name(), language)
    started = await runner.start(chat_id=CHAT_ID, channel_ref="", player=player)
    if isinstance(started, NothingDue):
        console.view.paragraph(review_texts.nothing_due(started, service.clock.now(), language))
        return 0
    while (view := console.current) is not None:
        response = console.input.response(view.question, view.post.order)
        if response is None:
            break
        result = await service.respond(
            chat_id=CHAT_ID, player=player, post_id=view.post.post_id, response=response
        )
        if not await runner.after_answer(result):
            console.current = None  # answered elsewhere meanwhile: nothing more here
    if console.stopped or console.current is not None:
        console.stop()
    return 0
