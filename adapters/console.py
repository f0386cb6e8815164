"""The terminal: a solo round typed line by line, on the same service as the chat bots."""

from __future__ import annotations

import getpass
import os
from typing import TextIO

from adapters import terminal_answers
from adapters.terminal_view import TerminalView
from bot.domain.entities import Player
from bot.domain.models import Language, pick_language
from bot.domain.rules import AlreadyAnswered, Refused
from bot.domain.views import QuestionView
from bot.play.service import QuizService
from bot.text import boards, markup, render
from bot.text.i18n import t

CHAT_ID = "console"
QUIT_WORDS = {"q", "quit", "exit"}


def default_language() -> Language:
    """The terminal's language (LC_ALL, LC_MESSAGES or LANG), English otherwise."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return pick_language(value)
    return "en"


def default_name() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "player"


def console_player(name: str, language: Language) -> Player:
    shown = markup.clean_name(name)
    return Player(f"console:{shown.casefold()}", shown, language)


class ConsoleGame:
    """Plays one solo round: show a question, read an answer, tell the verdict, repeat.

    The look is TerminalView's; reading stdin stays here. A pause after each explanation
    waits for Enter on a terminal; piped answers get a drawn break instead, so they play on.
    """

    def __init__(
        self,
        service: QuizService,
        player: Player,
        language: Language,
        stdin: TextIO,
        stdout: TextIO,
    ) -> None:
        self.service = service
        self.player = player
        self.language = language
        self.stdin = stdin
        self.view = TerminalView(stdout, language)
        self.interactive = stdin.isatty()

    async def play(self, quiz_id: str, questions: int | None = None) -> bool:
        """True if the round was played to the end, False if the player left early."""
        quiz = self.service.quiz(quiz_id)
        stale = await self.service.running_round(CHAT_ID, "", "solo", self.player.user_id)
        if stale is not None:  # left by a previous run that was killed
            await self.service.finish_round(stale.round_id, stopped=True)
        current = await self.service.start_round(
            chat_id=CHAT_ID, player=self.player, quiz_id=quiz.id, mode="solo", questions=questions
        )
        self.view.intro(quiz, current.total)
        completed = True
        while (view := await self.service.post_next(current.round_id)) is not None:
            answered = await self.ask(view)
            if answered:
                await self.service.close(view.post.post_id)
            if not answered or not self.pause(view):
                completed = False
                break
        summary = await self.service.finish_round(current.round_id, stopped=not completed)
        if not completed:
            self.view.blank()
            self.view.paragraph(t(self.language, "console.bye"))
        if summary is not None:
            points = sum(entry.line.points for entry in summary.ranking)
            count = sum(entry.line.answered for entry in summary.ranking)
            total = current.total
            self.view.score(boards.solo_score(points, count, total, self.language))
        board = await self.service.leaderboard(CHAT_ID, "all", self.player.user_id)
        self.view.leaderboard(board)
        return completed

    def read(self, prompt: str) -> str | None:
        """One line typed after `prompt`; None on end of input, Ctrl-C or a quit word."""
        if self.interactive:
            self.view.prompt(prompt)
        try:
            line = self.stdin.readline()
        except KeyboardInterrupt:
            line = ""
        if not self.interactive and line:
            self.view.typed(prompt, line)
        if not line:  # end of input: the cursor is still after the prompt
            self.view.blank()
        if not line or line.strip().lower() in QUIT_WORDS:
            return None
        return line

    def pause(self, view: QuestionView) -> bool:
        """A clear break before the next question; False if the player quit there."""
        if view.post.number >= view.post.total:
            return True
        if not self.interactive:
            self.view.rule()
            return True
        self.view.blank()
        return self.read(t(self.language, "console.next")) is not None

    async def ask(self, view: QuestionView) -> bool:
        """Ask one question until a valid answer comes; False on quit or end of input."""
        self.view.question(view)
        count = len(view.post.order)
        while True:
            line = self.read(terminal_answers.prompt(view.question, count, self.language))
            if line is None:
                return False
            response = terminal_answers.read_response(
                view.question, view.post.order, line, self.language
            )
            if not isinstance(response, str):
                break
            self.view.notice(response)
        result = await self.service.respond(
            chat_id=CHAT_ID, player=self.player, post_id=view.post.post_id, response=response
        )
        outcome = result.outcome
        if isinstance(outcome, AlreadyAnswered):
            first = outcome.first
            self.view.notice(
                render.already_answered(view.post, first, self.language, view.question)
            )
        elif isinstance(outcome, Refused):
            self.view.notice(render.refusal(outcome.reason, self.language))
        else:
            self.view.verdict(view, outcome.answer)
        return True
