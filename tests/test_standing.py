"""The store's leaderboard page (SQL picks the leaders) equals the engine's ranking of every
line of the scan, on both backends: ties in points and time, names that tie or are missing,
askers inside, outside or absent, any start (whole hour or not) and quiz filter."""

from __future__ import annotations

import asyncio
import dataclasses
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo, available_timezones

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.domain import rules
from bot.domain.entities import Player, ScoreLine, Standing
from bot.storage.interface import PageQuery
from bot.storage.opening import open_store
from bot.storage.sql.answers import HOUR_MS
from bot.storage.sql.rows import to_score_lines
from bot.storage.sql.scores import WEEK_EDGE_MS, plan_of, scores_query, standing_query
from tests.postgres import POSTGRES_URL, SKIP_REASON, fresh_schema
from tests.support.scan import scan_query
from tests.support.scores import CHATS, QUIZ_IDS, START, minutes, store_answers
from tests.support.scores import since as starts

names = st.dictionaries(  # user -> saved name; users left out have no row (name = their id)
    st.integers(0, 7), st.sampled_from(["Ana", "ana", "Émile", "Zoë", "ß", "😀", "tg:3", ""])
)
answers = st.lists(
    st.tuples(
        st.integers(0, 7),  # user
        st.sampled_from(CHATS),
        st.sampled_from(QUIZ_IDS),
        minutes,
        st.booleans(),
        st.sampled_from([0, 1_000, 2_000]),  # few values: equal total times are common
    ),
    max_size=40,
)
askers = st.one_of(st.none(), st.integers(0, 8))  # 8 never answers
Case = tuple[dict[int, str], list[tuple[int, str, str, int, bool, int]], int | None]


def standing_of(every: list[ScoreLine], user_id: str | None, size: int) -> Standing:
    """A Standing as its docstring defines it (what the SQL must return)."""
    edge = sorted((-line.points, line.total_ms) for line in every)[size - 1 : size]
    leaders = tuple(line for line in every if not edge or (-line.points, line.total_ms) <= edge[0])
    asker = next((line for line in every if line.user_id == user_id), None)
    ahead = 0 if asker is None else sum(line.points > asker.points for line in every)
    return Standing(leaders, asker, ahead, len(every))


async def check(target: Path | str, case: Case, quiz: str | None, asker: int | None,
                size: int) -> None:  # fmt: skip
    saved, rows, start = case
    store = await open_store(target)
    try:
        for user, name in saved.items():
            await store.save_player(Player(f"tg:{user}", name))
        await store_answers(store, rows)
        since = None if start is None else START + timedelta(minutes=start)
        user_id = None if asker is None else f"tg:{asker}"
        for chat in CHATS:
            sql, args = scan_query(chat, since, quiz)
            scanned = to_score_lines(await store._rows(sql, *args))
            standing = await store.standing(PageQuery(chat, since, quiz, user_id, size))
            page = rules.leaderboard_page(standing, user_id, "week", quiz, size)
            every = rules.rank_leaderboard(scanned)
            assert page == rules.leaderboard_view(every, user_id, "week", quiz, size)
            expected = standing_of(scanned, user_id, size)  # no more leaders than needed
            assert standing == dataclasses.replace(expected, leaders=standing.leaders)
            assert sorted(standing.leaders, key=str) == sorted(expected.leaders, key=str)
    finally:
        await store.close()


cases = st.tuples(names, answers, starts)


@settings(max_examples=60, deadline=None)
@given(cases, st.sampled_from([None, "quiz-a"]), askers, st.integers(1, 4))
def test_the_page_equals_the_engine_ranking_of_the_scan(
    case: Case, quiz: str | None, asker: int | None, size: int
) -> None:
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(check(Path(directory) / "quiz.db", case, quiz, asker, size))


@pytest.mark.skipif(not POSTGRES_URL, reason=SKIP_REASON)
@settings(max_examples=30, deadline=None)
@given(cases, st.sampled_from([None, "quiz-a"]), askers, st.integers(1, 4))
def test_the_page_equals_the_engine_ranking_of_the_scan_on_postgresql(
    case: Case, quiz: str | None, asker: int | None, size: int
) -> None:
    async def run() -> None:
        async with fresh_schema() as url:
            await check(url, case, quiz, asker, size)

    asyncio.run(run())


lines = st.lists(
    st.builds(
        ScoreLine,
        st.sampled_from([f"u{n}" for n in range(8)]),
        st.sampled_from(["Ana", "ana", "Zoë", ""]),
        st.integers(0, 3),
        st.integers(1, 5),
        st.sampled_from([0, 10, 20]),
    ),
    max_size=12,
    unique_by=lambda line: line.user_id,
)


@settings(max_examples=500)
@given(lines, st.one_of(st.none(), st.sampled_from(["u0", "u3", "u9"])), st.integers(1, 5))
def test_a_standing_gives_the_board_of_all_the_lines(
    every: list[ScoreLine], user_id: str | None, size: int
) -> None:
    page = rules.leaderboard_page(standing_of(every, user_id, size), user_id, "all", None, size)
    expected = rules.leaderboard_view(rules.rank_leaderboard(every), user_id, "all", None, size)
    assert page == expected


@pytest.mark.parametrize("zone", ["Europe/Paris", "Asia/Kolkata"])
def test_answers_are_read_only_before_the_first_whole_hour(zone: str) -> None:
    midnight = rules.period_start("today", START + timedelta(hours=12), ZoneInfo(zone))
    whole_hour = zone == "Europe/Paris"
    for sql, _ in (
        scores_query("c", midnight, None),
        standing_query(PageQuery("c", midnight, None, None, 10)),
    ):
        assert ("FROM answers" in sql) is not whole_hour


@pytest.mark.parametrize(
    "now", [datetime(2026, 3, 6, 16, tzinfo=UTC), datetime(2026, 7, 9, tzinfo=UTC)]
)
def test_every_zone_s_week_sums_week_buckets(now: datetime) -> None:
    """WEEK_EDGE_MS holds in every zone, in winter and summer: a week's leaderboard reads the
    week's buckets and at most that span of hours, never the hours of the whole week."""
    for name in sorted(available_timezones()):
        since = rules.period_start("week", now, ZoneInfo(name))
        assert since is not None
        parts = plan_of("c", since, None)
        assert parts[0][0] == "weeks", name
        for part, args in parts[1:]:
            low, high = int(str(args[1])), int(str(args[2]))
            span_ms = (high - low) * (HOUR_MS if part.endswith("hours") else 1)
            assert span_ms <= WEEK_EDGE_MS, (name, part)
