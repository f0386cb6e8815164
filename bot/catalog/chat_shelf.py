"""Chat quizzes read back from the store and kept by key, for the bots and the report pages.

The store holds each chat quiz as the quiz file made of its upload; reading one is the
loader's full validation, so what was read is kept here by key with its upload time, and so
is a miss: a key that names no stored quiz, or one that no longer validates (kept boundedly,
most recently used last, since anyone can forge a key). A chat's listing (one index read)
says whether a kept quiz or miss was replaced meanwhile, maybe by another worker; a key alone
(a post, a schedule, a card names it) is trusted once read. Concurrent reads of one key share
a single store read and validation.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.catalog.loader import QuizError
from bot.catalog.uploads import load_stored
from bot.domain import uploads
from bot.domain.models import Quiz
from bot.domain.uploads import ChatQuizEntry, StoredChatQuiz

log = logging.getLogger(__name__)

MAX_MISSES = 1024
"""Misses kept at most: each is a key and a time, so this bounds what forged keys can fill."""


class ChatQuizSource(Protocol):
    """What the shelf reads: the bots' Store and the report's read-only store both have it."""

    async def chat_quiz_entries(self, chat_id: str) -> list[ChatQuizEntry]: ...

    async def chat_quiz(self, serial: int) -> StoredChatQuiz | None: ...


@dataclass(frozen=True, slots=True)
class _Read:
    """What one read of a key found: the row's upload time (None: no row), its quiz (None:
    no row, or a row that no longer validates)."""

    uploaded_at: datetime | None
    quiz: Quiz | None


class ChatQuizShelf:
    """Chat quizzes by key, read on demand from a store."""

    def __init__(self, source: ChatQuizSource, max_misses: int = MAX_MISSES) -> None:
        self.source = source
        self.max_misses = max_misses
        self._by_key: dict[str, tuple[datetime, Quiz]] = {}
        """Chat quizzes by key, with the upload time they were read at."""
        self._misses: OrderedDict[str, datetime | None] = OrderedDict()
        """Keys read to no quiz: the invalid row's upload time, or None when there was none."""
        self._reading: dict[str, asyncio.Task[_Read]] = {}
        """Reads in flight by key, which a concurrent cold read of the same key awaits."""

    def cached(self, key: str) -> Quiz | None:
        """A chat quiz already read here (no I/O): the hot path of a press."""
        found = self._by_key.get(key)
        return None if found is None else found[1]

    def put(self, stored: StoredChatQuiz, quiz: Quiz) -> None:
        self._misses.pop(stored.key, None)
        self._by_key[stored.key] = (stored.uploaded_at, quiz)

    def drop(self, key: str) -> None:
        self._by_key.pop(key, None)
        self._misses.pop(key, None)

    async def by_key(self, key: str) -> Quiz | None:
        """A chat quiz by its key; None if it was removed, or the key is no chat quiz's."""
        found = self.cached(key)
        serial = uploads.key_serial(key)
        if found is not None or serial is None:
            return found
        if key in self._misses:
            self._misses.move_to_end(key)
            return None
        return (await self._shared_read(key, serial)).quiz

    async def of_chat(self, chat_id: str) -> list[Quiz]:
        """The chat's own quizzes, by id, as the store has them now."""
        quizzes = []
        for entry in await self.source.chat_quiz_entries(chat_id):
            quiz = await self.fresh(entry)
            if quiz is not None:
                quizzes.append(quiz)
        return quizzes

    async def fresh(self, entry: ChatQuizEntry) -> Quiz | None:
        """The quiz of a listing's entry: the kept one (or miss) unless it was replaced since."""
        found = self._by_key.get(entry.key)
        if found is not None and found[0] == entry.uploaded_at:
            return found[1]
        if entry.key in self._misses and self._misses[entry.key] == entry.uploaded_at:
            self._misses.move_to_end(entry.key)
            return None
        read = await self._shared_read(entry.key, entry.serial)
        if read.uploaded_at is not None and read.uploaded_at < entry.uploaded_at:
            read = await self._shared_read(entry.key, entry.serial)  # that one began before
        return read.quiz

    async def _shared_read(self, key: str, serial: int) -> _Read:
        """The read in flight for `key`, or a new one; shielded, so a waiter cancelled (a
        timed-out press) cancels nobody else's."""
        task = self._reading.get(key)
        if task is None:
            task = asyncio.create_task(self._read(key, serial))
            self._reading[key] = task
            task.add_done_callback(lambda _: self._reading.pop(key, None))
        return await asyncio.shield(task)

    async def _read(self, key: str, serial: int) -> _Read:
        stored = await self.source.chat_quiz(serial)
        if stored is None or stored.key != key:
            self._miss(key, None)
            return _Read(None, None)
        try:
            quiz = await asyncio.to_thread(load_stored, stored)
        except QuizError:  # stored by a version whose rules were looser: skipped, said so
            log.warning("chat quiz %s no longer validates; it is not offered", key)
            self._miss(key, stored.uploaded_at)
            return _Read(stored.uploaded_at, None)
        kept = self._by_key.get(key)
        if kept is None or kept[0] <= stored.uploaded_at:  # an upload here may have been quicker
            self.put(stored, quiz)
        return _Read(stored.uploaded_at, quiz)

    def _miss(self, key: str, uploaded_at: datetime | None) -> None:
        if key in self._by_key:  # an upload here while this read was in flight
            return
        self._misses[key] = uploaded_at
        self._misses.move_to_end(key)
        while len(self._misses) > self.max_misses:
            self._misses.popitem(last=False)
