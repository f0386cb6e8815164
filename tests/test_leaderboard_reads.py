"""What one leaderboard read costs in trips to the database, counted, not timed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import time, timedelta
from typing import Any

import pytest

from bot.domain.daily import DailyRecord, DailyRule, NewSchedule
from bot.domain.entities import Answer, NewPost, Player
from bot.play.service import QuizService
from bot.storage.interface import Store
from bot.storage.sqlite.store import SQLiteStore
from tests.support.clocks import FakeClock
from tests.support.store_reads import queries

CHAT = "tg:-100"


@contextmanager
def thread_hops(store: SQLiteStore) -> Iterator[list[str]]:
    """Every call aiosqlite hands to its connection thread, by function name."""
    connection: Any = store._db
    calls: list[str] = []
    original = connection._execute

    async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(getattr(fn, "__name__", repr(fn)))
        return await original(fn, *args, **kwargs)

    connection._execute = counted
    try:
        yield calls
    finally:
        del connection._execute


async def test_a_read_is_one_hop_to_the_sqlite_thread(sqlite_store: SQLiteStore) -> None:
    with thread_hops(sqlite_store) as hops:
        assert await sqlite_store.get_meta("absent") is None
        assert await sqlite_store.chats() == []
    assert len(hops) == 2


@pytest.mark.parametrize("rows", [0, 3])
async def test_rows_come_back_as_tuples(sqlite_store: SQLiteStore, rows: int) -> None:
    for number in range(rows):
        await sqlite_store.set_meta(f"k{number}", str(number))
    found = await sqlite_store._rows("SELECT key, value FROM meta ORDER BY key")
    assert found == [(f"k{n}", str(n)) for n in range(rows)]


async def answered(store: Store, clock: FakeClock, daily: bool, right: dict[int, bool]) -> None:
    """Players tg:N answer one question in CHAT, a daily one if `daily`, right or wrong."""
    now = clock.now()
    new = NewPost(CHAT, "parallelism", "q", (0, 1, 2, 3), 1, 1, now, None, None)
    if daily:
        rule = DailyRule(time(9, 0), "UTC")
        schedule = await store.save_schedule(
            NewSchedule(CHAT, "", rule, ("parallelism",), "en", "tg:1", now)
        )
        claimed = await store.claim_daily_post(schedule, now.date(), new, now + timedelta(days=1))
        assert claimed is not None
        post = await store.get_post(claimed.post_id)
    else:
        post = await store.create_post(new)
    assert post is not None
    for number, correct in right.items():
        answer = Answer(post.post_id, f"tg:{number}", 0, correct, now, 1000 * number)
        await store.add_answer(answer, post, Player(f"tg:{number}", f"P{number}"))


async def test_a_leaderboard_is_one_query_when_the_chat_has_no_daily_question(
    store: Store, service: QuizService, clock: FakeClock
) -> None:
    await answered(store, clock, daily=False, right={n: n % 2 == 0 for n in range(12)})
    await service.zones.of(CHAT)  # the chat's time zone is read once, then kept a while
    with queries(store) as statements:
        board = await service.leaderboard(CHAT, "all", "tg:11")
    assert (len(board.top), board.me is not None, board.players) == (10, True, 12)
    assert len(statements) == 1


async def test_streaks_of_every_shown_player_take_one_more_query(
    store: Store, service: QuizService, clock: FakeClock
) -> None:
    await answered(store, clock, daily=True, right={1: True, 2: True, 3: False, 4: True})
    await service.zones.of(CHAT)  # the chat's time zone is read once, then kept a while
    with queries(store) as statements:
        board = await service.leaderboard(CHAT, "today", "tg:3")
    assert board.streaks == {"tg:1": 1, "tg:2": 1, "tg:4": 1, "tg:3": 0}
    assert len(statements) == 2  # was one per shown player, after the scores


async def test_a_leaderboard_is_one_hop_to_the_sqlite_thread(
    sqlite_store: SQLiteStore, quizzes: dict[str, Any], clock: FakeClock
) -> None:
    service = QuizService(sqlite_store, quizzes, clock=clock)
    await answered(sqlite_store, clock, daily=False, right={1: True, 2: False})
    await service.zones.of(CHAT)  # the chat's time zone is read once, then kept a while
    with thread_hops(sqlite_store) as hops:
        board = await service.leaderboard(CHAT, "week", "tg:2")
    assert [entry.line.user_id for entry in board.top] == ["tg:1", "tg:2"]
    assert hops == ["_execute_fetchall"]


PER_PLAYER = (  # the query daily_record ran per player before daily_records: the reference
    "SELECT d.local_date, MAX(a.correct), MAX(CASE WHEN p.closed_at IS NULL THEN 1 ELSE 0 END) "
    "FROM daily_posts d JOIN posts p ON p.post_id = d.post_id "
    "LEFT JOIN answers a ON a.post_id = d.post_id AND a.user_id = ? "
    "WHERE d.chat_id = ? GROUP BY d.local_date ORDER BY d.local_date"
)


async def test_daily_records_of_several_players_equal_one_query_each(
    store: Store, clock: FakeClock
) -> None:
    """Two channels post on day 1 (one right answer makes the day right); day 2 is open."""
    now = clock.now()
    rule = DailyRule(time(9, 0), "UTC")
    posts = {}
    for channel, days in (("a", (0, 1)), ("b", (0,))):
        schedule = await store.save_schedule(
            NewSchedule(CHAT, channel, rule, ("parallelism",), "en", "tg:1", now)
        )
        for day in days:
            opened = now + timedelta(days=day)
            new = NewPost(CHAT, "parallelism", f"q{day}", (0, 1), 1, 1, opened, None, None)
            claimed = await store.claim_daily_post(schedule, opened.date(), new, opened)
            assert claimed is not None
            posts[channel, day] = await store.get_post(claimed.post_id)
    presses = {("a", 0, 1): True, ("b", 0, 1): False, ("a", 0, 2): False, ("a", 1, 1): True}
    for (channel, day, number), correct in presses.items():
        post = posts[channel, day]
        assert post is not None
        await store.add_answer(Answer(post.post_id, f"tg:{number}", 0, correct, now, 1), post)
    for channel in ("a", "b"):
        post = posts[channel, 0]
        assert post is not None
        await store.close_post(post.post_id, now + timedelta(hours=1))

    players = ["tg:1", "tg:2", "tg:3"]
    records = await store.daily_records(CHAT, players)
    for user_id in players:
        rows = await store._rows(PER_PLAYER, user_id, CHAT)
        outcomes = tuple(None if right is None else bool(right) for _, right, _ in rows)
        assert records[user_id] == DailyRecord(outcomes, bool(rows[-1][2]))
        assert await store.daily_record(CHAT, user_id) == records[user_id]
    assert {user: record.outcomes for user, record in records.items()} == {
        "tg:1": (True, True),
        "tg:2": (False, None),
        "tg:3": (None, None),
    }
    assert records["tg:1"].last_is_open
    assert await store.daily_records(CHAT, []) == {}
