"""Two `quizbot run telegram --webhook` workers, one PostgreSQL: the guarantees hold across them.

The test plays Telegram and its load balancer: each press goes to one worker or to both
(a redelivery landing elsewhere), one worker is SIGKILLed mid-burst and restarted, and the
reveal reaches both at once. Then: every acknowledged answer is stored, each user counts
once, and the question is closed (results shown, next question posted) exactly once.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import signal
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import aiohttp
import asyncpg  # type: ignore[import-untyped]
import pytest

from bot.domain.daily import DailyRule, NewSchedule
from bot.storage.opening import open_store
from tests.e2e.bot_process import SECRET, Worker, start_worker, wait_for_acks
from tests.e2e.error_logs import ErrorLogs
from tests.e2e.telegram_harness import only_flag
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.postgres import fresh_schema

USERS = 30
_update_ids = itertools.count(1)


async def deliver(session: aiohttp.ClientSession, workers: list[Worker], update: Any) -> None:
    """POST the update to these workers; one that is down gets it retried on the others."""
    headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
    for worker in workers:
        try:
            url = f"http://127.0.0.1:{worker.port}/hook"
            async with session.post(url, json=update, headers=headers) as response:
                assert response.status == 200
        except aiohttp.ClientConnectionError:
            continue
        return


def press_update(fake: FakeTelegramAPI, query_id: str) -> dict[str, Any]:
    return {"update_id": next(_update_ids), "callback_query": fake.callback_queries[query_id]}


@pytest.fixture
async def database() -> AsyncIterator[str]:
    async with fresh_schema() as url:
        yield url


@pytest.mark.slow
async def test_two_workers_count_each_user_once_and_close_once(
    database: str, error_logs: ErrorLogs
) -> None:
    rng = random.Random(8)
    async with FakeTelegramAPI() as fake, aiohttp.ClientSession() as session:
        group = fake.group(-100990, "Shared group")
        users = [fake.user(7000 + n, f"User{n}", "en") for n in range(USERS)]
        first = await start_worker(fake, database)
        command = fake.send_command(group, users[0], "/quiz parallelism 2 600")
        await deliver(session, [first], {"update_id": next(_update_ids), "message": command})
        sent = await fake.wait_for(
            "sendMessage", lambda p: "Question 1/2" in p["text"], timeout=30
        )
        message = sent.response["result"]
        second = await start_worker(fake, database)  # resumes the open question too
        workers = [first, second]
        letters = [b["callback_data"] for b in message["reply_markup"]["inline_keyboard"][0]]

        async def burst(pressers: list[Any]) -> set[str]:
            queries = set()
            for user in pressers:
                query = fake.press(group, user, message["message_id"], rng.choice(letters))
                update = {
                    "update_id": next(_update_ids),
                    "callback_query": fake.callback_queries[query],
                }
                if rng.random() < 0.3:  # redelivered: both workers get it
                    await asyncio.gather(*(deliver(session, [w], update) for w in workers))
                else:  # one worker, the other if that one is down
                    await deliver(session, rng.sample(workers, 2), update)
                queries.add(query)
            return queries

        pressed = await burst(rng.sample(users, 20))
        await wait_for_acks(fake, pressed, 5)
        assert await workers[1].stop(signal.SIGKILL) == -signal.SIGKILL  # mid-burst
        workers[1] = await start_worker(fake, database)
        pressed |= await burst(rng.sample(users, 20))
        await wait_for_acks(fake, pressed, 10)
        reveal = message["reply_markup"]["inline_keyboard"][1][0]["callback_data"]
        query = fake.press(group, users[0], message["message_id"], reveal)
        update = press_update(fake, query)
        await asyncio.gather(*(deliver(session, [worker], update) for worker in workers))
        await fake.wait_for("sendMessage", lambda p: "Question 2/2" in p["text"], timeout=30)
        codes = await asyncio.gather(*(worker.stop() for worker in workers))
        assert codes == [0, 0], "".join(first.lines + workers[1].lines)
        await check(fake, database, message["message_id"])
    unexpected = [r for r in error_logs.claim() if "Error handling request" not in r.getMessage()]
    assert unexpected == []  # only the fake noticing the killed worker's dropped connections


async def check(fake: FakeTelegramAPI, database: str, message_id: int) -> None:
    connection = await asyncpg.connect(database)
    try:
        stored = {
            (row["user_id"], row["correct"] == 1)
            for row in await connection.fetch("SELECT user_id, correct FROM answers")
        }
        rounds = await connection.fetch("SELECT status, position FROM rounds")
        counted = await connection.fetchval("SELECT SUM(answered) FROM score_totals")
    finally:
        await connection.close()
    verdicts: dict[str, list[tuple[bool, bool]]] = {}  # per user: (right?, delivered?)
    for call in fake.calls_to("answerCallbackQuery"):
        text = call.params.get("text", "")
        if text.startswith(("✅", "❌")):  # a worker stored this press as the user's answer
            query = fake.callback_queries[call.params["callback_query_id"]]
            said = (text.startswith("✅"), bool(call.response["ok"]))
            verdicts.setdefault(f"tg:{query['from']['id']}", []).append(said)
    assert verdicts, "no press was acknowledged"
    for user, said in verdicts.items():
        assert len(said) == 1, f"{user} was counted {len(said)} times"
        right, delivered = said[0]
        assert not delivered or (user, right) in stored, f"acknowledged but lost: {user}"
    assert len({user for user, _ in stored}) == len(stored)
    assert counted == len(stored), "the leaderboard counts an answer twice"
    results = [
        call
        for call in fake.calls_to("editMessageText")
        if call.params["message_id"] == message_id and only_flag(call.params)
    ]
    assert len(results) == 1, "the question was closed more than once"
    posted = [c for c in fake.calls_to("sendMessage") if "Question 2/2" in c.params["text"]]
    assert len(posted) == 1, "the next question was posted more than once"
    assert any("query is too old" in e for e in fake.errors), "no press was handled by both"
    assert [tuple(row) for row in rounds] == [("running", 2)]


@pytest.mark.slow
async def test_two_workers_starting_together_post_the_daily_question_once(
    database: str,
) -> None:
    """Both processes find the same daily question due at start-up; one claim wins."""
    due = datetime.now(UTC).replace(second=0, microsecond=0)
    store = await open_store(database)
    try:
        await store.save_schedule(
            NewSchedule(
                "tg:-100991", "", DailyRule(due.time(), "UTC"), ("parallelism",), "en", "tg:1", due
            )
        )
    finally:
        await store.close()
    async with FakeTelegramAPI() as fake:
        group = fake.group(-100991, "Daily group")
        # Each worker's start-up runs its due schedules before "Application started".
        workers = await asyncio.gather(*(start_worker(fake, database) for _ in range(2)))
        codes = await asyncio.gather(*(worker.stop() for worker in workers))
        posted = [
            c
            for c in fake.calls_to("sendMessage")
            if c.params["chat_id"] == group["id"] and c.response["ok"]
        ]
    assert codes == [0, 0]
    assert len(posted) == 1
    connection = await asyncpg.connect(database)
    try:
        assert await connection.fetchval("SELECT COUNT(*) FROM daily_posts") == 1
    finally:
        await connection.close()


@pytest.mark.slow
async def test_a_command_delivered_to_both_workers_runs_once(database: str) -> None:
    """A /quiz redelivered to the other worker (same update_id): one round, one message."""
    async with FakeTelegramAPI() as fake, aiohttp.ClientSession() as session:
        group = fake.group(-100992, "Shared group")
        ana = fake.user(7100, "Ana", "en")
        workers = await asyncio.gather(*(start_worker(fake, database) for _ in range(2)))
        command = fake.send_command(group, ana, "/quiz parallelism 1 600")
        update = {"update_id": next(_update_ids), "message": command}
        await asyncio.gather(*(deliver(session, [worker], update) for worker in workers))
        for worker in workers:  # each handles updates in order: its /help comes after /quiz
            help_command = fake.send_command(group, ana, "/help")
            since = len(fake.calls)
            await deliver(
                session, [worker], {"update_id": next(_update_ids), "message": help_command}
            )
            await fake.wait_for("sendMessage", lambda p: "/quiz NAME" in p["text"], since=since)
        codes = await asyncio.gather(*(worker.stop() for worker in workers))
        said = [
            c.params["text"]
            for c in fake.calls_to("sendMessage")
            if c.params["chat_id"] == group["id"] and "/quiz NAME" not in c.params["text"]
        ]
    assert codes == [0, 0]
    [question] = said  # nothing else: no "a round is already running here"
    assert "Question 1/1" in question
    connection = await asyncpg.connect(database)
    try:
        assert await connection.fetchval("SELECT COUNT(*) FROM rounds") == 1
    finally:
        await connection.close()
