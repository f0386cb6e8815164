"""A picture's file_id per bot (bot/storage/sql/sent_files.py), on both backends: kept,
replaced, forgotten only when it is the refused one, and the migration from the version before."""

from __future__ import annotations

from pathlib import Path

from bot.storage.interface import Store
from bot.storage.opening import open_store
from bot.storage.sql.sent_files import SENT_FILES_MIGRATION
from tests.support.clocks import FakeClock
from tests.support.migrations import roll_back_to_before

BOT, OTHER = "tg:4242", "tg:99"
DIGEST = "ab" * 32


async def test_a_file_id_is_kept_per_bot_and_picture(store: Store, clock: FakeClock) -> None:
    assert await store.sent_file(BOT, DIGEST) is None
    await store.keep_sent_file(BOT, DIGEST, "AgAC-1", clock.now())
    assert await store.sent_file(BOT, DIGEST) == "AgAC-1"
    assert await store.sent_file(OTHER, DIGEST) is None  # a file_id serves its own bot
    assert await store.sent_file(BOT, "cd" * 32) is None
    await store.keep_sent_file(BOT, DIGEST, "AgAC-2", clock.now())  # uploaded again
    assert await store.sent_file(BOT, DIGEST) == "AgAC-2"


async def test_only_the_refused_file_id_is_forgotten(store: Store, clock: FakeClock) -> None:
    await store.keep_sent_file(BOT, DIGEST, "AgAC-new", clock.now())
    await store.forget_sent_file(BOT, DIGEST, "AgAC-old")  # another worker's fresh id stays
    assert await store.sent_file(BOT, DIGEST) == "AgAC-new"
    await store.forget_sent_file(BOT, DIGEST, "AgAC-new")
    assert await store.sent_file(BOT, DIGEST) is None


async def test_the_migration_adds_the_table(database: Path | str, clock: FakeClock) -> None:
    store = await open_store(database)
    await store.keep_sent_file(BOT, DIGEST, "AgAC-1", clock.now())
    await store.close()
    await roll_back_to_before(database, SENT_FILES_MIGRATION)
    store = await open_store(database)
    try:
        assert await store.sent_file(BOT, DIGEST) is None  # the table is new again, and empty
        await store.keep_sent_file(BOT, DIGEST, "AgAC-2", clock.now())
        assert await store.sent_file(BOT, DIGEST) == "AgAC-2"
    finally:
        await store.close()
