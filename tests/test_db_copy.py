"""`quizbot db copy`: SQLite → PostgreSQL → SQLite keeps every row and every leaderboard."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.domain.entities import PlayerFootprint
from bot.storage.db_copy import CopyError, copy_database
from bot.storage.opening import open_store
from tests.postgres import fresh_schema
from tests.support.databases import copy, fill
from tests.support.store_rows import NOW, new_round


async def test_a_round_trip_through_postgresql_keeps_everything(tmp_path: Path) -> None:
    source = tmp_path / "source.db"
    store = await open_store(source)
    await fill(store)
    await store.close()
    async with fresh_schema() as url:
        there = await asyncio.to_thread(copy, source, url)
        assert there.returncode == 0, there.stderr
        assert "row counts and leaderboards: equal" in there.stdout
        assert ["answers", "5", "5"] in [line.split() for line in there.stdout.splitlines()]
        board = "Name 0 1/1, Name 2 1/1, Name 4 1/1, Name 1 0/1, Name 3 0/1"
        assert f"  source: {board}\n  target: {board}\n" in there.stdout
        assert ":quizbot@" not in there.stdout, "the password is printed"
        back = await asyncio.to_thread(copy, url, tmp_path / "back.db")
        assert back.returncode == 0, back.stderr
        again = await asyncio.to_thread(copy, source, url)
        assert again.returncode == 1
        assert "is not empty" in again.stderr
        copied = await open_store(url)
        try:  # the copy is a working database: new keys do not collide with copied ones
            started = await copied.create_round(new_round(chat="tg:-2"), NOW)
            assert started.round_id == 2
        finally:
            await copied.close()
    assert back.stdout.count("equal") == 1
    returned = await open_store(tmp_path / "back.db")
    try:
        assert await returned.get_meta("discord.commands") == "abc"
        assert len(await returned.open_daily_posts()) == 1
        assert await returned.player_footprint("tg:3") == PlayerFootprint(9, 1, 1)  # + 4 rows
    finally:
        await returned.close()


async def test_a_copy_between_files_is_verified_and_never_merges(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "a.db")
    await fill(store)
    await store.close()
    report = await copy_database(tmp_path / "a.db", tmp_path / "b.db")
    assert report.equal
    assert report.counts["answers"] == (5, 5)
    with pytest.raises(CopyError, match="not empty"):
        await copy_database(tmp_path / "a.db", tmp_path / "b.db")
