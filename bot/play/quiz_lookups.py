"""Finding a quiz where a chat plays it: the bundled ones, and that chat's own uploads.

A chat quiz is found by its shown id only in the chat that uploaded it; by its key
(`<id>@<serial>`) wherever a post, a round, a schedule or a review card already names it.
Part of QuizService (a base class), so the service stays one object for the adapters.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain import uploads
from bot.domain.models import Language, Quiz
from bot.play.chat_quizzes import ChatQuizzes


class UnknownQuizError(LookupError):
    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(name)
        self.name = name
        self.known = known


class QuizLookups:
    """The lookups of QuizService: the bundled `quiz`/`catalog`, and the chat-aware `quiz_in`,
    `catalog_in`, `matching_in`, `quiz_of`."""

    quizzes: dict[str, Quiz]
    chat_quizzes: ChatQuizzes

    def quiz(self, name: str) -> Quiz:
        """A bundled quiz by id (the terminal plays only those)."""
        quiz = self.quizzes.get(name.strip().lower())
        if quiz is None:
            raise UnknownQuizError(name, sorted(self.quizzes))
        return quiz

    def catalog(self) -> list[Quiz]:
        """The bundled quizzes in the order every list shows them (by id)."""
        return sorted(self.quizzes.values(), key=lambda quiz: quiz.id)

    async def quiz_of(self, key: str) -> Quiz | None:
        """The quiz a stored row names (bundled id or chat quiz key); None once removed.
        A bundled quiz is a dict read: a press on its post reads nothing more."""
        found = self.quizzes.get(key)
        if found is not None:
            return found
        return self.chat_quizzes.cached(key) or await self.chat_quizzes.by_key(key)

    async def quizzes_of(self, keys: Sequence[str]) -> list[Quiz]:
        """The quizzes stored rows name (a schedule's), leaving out the ones removed since."""
        found = [await self.quiz_of(key) for key in keys]
        return [quiz for quiz in found if quiz is not None]

    async def quiz_in(self, chat_id: str, name: str) -> Quiz:
        """The quiz a chat means by `name` (an id, or a key from an autocompletion), or
        UnknownQuizError listing what that chat can play."""
        wanted = name.strip().lower()
        found = self.quizzes.get(wanted)
        if found is not None:
            return found
        own = await self.chat_quizzes.of_chat(chat_id)
        for quiz in own:
            if wanted in (quiz.id, uploads.shown_id(quiz.id)):
                return quiz
        known = sorted(self.quizzes) + [uploads.shown_id(quiz.id) for quiz in own]
        raise UnknownQuizError(name, known)

    async def catalog_in(self, chat_id: str) -> list[Quiz]:
        """What a chat can play, in the order lists show it: the bundled quizzes by id, then
        the chat's own by id (`uploads.is_chat_quiz` tells them apart)."""
        return self.catalog() + await self.chat_quizzes.of_chat(chat_id)

    async def matching_in(self, chat_id: str, typed: str, language: Language) -> list[Quiz]:
        """The chat's quizzes whose shown id or title (in `language`) contains what was typed."""
        wanted = typed.strip().lower()
        return [
            quiz
            for quiz in await self.catalog_in(chat_id)
            if wanted in uploads.shown_id(quiz.id) or wanted in quiz.title.get(language).lower()
        ]
