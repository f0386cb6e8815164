"""The terminal: a solo round typed letter by letter, on the same service as the chat bots."""

from __future__ import annotations

import getpass
import os
from typing import TextIO

from bot.domain.entities import Player
from bot.domain.models import LETTERS, Language, pick_language
from bot.domain.rules import AlreadyAnswered, Refused
from bot.domain.views import QuestionView
from bot.play.service import QuizService
from bot.text import boards as board_render
from bot.text import markup, render
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
    """Plays one solo round: show a question, read a letter, tell the verdict, repeat."""

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
        self.stdout = stdout

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    async def play(self, quiz_id: str, questions: int | None = None) -> bool:
        """True if the round was played to the end, False if the player left early."""
        quiz = self.service.quiz(quiz_id)
        stale = await self.service.running_round(CHAT_ID, "", "solo", self.player.user_id)
        if stale is not None:  # left by a previous run that was killed
            await self.service.finish_round(stale.round_id, stopped=True)
        current = await self.service.start_round(
            chat_id=CHAT_ID, player=self.player, quiz_id=quiz.id, mode="solo", questions=questions
        )
        self.say(render.quiz_intro(quiz, current.total, self.language))
        completed = True
        while (view := await self.service.post_next(current.round_id)) is not None:
            if not await self.ask(view):
                completed = False
                break
            await self.service.close(view.post.post_id)
        summary = await self.service.finish_round(current.round_id, stopped=not completed)
        self.say()
        if not completed:
            self.say(t(self.language, "console.bye"))
        if summary is not None:
            points = sum(entry.line.points for entry in summary.ranking)
            answered = sum(entry.line.answered for entry in summary.ranking)
            self.say(board_render.solo_score(points, answered, current.total, self.language))
        board = await self.service.leaderboard(CHAT_ID, "all", self.player.user_id)
        self.say()
        self.say(board_render.leaderboard(board, None, self.language))
        return completed

    async def ask(self, view: QuestionView) -> bool:
        """Ask one question until a valid letter comes; False on quit or end of input."""
        card = render.question_card(view.quiz, view.question, view.post, self.language)
        self.say()
        self.say(card.text)
        last = LETTERS[len(view.post.order) - 1]
        while True:
            self.stdout.write(t(self.language, "console.prompt", first="A", last=last))
            self.stdout.flush()
            try:
                line = self.stdin.readline()
            except KeyboardInterrupt:
                line = ""
            if line and not self.stdin.isatty():
                self.stdout.write(line if line.endswith("\n") else line + "\n")
            if not line or line.strip().lower() in QUIT_WORDS:
                self.say()
                return False
            typed = line.strip().upper()
            if len(typed) == 1 and typed in LETTERS[: len(view.post.order)]:
                break
            self.say(t(self.language, "console.bad_letter", first="A", last=last))
        result = await self.service.press(
            chat_id=CHAT_ID,
            player=self.player,
            post_id=view.post.post_id,
            letter_index=LETTERS.index(typed),
        )
        outcome = result.outcome
        if isinstance(outcome, AlreadyAnswered):
            self.say(render.already_answered(view.post, outcome.first, self.language))
        elif isinstance(outcome, Refused):
            self.say(render.refusal(outcome.reason, self.language))
        else:
            self.say()
            self.say(render.verdict(view.question, view.post, outcome.answer, self.language))
        return True
