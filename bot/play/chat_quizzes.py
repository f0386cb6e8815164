"""The quizzes chats upload: taking an upload in, removing one, finding a chat's own.

The store holds them (every worker serves them, they survive restarts); this keeps the ones
read, by key, so a press on a chat quiz's post reads no quiz row either. A cached quiz is
checked against the chat's listing (one index read) whenever a chat's catalog is asked for,
so a replacement uploaded through another worker is seen there. The admin check is the
adapter's (platform rules): it is done before `upload` or `remove` is called.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable, Mapping
from pathlib import PurePath

from bot.catalog.chat_shelf import ChatQuizShelf
from bot.catalog.importers.cleaning import slug
from bot.catalog.uploads import ReadUpload, read_upload
from bot.domain import uploads
from bot.domain.clock import Clock
from bot.domain.models import Quiz
from bot.domain.uploads import (
    NotRemovable,
    Removed,
    Uploaded,
    UploadFailed,
    UploadOutcome,
    UploadRefusal,
    UploadRefused,
)
from bot.storage.interface import Store

Fetch = Callable[[], Awaitable[bytes]]


class ChatQuizzes:
    """`service.chat_quizzes`: uploads and removals, and the chat quizzes read so far."""

    def __init__(self, store: Store, bundled: Mapping[str, Quiz], clock: Clock) -> None:
        self.store = store
        self.bundled = bundled
        self.clock = clock
        self.shelf = ChatQuizShelf(store)

    def cached(self, key: str) -> Quiz | None:
        """A chat quiz already read here (no I/O): the hot path of a press."""
        return self.shelf.cached(key)

    async def by_key(self, key: str) -> Quiz | None:
        """A chat quiz by its key (a post, a round, a schedule or a card names it); None if
        it was removed, or is no chat quiz."""
        return await self.shelf.by_key(key)

    async def of_chat(self, chat_id: str) -> list[Quiz]:
        """The chat's own quizzes, by id, as the store has them now."""
        return await self.shelf.of_chat(chat_id)

    async def upload(
        self, chat_id: str, user_id: str, filename: str, declared_size: int | None, fetch: Fetch
    ) -> UploadOutcome:
        """Take a file in as the chat's quiz. Refuses what it can before calling `fetch` (so a
        refused upload downloads nothing), then checks the bytes, imports them in a thread
        and stores the quiz; the same id as one the chat has replaces it, keeping its key.
        The limits are checked first from reads, for a quick refusal in the usual order, then
        again by the store where it counts and saves, so uploads at once never pass one."""
        now = self.clock.now()
        since = now - uploads.RATE_WINDOW
        entries = await self.store.chat_quiz_entries(chat_id)
        guess = slug(PurePath(filename).stem, 24)
        limit = uploads.size_limit(filename)
        refused = uploads.refusal_before_download(
            declared_size,
            len(entries),
            await self.store.uploads_since(chat_id, since),
            any(entry.quiz_id == guess for entry in entries),
            limit,
        )
        if refused is not None:
            return refused
        hourly = uploads.MAX_UPLOADS_PER_HOUR  # checked again where it is counted, atomically:
        if await self.store.record_upload(chat_id, user_id, now, since, hourly) is None:
            return uploads.RATE_LIMITED  # concurrent uploads took the last ones meanwhile
        data = await fetch()
        if len(data) > limit:
            return UploadRefused(UploadRefusal.TOO_BIG, limit)
        read = await asyncio.to_thread(read_upload, filename, data)
        if isinstance(read, UploadFailed | UploadRefused):
            return read
        return await self._store(chat_id, user_id, read)

    async def _store(self, chat_id: str, user_id: str, read: ReadUpload) -> UploadOutcome:
        quiz_id = read.quiz.id
        if quiz_id in self.bundled:
            return UploadRefused(UploadRefusal.BUNDLED_ID, 0, quiz_id)
        now = self.clock.now()
        filename = f"{quiz_id}.yaml"
        saved = await self.store.save_chat_quiz(
            chat_id, quiz_id, read.source, filename, user_id, now, uploads.MAX_CHAT_QUIZZES,
            read.pictures,
        )  # fmt: skip
        if saved is None:
            return UploadRefused(UploadRefusal.TOO_MANY_QUIZZES, uploads.MAX_CHAT_QUIZZES)
        serial, replaced = saved
        key = uploads.chat_quiz_key(quiz_id, serial)
        quiz = dataclasses.replace(read.quiz, id=key, source=filename)
        stored = await self.store.chat_quiz(serial)  # its upload time as stored (ms)
        if stored is not None:
            self.shelf.put(stored, quiz)
        return Uploaded(quiz, replaced, read.warnings, read.unit, read.unused_pictures)

    async def remove(self, chat_id: str, quiz_id: str) -> Removed | NotRemovable:
        """Remove a chat's quiz by the id it shows; its answers and scores stay."""
        wanted = uploads.shown_id(quiz_id.strip().lower())
        for entry in await self.store.chat_quiz_entries(chat_id):
            if entry.quiz_id != wanted:
                continue
            quiz = await self.shelf.fresh(entry)
            if await self.store.remove_chat_quiz(chat_id, wanted):
                self.shelf.drop(entry.key)
                title = quiz.title.versions[0][1] if quiz is not None else wanted
                return Removed(wanted, title)
        return NotRemovable(wanted, wanted in self.bundled)
