"""The quizzes chats upload, in both stores (SQLite file, PostgreSQL schema): stored, listed
per chat, replaced under the same serial, removed, counted against the limits, moved with a
supergroup upgrade, copied by `quizbot db copy`, and still there after a reopen."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.storage.db_copy import copy_database
from bot.storage.interface import Store
from bot.storage.opening import open_store
from tests.postgres import fresh_schema
from tests.support.store_rows import NOW

CHAT, OTHER, NEW = "tg:-100", "tg:-200", "tg:-1000100"
HOUR = timedelta(hours=1)


async def save(store: Store, chat: str, quiz_id: str, source: str = "yaml", limit: int = 50):
    return await store.save_chat_quiz(chat, quiz_id, source, f"{quiz_id}.yaml", "tg:1", NOW, limit)


async def test_a_quiz_is_stored_listed_per_chat_and_replaced_under_its_serial(
    store: Store,
) -> None:
    first = await save(store, CHAT, "gpu", "v1")
    other = await save(store, OTHER, "gpu", "theirs")
    assert first is not None
    assert other is not None
    assert first[1] is False
    assert first[0] != other[0]
    replaced = await save(store, CHAT, "gpu", "v2")
    assert replaced == (first[0], True)
    stored = await store.chat_quiz(first[0])
    assert stored is not None
    assert (stored.chat_id, stored.quiz_id, stored.source, stored.key) == (
        CHAT, "gpu", "v2", f"gpu@{first[0]}",
    )  # fmt: skip
    assert stored.uploaded_at == NOW
    await save(store, CHAT, "alpha")
    assert [entry.quiz_id for entry in await store.chat_quiz_entries(CHAT)] == ["alpha", "gpu"]
    assert [entry.quiz_id for entry in await store.chat_quiz_entries(OTHER)] == ["gpu"]


async def test_a_removed_quiz_is_gone_from_its_chat_only(store: Store) -> None:
    mine = await save(store, CHAT, "gpu")
    await save(store, OTHER, "gpu")
    assert mine is not None
    assert await store.remove_chat_quiz(CHAT, "gpu") is True
    assert await store.remove_chat_quiz(CHAT, "gpu") is False
    assert await store.chat_quiz(mine[0]) is None
    assert await store.chat_quiz_entries(CHAT) == []
    assert len(await store.chat_quiz_entries(OTHER)) == 1


async def test_a_removed_quizs_serial_is_never_given_again(store: Store) -> None:
    """Chat A's old posts and cards name `gpu@<serial>`: after A removes the quiz, another
    chat's upload must not get that key (SQLite reuses the top rowid without AUTOINCREMENT)."""
    mine = await save(store, CHAT, "gpu")
    assert mine is not None
    assert await store.remove_chat_quiz(CHAT, "gpu") is True
    theirs = await save(store, OTHER, "gpu")
    assert theirs is not None
    assert theirs[0] != mine[0]
    assert await store.chat_quiz(mine[0]) is None


async def test_the_quiz_limit_counts_new_ids_not_replacements(store: Store) -> None:
    for number in range(3):
        assert await save(store, CHAT, f"q{number}", limit=3) is not None
    assert await save(store, CHAT, "q3", limit=3) is None
    assert await save(store, CHAT, "q1", limit=3) is not None  # a replacement
    assert await save(store, OTHER, "q3", limit=3) is not None  # another chat's own count


async def test_uploads_are_counted_per_chat_over_the_last_hour(store: Store) -> None:
    for minute in range(3):
        at = NOW + timedelta(minutes=minute)
        assert await store.record_upload(CHAT, "tg:1", at, at - HOUR, 10) == minute + 1
    await store.record_upload(OTHER, "tg:2", NOW, NOW - HOUR, 10)
    assert await store.uploads_since(CHAT, NOW - HOUR) == 3
    later = NOW + HOUR
    assert await store.uploads_since(CHAT, later - HOUR) == 2  # the first is an hour old
    assert await store.record_upload(CHAT, "tg:1", later, later - HOUR, 10) == 3
    assert await store.uploads_since(OTHER, NOW - HOUR) == 1


async def test_a_supergroup_upgrade_moves_the_chat_s_quizzes_and_keys(store: Store) -> None:
    moving = await save(store, CHAT, "gpu")
    await save(store, CHAT, "both", "old chat's")
    kept = await save(store, NEW, "both", "new chat's")
    await store.record_upload(CHAT, "tg:1", NOW, NOW - HOUR, 10)
    assert moving is not None
    assert kept is not None
    assert await store.move_chat(CHAT, NEW, NOW) > 0
    assert await store.chat_quiz_entries(CHAT) == []
    entries = {entry.quiz_id: entry.serial for entry in await store.chat_quiz_entries(NEW)}
    assert entries == {"both": kept[0], "gpu": moving[0]}  # the new chat's own id wins
    assert await store.uploads_since(NEW, NOW - HOUR) == 1


async def test_chat_quizzes_survive_a_reopen(database: Path | str) -> None:
    store = await open_store(database)
    saved = await save(store, CHAT, "gpu", "the file")
    await store.record_upload(CHAT, "tg:1", NOW, NOW - HOUR, 10)
    await store.close()
    assert saved is not None
    reopened = await open_store(database)
    try:
        stored = await reopened.chat_quiz(saved[0])
        assert stored is not None
        assert stored.source == "the file"
        assert await reopened.uploads_since(CHAT, NOW - HOUR) == 1
    finally:
        await reopened.close()


async def test_db_copy_carries_chat_quizzes_and_their_serials(tmp_path: Path) -> None:
    source = await open_store(tmp_path / "source.db")
    await save(source, CHAT, "first")
    second = await save(source, CHAT, "second", "kept text")
    await source.close()
    assert second is not None
    async with fresh_schema() as url:
        report = await copy_database(tmp_path / "source.db", url)
        assert report.equal
        assert report.counts["chat_quizzes"] == (2, 2)
        copied = await open_store(url)
        try:
            stored = await copied.chat_quiz(second[0])
            assert stored is not None
            assert stored.source == "kept text"
            fresh = await save(copied, OTHER, "third")  # new serials do not collide
            assert fresh is not None
            assert fresh[0] > second[0]
        finally:
            await copied.close()
