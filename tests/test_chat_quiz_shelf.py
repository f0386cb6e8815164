"""The shelf of chat quizzes (bot/catalog/chat_shelf.py) on both stores: what it reads and
validates, counted through a source that wraps the real store and through the validation
function the module calls. Concurrent cold reads of a key share one read; a key naming no
quiz, or an invalid stored one, is read once; an upload or a removal afterwards is still seen;
the misses kept are bounded."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

import pytest

from bot.catalog import chat_shelf
from bot.catalog.chat_shelf import ChatQuizShelf
from bot.catalog.uploads import ReadUpload, read_upload
from bot.domain import uploads
from bot.domain.models import Quiz
from bot.domain.uploads import Removed, StoredChatQuiz, Uploaded
from bot.play.service import QuizService
from bot.storage.interface import Store
from tests.support.clocks import FakeClock
from tests.support.store_rows import NOW
from tests.support.uploads import CountingSource, RecordingFetch, gift

CHAT = "tg:-100"
INVALID = "id: capitals\nquestions: not a list\n"


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The keys the shelf validated, by wrapping the loader call it makes."""
    seen: list[str] = []
    real = chat_shelf.load_stored

    def counting(stored: StoredChatQuiz) -> Quiz:
        seen.append(stored.key)
        return real(stored)

    monkeypatch.setattr(chat_shelf, "load_stored", counting)
    return seen


def quiz_file() -> str:
    read = read_upload("capitals.gift", gift(3))
    assert isinstance(read, ReadUpload)
    return read.source


async def save(store: Store, source: str, minutes: int = 0) -> str:
    """Store the chat's `capitals` quiz; its key."""
    at = NOW + timedelta(minutes=minutes)
    saved = await store.save_chat_quiz(CHAT, "capitals", source, "capitals.yaml", "tg:1", at, 50)
    assert saved is not None
    return uploads.chat_quiz_key("capitals", saved[0])


async def test_concurrent_cold_gets_of_one_key_share_one_read(
    store: Store, validations: list[str]
) -> None:
    key = await save(store, quiz_file())
    source = CountingSource(store)
    shelf = ChatQuizShelf(source)
    found = await asyncio.gather(*(shelf.by_key(key) for _ in range(8)))
    assert found[0] is not None
    assert found[0].id == key
    assert all(quiz is found[0] for quiz in found)
    assert len(source.reads) == 1
    assert validations == [key]
    assert await shelf.by_key(key) is found[0]
    assert len(source.reads) == 1


async def test_an_invalid_stored_quiz_is_read_and_validated_once(
    store: Store, validations: list[str]
) -> None:
    key = await save(store, INVALID)
    source = CountingSource(store)
    shelf = ChatQuizShelf(source)
    assert await asyncio.gather(shelf.by_key(key), shelf.by_key(key)) == [None, None]
    assert await shelf.by_key(key) is None
    assert await shelf.of_chat(CHAT) == []  # the listing's entry is the one that failed
    assert len(source.reads) == 1
    assert validations == [key]


async def test_a_key_naming_no_quiz_is_read_once(store: Store, validations: list[str]) -> None:
    key = await save(store, quiz_file())
    serial = uploads.key_serial(key)
    source = CountingSource(store)
    shelf = ChatQuizShelf(source)
    for _ in range(3):
        assert await shelf.by_key("capitals@999999") is None
        assert await shelf.by_key(f"other@{serial}") is None  # a serial, not its id
    assert source.reads == [999999, serial]
    assert validations == []


async def test_an_upload_after_a_miss_is_found_by_another_worker(store: Store) -> None:
    """The miss is kept with the invalid row's upload time: the listing shows a newer one."""
    key = await save(store, INVALID)
    shelf = ChatQuizShelf(CountingSource(store))
    assert await shelf.by_key(key) is None
    assert await save(store, quiz_file(), minutes=1) == key  # replaced, through another worker
    [found] = await shelf.of_chat(CHAT)
    assert found.id == key
    assert await shelf.by_key(key) is found


async def test_an_upload_or_a_removal_here_after_a_miss_is_seen(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    service = QuizService(store, quizzes, clock=clock, rng=random.Random(3))
    key = await save(store, INVALID)
    chat_quizzes = service.chat_quizzes
    assert await chat_quizzes.by_key(key) is None
    outcome = await chat_quizzes.upload(
        CHAT, "tg:1", "capitals.gift", None, RecordingFetch(gift(2))
    )
    assert isinstance(outcome, Uploaded)
    assert outcome.quiz.id == key
    found = await chat_quizzes.by_key(key)
    assert found is not None
    assert len(found.questions) == 2
    assert isinstance(await chat_quizzes.remove(CHAT, "capitals"), Removed)
    assert await chat_quizzes.by_key(key) is None


async def test_the_misses_kept_are_bounded_oldest_use_first(store: Store) -> None:
    source = CountingSource(store)
    shelf = ChatQuizShelf(source, max_misses=2)
    for serial in (901, 902, 901, 903):  # 901 used again, so 902 is the one let go
        assert await shelf.by_key(f"gone@{serial}") is None
    assert source.reads == [901, 902, 903]
    assert await shelf.by_key("gone@901") is None
    assert await shelf.by_key("gone@903") is None
    assert source.reads == [901, 902, 903]
    assert await shelf.by_key("gone@902") is None
    assert source.reads == [901, 902, 903, 902]
