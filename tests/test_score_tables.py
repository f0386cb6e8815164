"""Leaderboards from the score tables equal the scan of answers, for any history and start."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.domain.entities import ScoreLine
from bot.storage.opening import open_store
from bot.storage.schema import MIGRATIONS
from bot.storage.sql.scores import plan_of
from bot.storage.sqlite.store import SQLiteStore
from tests.postgres import POSTGRES_URL, SKIP_REASON, fresh_schema
from tests.support.scan import scan_query
from tests.support.scores import CHATS, QUIZ_IDS, START, AnswerRow, minutes, since, store_answers

_files = itertools.count()
answers = st.lists(
    st.tuples(
        st.integers(0, 5),  # user
        st.sampled_from(CHATS),
        st.sampled_from(QUIZ_IDS),
        minutes,
        st.booleans(),
        st.integers(0, 30_000),
    ),
    max_size=40,
)


def lines(found: list[ScoreLine] | list[tuple[object, ...]]) -> list[tuple[object, ...]]:
    return sorted(
        (r.user_id, r.name, r.points, r.answered, r.total_ms) if isinstance(r, ScoreLine)
        else tuple(r)
        for r in found
    )  # fmt: skip


async def check(directory: Path, rows: list[tuple[int, str, str, int, bool, int]],
                start: int | None, quiz: str | None) -> None:  # fmt: skip
    await check_on(directory / f"scores-{next(_files)}.db", rows, start, quiz)


async def check_postgres(rows: list[tuple[int, str, str, int, bool, int]],
                         start: int | None, quiz: str | None) -> None:  # fmt: skip
    async with fresh_schema() as url:
        await check_on(url, rows, start, quiz)


async def check_on(target: Path | str, rows: list[AnswerRow],
                   start: int | None, quiz: str | None) -> None:  # fmt: skip
    store = await open_store(target)
    try:
        await store_answers(store, rows)
        moment = None if start is None else START + timedelta(minutes=start)
        for chat in ("tg:-1", "tg:-2"):
            sql, args = scan_query(chat, moment, quiz)
            expected = await store._rows(sql, *args)
            assert lines(await store.scores(chat, moment, quiz)) == lines(expected)
    finally:
        await store.close()


@settings(max_examples=40, deadline=None)
@given(answers, since, st.sampled_from([None, "quiz-a"]))
def test_score_tables_equal_the_scan(
    rows: list[tuple[int, str, str, int, bool, int]], start: int | None, quiz: str | None
) -> None:
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(check(Path(directory), rows, start, quiz))


@pytest.mark.skipif(not POSTGRES_URL, reason=SKIP_REASON)
@settings(max_examples=25, deadline=None)
@given(answers, since, st.sampled_from([None, "quiz-a"]))
def test_score_tables_equal_the_scan_on_postgresql(
    rows: list[tuple[int, str, str, int, bool, int]], start: int | None, quiz: str | None
) -> None:
    asyncio.run(check_postgres(rows, start, quiz))


async def test_an_existing_database_gets_its_score_tables_filled(tmp_path: Path) -> None:
    """Migration: answers stored before the score tables existed still count."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        old.executescript(MIGRATIONS[0] + "; PRAGMA user_version = 1;")
        old.execute("INSERT INTO posts VALUES (1, NULL, 'c', 'q', 'x', '0,1', 1, 1, 0, NULL, "
                    "NULL, NULL)")  # fmt: skip
        old.execute("INSERT INTO answers VALUES (1, 'u', 'c', 'q', 0, 1, 7200000, 40)")
    store = await SQLiteStore.open(path)
    try:
        assert lines(await store.scores("c", None)) == [("u", "u", 1, 1, 40)]
        half_past_one = datetime(1970, 1, 1, 1, 30, tzinfo=UTC)
        assert lines(await store.scores("c", half_past_one)) == [("u", "u", 1, 1, 40)]
        week_start = datetime(1969, 12, 29, tzinfo=UTC)  # the answer's week bucket's start
        assert plan_of("c", week_start, None)[0][0] == "weeks"
        assert lines(await store.scores("c", week_start)) == [("u", "u", 1, 1, 40)]
    finally:
        await store.close()
