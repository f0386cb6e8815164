"""Chat quizzes' pictures in both stores (SQLite file, PostgreSQL schema): stored once by
content, read back with their quiz, replaced with it, deleted when no quiz shows them any more
(a removal, a replacement, a supergroup upgrade's merge), copied by `quizbot db copy`."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.catalog.picture_files import StoredPictures
from bot.domain.models import Picture, Text
from bot.pictures.clean import clean
from bot.storage.db_copy import copy_database
from bot.storage.interface import Store
from bot.storage.opening import open_store
from bot.storage.sql.pictures import PICTURES_MIGRATION
from tests.postgres import fresh_schema
from tests.support.migrations import roll_back_to_before
from tests.support.picture_zips import by_name, png
from tests.support.store_rows import NOW

CHAT, OTHER, NEW = "tg:-100", "tg:-200", "tg:-1000100"
RED, BLUE = clean(png("red"), "red.png"), clean(png("blue"), "blue.png")


def picture(colour: str) -> Picture:
    cleaned = RED if colour == "red" else BLUE
    return cleaned.picture(Text(f"A {colour} square"), f"{colour}.png")


async def save(
    store: Store, chat: str, quiz_id: str, pictures: dict[str, Picture], source: str = "yaml"
) -> int:
    saved = await store.save_chat_quiz(
        chat, quiz_id, source, f"{quiz_id}.yaml", "tg:1", NOW, 50, pictures
    )
    assert saved is not None
    return saved[0]


async def stored_pictures(store: Store) -> list[str]:
    rows = await store.read_rows("pictures", ["digest"])  # type: ignore[attr-defined]
    return sorted(str(row[0]) for row in rows)


async def test_a_quiz_s_pictures_come_back_with_it_by_name(store: Store) -> None:
    serial = await save(
        store, CHAT, "gpu", {"a/red.png": picture("red"), "b.png": picture("blue")}
    )
    stored = await store.chat_quiz(serial)
    assert stored is not None
    assert by_name(stored) == {"a/red.png": RED.data, "b.png": BLUE.data}
    assert [p.name for p in stored.pictures] == ["a/red.png", "b.png"]
    first = stored.pictures[0]
    assert (first.media_type, first.width, first.height) == ("image/png", 30, 20)
    assert StoredPictures(stored.pictures).cleaned("a/red.png").digest == RED.digest
    assert await stored_pictures(store) == sorted([RED.digest, BLUE.digest])
    bare = await save(store, CHAT, "plain", {})
    found = await store.chat_quiz(bare)
    assert found is not None
    assert found.pictures == ()


async def test_a_picture_two_quizzes_show_is_stored_once_and_kept_while_one_shows_it(
    store: Store,
) -> None:
    await save(store, CHAT, "gpu", {"red.png": picture("red")})
    await save(store, OTHER, "gpu", {"same.png": picture("red"), "blue.png": picture("blue")})
    assert await store.count_rows("pictures") == 2  # type: ignore[attr-defined]
    assert await store.remove_chat_quiz(OTHER, "gpu") is True
    assert await stored_pictures(store) == [RED.digest]  # blue was OTHER's only
    assert await store.remove_chat_quiz(CHAT, "gpu") is True
    assert await stored_pictures(store) == []
    assert await store.count_rows("chat_quiz_pictures") == 0  # type: ignore[attr-defined]


async def test_a_replacement_s_pictures_replace_the_old_ones(store: Store) -> None:
    serial = await save(store, CHAT, "gpu", {"red.png": picture("red")})
    again = await save(store, CHAT, "gpu", {"blue.png": picture("blue")}, "v2")
    assert again == serial
    stored = await store.chat_quiz(serial)
    assert stored is not None
    assert by_name(stored) == {"blue.png": BLUE.data}
    assert await stored_pictures(store) == [BLUE.digest]
    await save(store, CHAT, "gpu", {}, "v3, no pictures")
    assert await stored_pictures(store) == []


async def test_a_refused_save_stores_no_picture(store: Store) -> None:
    await save(store, CHAT, "one", {})
    full = await store.save_chat_quiz(
        CHAT, "two", "yaml", "two.yaml", "tg:1", NOW, 1, {"red.png": picture("red")}
    )
    assert full is None
    assert await stored_pictures(store) == []


async def test_a_supergroup_upgrade_drops_the_pictures_of_the_quiz_it_drops(
    store: Store,
) -> None:
    """The new chat's quiz of the same id wins; the old one's pictures go with it."""
    moving = await save(store, CHAT, "gpu", {"red.png": picture("red")})
    await save(store, CHAT, "both", {"blue.png": picture("blue")})
    kept = await save(store, NEW, "both", {})
    assert await store.move_chat(CHAT, NEW, NOW) > 0
    assert await stored_pictures(store) == [RED.digest]
    moved = await store.chat_quiz(moving)
    assert moved is not None
    assert moved.chat_id == NEW
    assert by_name(moved) == {"red.png": RED.data}
    winner = await store.chat_quiz(kept)
    assert winner is not None
    assert winner.pictures == ()


async def test_pictures_survive_a_reopen(database: Path | str) -> None:
    store = await open_store(database)
    serial = await save(store, CHAT, "gpu", {"red.png": picture("red")})
    await store.close()
    reopened = await open_store(database)
    try:
        stored = await reopened.chat_quiz(serial)
        assert stored is not None
        assert by_name(stored) == {"red.png": RED.data}
    finally:
        await reopened.close()


async def test_db_copy_moves_pictures_both_ways(tmp_path: Path) -> None:
    source = await open_store(tmp_path / "source.db")
    serial = await save(source, CHAT, "gpu", {"red.png": picture("red"), "b.png": picture("blue")})
    await save(source, OTHER, "gpu", {"red.png": picture("red")})
    await source.close()
    async with fresh_schema() as url:
        report = await copy_database(tmp_path / "source.db", url)
        assert report.equal
        assert report.counts["pictures"] == (2, 2)
        assert report.counts["chat_quiz_pictures"] == (3, 3)
        back = await copy_database(url, tmp_path / "back.db")
        assert back.equal
    for copied_at in (tmp_path / "back.db",):
        copied = await open_store(copied_at)
        try:
            stored = await copied.chat_quiz(serial)
            assert stored is not None
            assert by_name(stored) == {"red.png": RED.data, "b.png": BLUE.data}
            assert await copied.remove_chat_quiz(CHAT, "gpu") is True
            assert await stored_pictures(copied) == [RED.digest]  # OTHER's still shows it
        finally:
            await copied.close()


async def test_uploads_and_removals_of_one_picture_at_once_never_lose_a_shown_picture(
    database: Path | str,
) -> None:
    """Two stores (two workers): chats keep removing and uploading quizzes that show the same
    picture. Whatever the interleaving, every stored quiz's picture is there, and once all
    are removed none is left (the lock orders an unlink's delete and a link's insert)."""
    first, second = await open_store(database), await open_store(database)
    try:
        chats = [f"tg:-{number}" for number in range(1, 7)]

        async def churn(store: Store, chat: str) -> None:
            for round_number in range(4):
                await save(store, chat, "gpu", {"red.png": picture("red")}, f"v{round_number}")
                assert await store.remove_chat_quiz(chat, "gpu") is True
            await save(store, chat, "gpu", {"red.png": picture("red")}, "last")

        stores = (first, second)
        await asyncio.gather(*(churn(stores[n % 2], chat) for n, chat in enumerate(chats)))
        for chat in chats:
            [entry] = await second.chat_quiz_entries(chat)
            stored = await second.chat_quiz(entry.serial)
            assert stored is not None
            assert by_name(stored) == {"red.png": RED.data}
        await asyncio.gather(
            *(stores[n % 2].remove_chat_quiz(c, "gpu") for n, c in enumerate(chats))
        )
        assert await stored_pictures(first) == []
    finally:
        await second.close()
        await first.close()


async def test_a_database_from_before_pictures_gets_their_tables_and_keeps_its_quizzes(
    database: Path | str,
) -> None:
    store = await open_store(database)
    serial = await save(store, CHAT, "gpu", {}, "the file")
    await store.close()
    await roll_back_to_before(database, PICTURES_MIGRATION)
    reopened = await open_store(database)  # migrates again
    try:
        stored = await reopened.chat_quiz(serial)
        assert stored is not None
        assert (stored.source, stored.pictures) == ("the file", ())
        await save(reopened, CHAT, "gpu", {"red.png": picture("red")})
        assert await stored_pictures(reopened) == [RED.digest]
    finally:
        await reopened.close()
