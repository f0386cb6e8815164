"""Chat quizzes read back from the store and kept by key, for the bots and the report pages.

The store holds each chat quiz as the quiz file made of its upload; reading one is the
loader's full validation, so what was read is kept here by key with its upload time. A chat's
listing (one index read) says whether a kept quiz was replaced meanwhile, maybe by another
worker; a key alone (a post, a schedule, a card names it) is trusted once read.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import Protocol

from bot.catalog.loader import QuizError
from bot.catalog.uploads import load_stored
from bot.domain import uploads
from bot.domain.models import Quiz
from bot.domain.uploads import ChatQuizEntry, StoredChatQuiz

log = logging.getLogger(__name__)


class ChatQuizSource(Protocol):
    """What the shelf reads: the bots' Store and the report's read-only store both have it."""

    async def chat_quiz_entries(self, chat_id: str) -> list[ChatQuizEntry]: ...

    async def chat_quiz(self, serial: int) -> StoredChatQuiz | None: ...


class ChatQuizShelf:
    """Chat quizzes by key, read on demand from a store."""

    def __init__(self, source: ChatQuizSource) -> None:
        self.source = source
        self._by_key: dict[str, tuple[datetime, Quiz]] = {}
        """Chat quizzes by key, with the upload time they were read at."""

    def cached(self, key: str) -> Quiz | None:
        """A chat quiz already read here (no I/O): the hot path of a press."""
        found = self._by_key.get(key)
        return None if found is None else found[1]

    def put(self, stored: StoredChatQuiz, quiz: Quiz) -> None:
        self._by_key[stored.key] = (stored.uploaded_at, quiz)

    def drop(self, key: str) -> None:
        self._by_key.pop(key, None)

    async def by_key(self, key: str) -> Quiz | None:
        """A chat quiz by its key; None if it was removed, or the key is no chat quiz's."""
        found = self.cached(key)
        serial = uploads.key_serial(key)
        if found is not None or serial is None:
            return found
        stored = await self.source.chat_quiz(serial)
        return None if stored is None or stored.key != key else await self._read(stored)

    async def of_chat(self, chat_id: str) -> list[Quiz]:
        """The chat's own quizzes, by id, as the store has them now."""
        quizzes = []
        for entry in await self.source.chat_quiz_entries(chat_id):
            quiz = await self.fresh(entry)
            if quiz is not None:
                quizzes.append(quiz)
        return quizzes

    async def fresh(self, entry: ChatQuizEntry) -> Quiz | None:
        """The quiz of a listing's entry: the kept one unless it was replaced since."""
        found = self._by_key.get(entry.key)
        if found is not None and found[0] == entry.uploaded_at:
            return found[1]
        stored = await self.source.chat_quiz(entry.serial)
        return None if stored is None else await self._read(stored)

    async def _read(self, stored: StoredChatQuiz) -> Quiz | None:
        try:
            quiz = await asyncio.to_thread(load_stored, stored)
        except QuizError:  # stored by a version whose rules were looser: skipped, said so
            log.warning("chat quiz %s no longer validates; it is not offered", stored.key)
            return None
        self.put(stored, quiz)
        return quiz
