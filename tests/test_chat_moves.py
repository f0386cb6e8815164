"""A chat moved to a new id (a Telegram group upgraded to a supergroup), on both backends:
every leaderboard, streak and schedule reads the same under the new id as it did under the old,
nothing stays under the old id, and a second move changes nothing."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

from bot.domain.daily import DailyRule, NewSchedule
from bot.domain.entities import PERIODS, Answer, NewPost, NewRound, Player
from bot.domain.flags import NewFlag, Reason
from bot.domain.review_sessions import ReviewSession
from bot.domain.uploads import Uploaded
from bot.play.service import QuizService
from bot.storage.interface import Store
from bot.storage.schema import MIGRATIONS
from bot.storage.sql.chat_moves import MOVES, chat_tables
from bot.storage.sqlite.store import SQLiteStore
from tests.support.clocks import FakeClock
from tests.support.uploads import RecordingFetch, gift

OLD, NEW, OTHER = "tg:-500", "tg:-1005000", "tg:-600"
PLAYERS = ("tg:1", "tg:2", "tg:3")
QUESTIONS = ("why-parallelism", "tensor-split", "pipeline-bubble")


async def play_round(
    store: Store, chat: str, quiz: str, at: datetime, picks: dict[str, tuple[bool, ...]]
) -> None:
    """A finished round of len(picks' tuples) questions; each player right or wrong on each."""
    count = len(next(iter(picks.values())))
    new = NewRound(chat, "", quiz, "group", QUESTIONS[:count], PLAYERS[0], 30, "en")
    current = await store.create_round(new, at)
    for number in range(1, count + 1):
        opened = at + timedelta(minutes=7 * number)
        post = await store.create_post(
            NewPost(
                chat,
                quiz,
                QUESTIONS[number - 1],
                (0, 1, 2, 3),
                number,
                count,
                opened,
                opened + timedelta(seconds=30),
                current.round_id,
            )
        )
        for seconds, (user_id, rights) in enumerate(picks.items(), start=3):
            right = rights[number - 1]
            answer = Answer(
                post.post_id,
                user_id,
                0 if right else 1,
                right,
                opened + timedelta(seconds=seconds),
                seconds * 1000,
            )
            await store.add_answer(answer, post)
        await store.close_post(post.post_id, opened + timedelta(seconds=30))
    await store.end_round(current.round_id, "finished", at + timedelta(hours=1))


async def daily_days(store: Store, chat: str, start: datetime, days: int) -> None:
    """A schedule and `days` daily posts, answered right by tg:1, wrong by tg:2 on day 2."""
    rule = DailyRule(time(9, 0), "Europe/Paris")
    schedule = await store.save_schedule(
        NewSchedule(chat, "", rule, ("parallelism",), "fr", "tg:1", start)
    )
    for day in range(days):
        opened = start + timedelta(days=day)
        new = NewPost(
            chat,
            "parallelism",
            QUESTIONS[day % 3],
            (0, 1, 2, 3),
            1,
            1,
            opened,
            opened + timedelta(days=1),
            None,
        )
        claimed = await store.claim_daily_post(schedule, opened.date(), new, opened)
        assert claimed is not None
        post = await store.get_post(claimed.post_id)
        assert post is not None
        for user_id, right in (("tg:1", True), ("tg:2", day != 1)):
            await store.add_answer(
                Answer(post.post_id, user_id, 0, right, opened + timedelta(minutes=5), 9000), post
            )
        if day < days - 1:
            await store.close_post(post.post_id, opened + timedelta(days=1))


async def history(store: Store, clock: FakeClock, chat: str) -> None:
    for user_id in PLAYERS:
        await store.save_player(Player(user_id, f"Player {user_id}", "en"))
    now = clock.now()
    await daily_days(store, chat, now - timedelta(days=3, hours=1), 4)
    await play_round(
        store,
        chat,
        "parallelism",
        now - timedelta(days=9, minutes=20),
        {"tg:1": (True, False, True), "tg:2": (True, True, True)},
    )
    await play_round(
        store,
        chat,
        "parallelism-deep",
        now - timedelta(minutes=50),
        {"tg:2": (False, True), "tg:3": (True, True)},
    )
    await store.create_round(
        NewRound(chat, "", "parallelism", "group", QUESTIONS, "tg:3", 30, "en"), now
    )
    await store.save_review_session(  # a spaced review in progress (issue 20)
        ReviewSession("tg:2", chat, "", now - timedelta(minutes=5), 3, "en", asked=1, correct=1)
    )
    for user, reason in (("tg:1", Reason.WRONG), ("tg:2", Reason.TYPO)):  # flags (issue 29)
        flag = NewFlag(chat, "parallelism", QUESTIONS[0], user, reason, now - timedelta(hours=1))
        await store.add_flag(flag)
    await store.set_flag_note(chat, "parallelism", QUESTIONS[0], "tg:1", "B is right")
    await store.hide_question(chat, "parallelism", QUESTIONS[1], "tg:3", now)


async def everything(service: QuizService, chat: str) -> dict[str, object]:
    """What users can read of a chat: every board (period × quiz), stats, streaks, schedule."""
    store, seen = service.store, {}
    for period in PERIODS:
        for quiz in (None, "parallelism", "parallelism-deep"):
            for user in (None, "tg:3"):
                seen[f"{period} {quiz} {user}"] = await service.leaderboard(
                    chat, period, user, quiz
                )
    for user in PLAYERS:
        seen[f"stats {user}"] = await service.stats(chat, user)
    seen["streaks"] = await store.daily_records(chat, PLAYERS)
    seen["schedules"] = [
        dataclasses.replace(s, chat_id="") for s in await store.chat_schedules(chat)
    ]
    seen["history"] = await store.daily_history(chat, "")
    running = await store.running_round(chat, "", "group")
    seen["running"] = running and dataclasses.replace(running, chat_id="")
    seen["export"] = await store.export_chat(chat)
    session = await store.review_session("tg:2", chat)
    seen["review"] = session and dataclasses.replace(session, chat_id="")
    seen["flags"] = await store.chat_flags(chat)
    seen["hidden"] = await store.hidden_questions(chat)
    return seen


async def rows_of(store: Store, chat: str) -> dict[str, int]:
    """Rows under a chat id, per table with a chat id (all of them: see the coverage test)."""
    found = {}
    for table in MOVES:
        rows = await store.read_rows(table, ["chat_id"])  # type: ignore[attr-defined]
        found[table] = sum(1 for (chat_id,) in rows if chat_id == chat)
    return found


async def test_a_moved_chat_reads_the_same_under_its_new_id(
    service: QuizService, clock: FakeClock
) -> None:
    store = service.store
    clock.current = datetime(2026, 3, 4, 10, 15, tzinfo=UTC)  # a Wednesday
    await store.set_meta(f"chat.zone.{OLD}", "Asia/Kolkata")  # its /timezone moves too
    await store.set_meta(f"daily.paused.{OLD}.", "gone")  # and a paused schedule's reason
    await history(store, clock, OLD)
    fetch = RecordingFetch(gift(2))  # and the chat's own quiz, under the same key
    uploaded = await service.chat_quizzes.upload(OLD, "tg:1", "capitals.txt", None, fetch)
    assert isinstance(uploaded, Uploaded)
    await play_round(
        store, OTHER, "parallelism", clock.now() - timedelta(hours=2), {"tg:1": (False,)}
    )
    before, other = await everything(service, OLD), await everything(service, OTHER)
    assert before["all None None"] != await service.leaderboard(NEW, "all")  # not empty
    counts = await rows_of(store, OLD)
    assert all(counts.values()), counts  # every table has rows to move

    moved = await service.move_chat(OLD, NEW)
    assert moved >= sum(counts.values())
    assert await everything(service, NEW) == before
    assert set((await rows_of(store, OLD)).values()) == {0}
    assert await store.get_meta(f"chat.zone.{NEW}") == "Asia/Kolkata"
    assert await store.get_meta(f"chat.zone.{OLD}") is None
    assert await store.get_meta(f"daily.paused.{NEW}.") == "gone"
    assert await store.get_meta(f"daily.paused.{OLD}.") is None
    assert (await service.quiz_in(NEW, "capitals")).id == uploaded.quiz.id
    assert await service.catalog_in(OLD) == sorted(service.quizzes.values(), key=lambda q: q.id)
    assert await everything(service, OTHER) == other
    empty = await everything(service, OLD)
    assert empty["all None None"] == await service.leaderboard("tg:-1", "all")

    assert await store.move_chat(OLD, NEW, clock.now()) == 0
    assert await everything(service, NEW) == before


async def test_rows_the_new_chat_already_has_are_merged(
    service: QuizService, clock: FakeClock
) -> None:
    """Scores of the same player, quiz and bucket add up; the new chat keeps its own round
    and schedule, where each chat may have only one."""
    store = service.store
    clock.current = datetime(2026, 3, 4, 10, 15, tzinfo=UTC)
    now = clock.now()
    for chat in (OLD, NEW):
        await play_round(
            store,
            chat,
            "parallelism",
            now - timedelta(minutes=50),
            {"tg:1": (True, True), "tg:2": (chat == OLD, False)},
        )
    await store.create_round(
        NewRound(OLD, "", "parallelism", "group", QUESTIONS, "tg:1", 30, "en"), now
    )
    kept = await store.create_round(
        NewRound(NEW, "", "parallelism", "group", QUESTIONS, "tg:2", 30, "en"), now
    )
    rule = DailyRule(time(9, 0), "UTC")
    await store.save_schedule(NewSchedule(OLD, "", rule, ("parallelism",), "en", "tg:1", now))
    await store.save_schedule(NewSchedule(NEW, "", rule, ("parallelism",), "fr", "tg:2", now))

    await store.move_chat(OLD, NEW, now)
    for period in PERIODS:
        board = await service.leaderboard(NEW, period)
        lines = {entry.line.user_id: entry.line for entry in board.top}
        assert (lines["tg:1"].points, lines["tg:1"].answered) == (4, 4)
        assert (lines["tg:2"].points, lines["tg:2"].answered) == (1, 4)
    assert await store.running_round(NEW, "", "group") == kept
    [schedule] = await store.chat_schedules(NEW)
    assert schedule.created_by == "tg:2"
    assert set((await rows_of(store, OLD)).values()) == {0}


async def test_every_table_with_a_chat_id_has_its_move(tmp_path: Path) -> None:
    """A new table with a chat id must say how it moves: add it to MOVES."""
    store = await SQLiteStore.open(tmp_path / "quiz.db")
    try:
        tables = [
            str(name)
            for (name,) in await store._rows("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        with_chat = {t for t in tables if "chat_id" in await store.table_columns(t)}
    finally:
        await store.close()
    assert with_chat == chat_tables(MIGRATIONS)
    assert set(MOVES) == with_chat
