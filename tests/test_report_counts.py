"""The report's maintained counts and round lines (bot/storage/sql/report_counts.py) equal a
scan of the answers on both backends: after answers, after `/forgetme`, after a supergroup
move, and when the migration fills them from answers stored before it."""

from __future__ import annotations

import random
from pathlib import Path

from bot.catalog.installed import load_catalog
from bot.domain.entities import Player
from bot.domain.rules import rank_round
from bot.play.service import QuizService
from bot.storage.interface import Store
from bot.storage.opening import open_store
from bot.storage.report_store import open_report_store
from bot.storage.schema import MIGRATIONS
from bot.storage.sql.report_counts import COUNT_TABLES, REPORT_COUNTS_MIGRATION
from tests.support.clocks import FakeClock
from tests.support.migrations import UNDO_PICKS, roll_back
from tests.support.paths import QUIZZES
from tests.support.report import CHAT, PLAYERS, expected, play_rounds

OTHER = "tg:-5"


async def assert_equal_to_a_scan(
    service: QuizService, store: Store, database: Path | str, chat: str, clock: FakeClock
) -> None:
    """Every figure of the members and quiz pages against the chat's exported answers and
    `/stats` (which reads the answers); review counts against the review cards."""
    want = expected(await store.export_chat(chat))
    report = await open_report_store(database)
    try:
        figures = await report.question_figures(chat, "parallelism")
        assert {f.question_id: dict(f.choices) for f in figures} == {
            q: dict(c) for q, c in want.choices.items()
        }
        assert {f.question_id: f.median_ms for f in figures} == want.medians_ms
        assert {f.question_id: (f.answered, f.correct) for f in figures} == want.per_question
        members = await report.members(chat, clock.now())
        assert {m.user_id: (m.tally.answered, m.tally.correct) for m in members} == (
            want.per_member
        )
        for line in members:
            stats = await service.stats(chat, line.user_id)
            assert (line.current_streak, line.best_streak) == (
                stats.current_streak, stats.best_streak,
            ), line.name  # fmt: skip
            assert line.due == await store.count_due(line.user_id, clock.now()), line.name
        for round_line in await report.rounds(chat, 20):
            full = rank_round(await store.round_scores(round_line.round_id))
            podium = [(r.rank, r.line) for r in full if r.rank <= 3]
            assert [(r.rank, r.line) for r in round_line.ranking] == podium
            assert round_line.players == len(full)
    finally:
        await report.close()


async def test_counts_equal_a_scan_after_answers_forget_and_move(
    service: QuizService, store: Store, clock: FakeClock, database: Path | str
) -> None:
    await play_rounds(service, clock, rounds=3, days_between=(1, 2, 0))
    await play_rounds(service, clock, chat=OTHER, players=PLAYERS[1:3], rounds=2, seed=9)
    await assert_equal_to_a_scan(service, store, database, CHAT, clock)
    report = await open_report_store(database)
    try:
        members = await report.members(CHAT, clock.now())
        assert any(m.due for m in members), "someone missed a question: it is due"
        assert any(m.best_streak > 1 for m in members)
    finally:
        await report.close()

    await store.forget_player(PLAYERS[1].user_id)
    for chat in (CHAT, OTHER):
        await assert_equal_to_a_scan(service, store, database, chat, clock)

    assert await store.move_chat(CHAT, OTHER, clock.now()) > 0
    await assert_equal_to_a_scan(service, store, database, OTHER, clock)
    report = await open_report_store(database)
    try:
        assert await report.members(CHAT, clock.now()) == []
        assert await report.question_figures(CHAT, "parallelism") == []
    finally:
        await report.close()
    assert await store.move_chat(CHAT, OTHER, clock.now()) == 0


async def _undo_the_migration(database: Path | str) -> None:
    """The database as the quizbot before the report counts left it: no report counts, no
    later migration (the answers' response column, answers in progress), its version then."""
    drops = "; ".join(f"DROP TABLE {table}" for table in COUNT_TABLES)
    undo = f"{UNDO_PICKS}; {drops}; ALTER TABLE answers DROP COLUMN response"
    await roll_back(database, MIGRATIONS.index(REPORT_COUNTS_MIGRATION), undo)


async def test_the_migration_fills_the_counts_from_stored_answers(
    database: Path | str,
) -> None:
    clock = FakeClock()
    store = await open_store(database)
    service = QuizService(store, load_catalog(QUIZZES), clock=clock, rng=random.Random(7))
    try:
        await play_rounds(service, clock, rounds=4, days_between=(1, 1, 3, 0))
        await play_rounds(service, clock, chat=OTHER, players=PLAYERS[:2], rounds=1)
    finally:
        await store.close()
    await _undo_the_migration(database)
    store = await open_store(database)
    service = QuizService(store, load_catalog(QUIZZES), clock=clock, rng=random.Random(7))
    try:
        for chat in (CHAT, OTHER):
            await assert_equal_to_a_scan(service, store, database, chat, clock)
    finally:
        await store.close()


async def test_a_podium_keeps_everyone_tied_at_its_edge(
    service: QuizService, store: Store, clock: FakeClock, database: Path | str
) -> None:
    """Five players right at the same moment share first place: all five are on the podium,
    as rank_round over the answers says; a sixth, wrong, is not."""
    players = [*PLAYERS, Player("tg:5", "Eve", "en"), Player("tg:6", "Fay", "en")]
    started = await service.start_round(
        chat_id=CHAT, player=players[0], quiz_id="parallelism", mode="group", questions=1,
        seconds=30,
    )  # fmt: skip
    view = await service.post_next(started.round_id)
    assert view is not None
    right = view.post.correct_letter_index(view.question)
    clock.advance(3)
    for number, player in enumerate(players):
        letter = right if number < 5 else (right + 1) % len(view.post.order)
        await service.press(chat_id=CHAT, player=player, post_id=view.post.post_id,
                            letter_index=letter)  # fmt: skip
    await service.close(view.post.post_id)
    report = await open_report_store(database)
    try:
        [line] = await report.rounds(CHAT, 20)
    finally:
        await report.close()
    full = rank_round(await store.round_scores(started.round_id))
    assert [(r.rank, r.line) for r in line.ranking] == [(r.rank, r.line) for r in full[:5]]
    assert {r.rank for r in line.ranking} == {1}
    assert line.players == 6
