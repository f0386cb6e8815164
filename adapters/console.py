"""The terminal: a solo round typed line by line, on the same service as the chat bots."""

from __future__ import annotations

import getpass
import os
from typing import TextIO

from adapters.platform_ids import TERMINAL_CHAT
from adapters.terminal_input import TerminalInput
from adapters.terminal_view import TerminalView
from bot.domain.entities import Player
from bot.domain.models import Language, pick_language
from bot.domain.rules import AlreadyAnswered, Refused
from bot.domain.views import QuestionView
from bot.play.service import QuizService
from bot.text import boards, markup, render
from bot.text.i18n import t

CHAT_ID = TERMINAL_CHAT


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

    The look is TerminalView's, the reading TerminalInput's (a letter, the pause after each
    explanation; `q`, Ctrl-D and Ctrl-C stop alike); the game is here.
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
        self.view = TerminalView(stdout, language)
        self.input = TerminalInput(stdin, self.view, language)

    async def play(self, quiz_id: str, questions: int | None = None) -> bool:
        """True if the round was played to the end, False if the player left early (`q`,
        Ctrl-D, or Ctrl-C anywhere in the round)."""
        with self.input.ctrl_c.watching():
            return await self._play(quiz_id, questions)

    async def _play(self, quiz_id: str, questions: int | None) -> bool:
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
        board = await self.service.leaderboard(
            CHAT_ID, "all", self.player.user_id, quiz_id=quiz.id
        )  # this quiz's board: points of different quizzes are not one ranking
        self.view.leaderboard(board, quiz)
        return completed

    def pause(self, view: QuestionView) -> bool:
        """A clear break before the next question; False if the player quit there."""
        return view.post.number >= view.post.total or self.input.pause()

    async def ask(self, view: QuestionView) -> bool:
        """Ask one question until a valid answer comes; False on quit or end of input."""
        self.view.question(view)
        response = self.input.response(view.question, view.post.order)
        if response is None:
            return False
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
