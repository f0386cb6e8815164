"""Both stores (SQLite file, PostgreSQL schema): persistence across reopen, uniqueness,
schema versions. SQLite-only checks take `sqlite_store` or build their own file."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

import pytest

from bot.domain.daily import DailyRule, NewSchedule
from bot.domain.entities import Answer, Player, PlayerFootprint
from bot.storage.interface import ConstraintError, RoundConflictError, Store, StoreError
from bot.storage.opening import open_store
from bot.storage.schema import MIGRATIONS, SCHEMA_VERSION
from bot.storage.sqlite.store import SQLiteStore
from tests.support.store_rows import NOW, new_post, new_round


async def test_everything_survives_closing_and_reopening(database: Path | str) -> None:
    store = await open_store(database)
    await store.save_player(Player("tg:1", "Ana", "fr"))
    started = await store.create_round(new_round(), NOW)
    post = await store.create_post(new_post(started.round_id))
    await store.set_post_message(post.post_id, "tg:-1:55")
    answer = Answer(post.post_id, "tg:1", 0, True, NOW + timedelta(seconds=4), 4000)
    await store.add_answer(answer, post)
    await store.close()

    reopened = await open_store(database)
    try:
        assert await reopened.player_name("tg:1") == "Ana"
        running = await reopened.running_rounds()
        assert [r.round_id for r in running] == [started.round_id]
        assert running[0].position == 1
        stored_post = await reopened.get_post(post.post_id)
        assert stored_post is not None
        assert stored_post.order == (3, 1, 0, 2)
        assert stored_post.deadline == NOW + timedelta(seconds=30)
        assert stored_post.message_ref == "tg:-1:55"
        assert await reopened.open_posts() == [stored_post]
        assert await reopened.get_answer(post.post_id, "tg:1") == answer
        scores = await reopened.round_scores(started.round_id)
        assert [(s.user_id, s.name, s.points, s.total_ms) for s in scores] == [
            ("tg:1", "Ana", 1, 4000)
        ]
    finally:
        await reopened.close()


async def test_an_answer_is_stored_once_per_post_and_user(store: Store) -> None:
    started = await store.create_round(new_round(), NOW)
    post = await store.create_post(new_post(started.round_id))
    first = Answer(post.post_id, "tg:1", 2, False, NOW, 100)
    second = Answer(post.post_id, "tg:1", 0, True, NOW, 200)
    assert await store.add_answer(first, post) == (first, True)
    assert await store.add_answer(second, post) == (first, False)
    assert await store.post_answers(post.post_id) == [first]


async def test_the_live_count_is_the_post_s_answers(store: Store) -> None:
    started = await store.create_round(new_round(), NOW)
    post = await store.create_post(new_post(started.round_id))
    other = await store.create_post(new_post(started.round_id, number=2))
    assert await store.count_answers(post.post_id) == 0
    for user in (1, 2, 3, 3):
        await store.add_answer(Answer(post.post_id, f"tg:{user}", 0, True, NOW, 100), post)
    await store.add_answer(Answer(other.post_id, "tg:1", 0, True, NOW, 100), other)
    assert await store.count_answers(post.post_id) == 3
    assert await store.count_answers(other.post_id) == 1


async def test_forgetting_a_player_erases_them_everywhere_and_nobody_else(store: Store) -> None:
    rule = DailyRule(time(9, 0), "Europe/Paris", frozenset(range(7)), timedelta(hours=1))
    await store.save_schedule(NewSchedule("tg:-1", "", rule, ("parallelism",), "fr", "tg:1", NOW))
    chats = ("tg:-1", "tg:-2")
    for chat in chats:
        started = await store.create_round(new_round(chat=chat), NOW)
        post = await store.create_post(new_post(started.round_id, chat=chat))
        for user_id, name in (("tg:1", "Ana"), ("tg:2", "Ben")):
            answer = Answer(post.post_id, user_id, 0, True, NOW + timedelta(seconds=4), 4000)
            await store.add_answer(answer, post, Player(user_id, name, "fr"))
    kept = await store.player_footprint("tg:2")
    assert await store.player_footprint("tg:1") == kept

    await store.forget_player("tg:1")

    assert await store.player_footprint("tg:1") == PlayerFootprint(0, 0, 0)
    assert await store.player_name("tg:1") is None
    assert await store.player_footprint("tg:2") == kept
    # All time, this UTC week, a Paris week, whole hours, part of an hour: each read from its
    # own table (score_totals, score_weeks, score_hours, answers); none may still hold Ana.
    monday = datetime(2026, 3, 2, tzinfo=UTC)
    periods = (None, monday, monday - timedelta(hours=1), NOW - timedelta(hours=2), NOW)
    for chat in chats:
        for since in periods:
            lines = await store.scores(chat, since)
            assert [(line.user_id, line.points) for line in lines] == [("tg:2", 1)], since
    [schedule] = await store.chat_schedules("tg:-1")
    assert schedule.created_by == ""  # the schedule goes on, without her id


async def test_a_post_closes_once(store: Store) -> None:
    started = await store.create_round(new_round(), NOW)
    post = await store.create_post(new_post(started.round_id))
    assert await store.close_post(post.post_id, NOW)
    assert not await store.close_post(post.post_id, NOW)
    assert await store.open_posts() == []


async def test_one_running_group_round_per_channel(store: Store) -> None:
    first = await store.create_round(new_round(), NOW)
    with pytest.raises(RoundConflictError):
        await store.create_round(new_round(by="tg:2"), NOW)
    other_chat = await store.create_round(new_round(chat="tg:-2"), NOW)
    assert other_chat.round_id != first.round_id
    assert await store.end_round(first.round_id, "finished", NOW)
    assert not await store.end_round(first.round_id, "stopped", NOW)
    again = await store.create_round(new_round(), NOW)
    assert again.is_running


async def test_the_same_question_number_cannot_be_posted_twice(store: Store) -> None:
    started = await store.create_round(new_round(), NOW)
    await store.create_post(new_post(started.round_id, number=1))
    with pytest.raises(ConstraintError):
        await store.create_post(new_post(started.round_id, number=1))
    assert len(await store.round_posts(started.round_id)) == 1


async def test_scores_filter_by_chat_time_and_quiz(store: Store) -> None:
    started = await store.create_round(new_round(), NOW)
    post = await store.create_post(new_post(started.round_id))
    await store.add_answer(Answer(post.post_id, "tg:1", 0, True, NOW, 10), post)
    await store.add_answer(Answer(post.post_id, "tg:2", 1, False, NOW, 20), post)
    everyone = await store.scores("tg:-1", None)
    assert sorted((s.user_id, s.points, s.answered) for s in everyone) == [
        ("tg:1", 1, 1),
        ("tg:2", 0, 1),
    ]
    assert await store.scores("tg:-1", NOW + timedelta(seconds=1)) == []
    assert await store.scores("tg:-1", None, "another-quiz") == []
    assert await store.scores("tg:-99", None) == []
    totals = await store.player_totals("tg:-1", "tg:1")
    assert (totals.answered, totals.correct, totals.correct_times) == (1, 1, (NOW,))


async def test_a_database_from_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE kept (x)")
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer quizbot"):
        await SQLiteStore.open(path)
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert tables == {"kept"}


async def test_a_file_that_is_not_a_database_gives_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("these are my notes, not a database\n" * 100)
    with pytest.raises(StoreError, match="cannot use the database"):
        await SQLiteStore.open(path)
    assert path.read_text().startswith("these are my notes")


async def test_a_nested_folder_is_created_for_the_file(tmp_path: Path) -> None:
    store = await SQLiteStore.open(tmp_path / "nested" / "quiz.db")
    await store.close()
    assert (tmp_path / "nested" / "quiz.db").exists()


async def test_wal_mode_and_current_schema(sqlite_store: SQLiteStore) -> None:
    with sqlite3.connect(sqlite_store.path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


async def test_meta_settings_survive_reopen_and_a_version_1_file_is_migrated(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as connection:
        connection.executescript(MIGRATIONS[0])
        connection.execute("PRAGMA user_version = 1")
    store = await SQLiteStore.open(path)
    assert await store.get_meta("discord.commands") is None
    await store.set_meta("discord.commands", "abc")
    await store.set_meta("discord.commands", "def")
    await store.close()
    reopened = await SQLiteStore.open(path)
    try:
        assert await reopened.get_meta("discord.commands") == "def"
    finally:
        await reopened.close()
