"""The report's reads on both backends agree with an export of the same chat, and cannot write."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.domain.rules import rank_round
from bot.play.service import QuizService
from bot.storage.interface import Store, StoreError
from bot.storage.report_store import SQLiteReportStore, open_report_store
from tests.support.clocks import FakeClock
from tests.support.report import CHAT, PLAYERS, expected, play_rounds


async def test_figures_match_the_export(
    service: QuizService, store: Store, clock: FakeClock, database: Path | str
) -> None:
    round_ids = await play_rounds(service, clock)
    await play_rounds(service, clock, chat="tg:-5", players=PLAYERS[:1], rounds=1)
    want = expected(await store.export_chat(CHAT))
    report = await open_report_store(database)
    try:
        today = clock.now().date()
        overview = await report.overview(CHAT, today - timedelta(days=29), today)
        assert (overview.members, overview.tally.answered, overview.tally.correct) == (
            want.members, want.answered, want.correct,
        )  # fmt: skip
        assert len(overview.days) == 30
        assert sum(day.tally.answered for day in overview.days) == want.answered
        assert [day.members for day in overview.days if day.members] == [4, 4]
        assert sum(week.tally.answered for week in overview.weeks) == want.answered
        assert [(q.quiz_id, q.tally.answered) for q in overview.quizzes] == [
            ("parallelism", want.answered)
        ]

        members = await report.members(CHAT, clock.now())
        assert {m.user_id: (m.tally.answered, m.tally.correct) for m in members} == (
            want.per_member
        )
        assert {m.name for m in members} == {p.name for p in PLAYERS}
        assert all(m.last_active is not None for m in members)

        figures = await report.question_figures(CHAT, "parallelism")
        assert {f.question_id: dict(f.choices) for f in figures} == {
            q: dict(c) for q, c in want.choices.items()
        }
        assert {f.question_id: f.median_ms for f in figures} == want.medians_ms
        assert {f.question_id: (f.answered, f.correct) for f in figures} == want.per_question

        rounds = await report.rounds(CHAT, 10)
        assert [r.round_id for r in rounds] == round_ids[::-1]
        for line in rounds:
            ranking = [(r.rank, r.line.user_id, r.line.points) for r in line.ranking]
            full = rank_round(await store.round_scores(line.round_id))
            podium = [(r.rank, r.line.user_id, r.line.points) for r in full if r.rank <= 3]
            assert ranking == podium
            assert line.players == len(full) == 4
            assert line.questions == 8
            assert line.status == "finished"
    finally:
        await report.close()


async def test_streaks_and_last_days_are_those_of_stats(
    service: QuizService, clock: FakeClock, database: Path | str
) -> None:
    """Streaks kept by the writers equal `/stats`' (rules.streaks over the answers)."""
    await play_rounds(service, clock, rounds=7, seed=11, days_between=(1, 1, 2, 1, 3, 1, 0))
    report = await open_report_store(database)
    try:
        members = await report.members(CHAT, clock.now())
        for line in members:
            stats = await service.stats(CHAT, line.user_id)
            assert (line.current_streak, line.best_streak) == (
                stats.current_streak, stats.best_streak,
            ), line.name  # fmt: skip
            assert (line.tally.answered, line.tally.correct) == (stats.answered, stats.correct)
        assert {line.best_streak for line in members} != {0}
        assert all(line.last_active is not None for line in members)
        later = await report.members(CHAT, clock.now() + timedelta(days=5))
        assert {line.current_streak for line in later} == {0}
    finally:
        await report.close()


async def test_an_unknown_chat_reads_as_empty(store: Store, database: Path | str) -> None:
    report = await open_report_store(database)
    try:
        today = FakeClock().now().date()
        overview = await report.overview("tg:-404", today, today)
        assert (overview.members, overview.tally.answered, overview.weeks) == (0, 0, ())
        assert await report.members("tg:-404", FakeClock().now()) == []
        assert await report.rounds("tg:-404", 5) == []
        assert await report.question_figures("tg:-404", "parallelism") == []
    finally:
        await report.close()


async def test_the_report_store_cannot_write(store: Store, database: Path | str) -> None:
    report = await open_report_store(database)
    try:
        with pytest.raises(Exception, match=r"(?i)read.only|readonly"):
            await report._rows("INSERT INTO meta (key, value) VALUES ('x', 'y') RETURNING key")
    finally:
        await report.close()
    assert await store.get_meta("x") is None


async def test_a_missing_database_is_refused_and_not_created(tmp_path: Path) -> None:
    missing = tmp_path / "nothing.db"
    with pytest.raises(StoreError, match="start the bot first"):
        await SQLiteReportStore.open(missing)
    assert not missing.exists()


async def test_an_older_database_is_refused_not_migrated(tmp_path: Path) -> None:
    import sqlite3

    old = tmp_path / "old.db"
    with sqlite3.connect(old) as connection:
        connection.execute("PRAGMA user_version = 2")
    with pytest.raises(StoreError, match="schema 2"):
        await SQLiteReportStore.open(old)
    with sqlite3.connect(old) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (2,)
