"""Chaos: three `quizbot run telegram --webhook` workers on one PostgreSQL, 20 groups playing
rounds, many members pressing, and every few seconds a random worker SIGKILLed and started
again after a random delay. No question outlives a dead worker (bot/play/round_sweep.py).

The test plays Telegram and its load balancer (as test_two_workers.py): each update goes to a
live worker, another if that one is down. Randomness is seeded; the chaos lasts CHAOS_SECONDS,
then the rounds under way finish (waited for in the store, with a deadline). At the end it
prints and checks: no question open more than 10 s past its deadline; every acknowledged
answer stored, once; no question posted twice; every round ended with exactly one summary.

A message the fake sent just before a kill, whose worker died before recording it, is sent
again by the worker that takes it over: Telegram has no idempotent send, so only a kill in
that window of milliseconds can post a message twice. Such a repeat is counted apart
("explained"), and any other repeat fails the test.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import signal
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import asyncpg  # type: ignore[import-untyped]
import pytest

from tests.e2e.bot_process import SECRET, Worker, start_worker
from tests.e2e.error_logs import ErrorLogs
from tests.fakes.telegram_api import Call, FakeTelegramAPI
from tests.postgres import fresh_schema

WORKERS, CHATS, USERS = 3, 20, 60
CHAOS_SECONDS = 100
SETTLE_SECONDS = 150
"""After the chaos: how long the rounds under way may take to finish (unsent questions wait
out the 60 s claim grace)."""
QUESTION_SECONDS = 10  # the shortest a round allows
BOUND_MS = 10_000
DOWN_SECONDS = (2.0, 20.0)
"""How long a killed worker stays down: often past the bound, so a restart's resume alone
would not meet it; the live workers' sweep must."""
REPEAT_WINDOW = 0.3
"""A message sent this long before a kill and repeated is explained by that kill."""
_update_ids = itertools.count(1)


class TimedCalls(list[Call]):
    """The fake's call log, with when each call was answered."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def append(self, call: Call) -> None:
        self.times.append(time.monotonic())
        super().append(call)


@dataclass
class Cluster:
    """The workers (None: killed, not yet back) and what the chaos did to them."""

    fake: FakeTelegramAPI
    database: str
    session: aiohttp.ClientSession
    workers: list[Worker | None]
    kills: list[float] = field(default_factory=list)
    restarts: set[asyncio.Task[None]] = field(default_factory=set)

    def live(self) -> list[Worker]:
        return [w for w in self.workers if w is not None and w.process.returncode is None]

    async def deliver(self, update: dict[str, Any], rng: random.Random) -> bool:
        """POST the update to a live worker, another if that one is down."""
        headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
        for worker in rng.sample(self.live(), len(self.live())):
            with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                url = f"http://127.0.0.1:{worker.port}/hook"
                async with self.session.post(url, json=update, headers=headers) as response:
                    if response.status == 200:
                        return True
        return False

    async def kill_one(self, rng: random.Random) -> None:
        """SIGKILL a random worker while another lives; start it again after a while."""
        live = self.live()
        if len(live) < 2:
            return
        victim = rng.choice(live)
        slot = self.workers.index(victim)
        self.workers[slot] = None
        self.kills.append(time.monotonic())
        await victim.stop(signal.SIGKILL)
        delay = rng.uniform(*DOWN_SECONDS)

        async def restart() -> None:
            await asyncio.sleep(delay)  # the injected fault: down for a random while
            self.workers[slot] = await start_worker(self.fake, self.database)

        task = asyncio.create_task(restart())
        self.restarts.add(task)
        task.add_done_callback(self.restarts.discard)


@pytest.fixture
async def database() -> AsyncIterator[str]:
    async with fresh_schema() as url:
        yield url


async def chaos(cluster: Cluster, rng: random.Random, until: float) -> None:
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(2.0, 5.0))  # the injected fault's schedule
        await cluster.kill_one(rng)
    while cluster.restarts:
        await asyncio.gather(*cluster.restarts)


async def open_questions(connection: Any) -> list[tuple[str, int]]:
    rows = await connection.fetch(
        "SELECT chat_id, message_ref FROM posts WHERE closed_at IS NULL "
        "AND message_ref IS NOT NULL AND round_id IS NOT NULL"
    )
    return [(row["chat_id"], int(row["message_ref"].rsplit(":", 1)[1])) for row in rows]


async def play(
    cluster: Cluster, groups: list[Any], users: list[Any], rng: random.Random, until: float
) -> set[str]:
    """Start rounds where none runs and press open questions, until `until`; the presses."""
    fake, pressed = cluster.fake, set()
    connection = await asyncpg.connect(cluster.database)
    try:
        while time.monotonic() < until:
            running = {
                row["chat_id"]
                for row in await connection.fetch(
                    "SELECT chat_id FROM rounds WHERE status = 'running'"
                )
            }
            for group in groups:
                if f"tg:{group['id']}" not in running:
                    command = fake.send_command(
                        group, rng.choice(users), f"/quiz parallelism 2 {QUESTION_SECONDS}"
                    )
                    await cluster.deliver(
                        {"update_id": next(_update_ids), "message": command}, rng
                    )
            for chat_id, message_id in await open_questions(connection):
                group = next(g for g in groups if f"tg:{g['id']}" == chat_id)
                markup = fake.messages[group["id"]].get(message_id, {}).get("reply_markup")
                buttons = markup["inline_keyboard"][0] if markup else []
                letters = [b["callback_data"] for b in buttons if "callback_data" in b]
                if not letters:  # already turned into its results (only the ⚑ link left)
                    continue
                for user in rng.sample(users, 4):
                    # not strict: the question may have closed since (a client showing it late)
                    query = fake.press(group, user, message_id, rng.choice(letters), strict=False)
                    update = {
                        "update_id": next(_update_ids),
                        "callback_query": fake.callback_queries[query],
                    }
                    if await cluster.deliver(update, rng):
                        pressed.add(query)
            await asyncio.sleep(0.5)  # a pace for the members, not a wait for an outcome
    finally:
        await connection.close()
    return pressed


async def settle(database: str) -> None:
    """Until every round has ended, polling the store, within SETTLE_SECONDS."""
    connection = await asyncpg.connect(database)
    try:
        deadline = time.monotonic() + SETTLE_SECONDS
        while await connection.fetchval(
            "SELECT COUNT(*) FROM rounds WHERE status = 'running' OR summary_due IS NOT NULL"
        ):
            assert time.monotonic() < deadline, "rounds still running after the chaos"
            await asyncio.sleep(0.5)
    finally:
        await connection.close()


@pytest.mark.chaos
@pytest.mark.slow
@pytest.mark.timeout(CHAOS_SECONDS + SETTLE_SECONDS + 120)  # start-up and stop: bounded
async def test_rounds_survive_random_worker_kills(
    database: str, error_logs: ErrorLogs, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(30)
    async with FakeTelegramAPI() as fake, aiohttp.ClientSession() as session:
        calls = TimedCalls()
        fake.calls = calls
        groups = [fake.group(-101000 - n, f"Chaos {n}") for n in range(CHATS)]
        users = [fake.user(9000 + n, f"Member{n}", "en") for n in range(USERS)]
        workers = await asyncio.gather(*(start_worker(fake, database) for _ in range(WORKERS)))
        cluster = Cluster(fake, database, session, list(workers))
        until = time.monotonic() + CHAOS_SECONDS
        pressed, _ = await asyncio.gather(
            play(cluster, groups, users, rng, until), chaos(cluster, rng, until)
        )
        await settle(database)
        codes = await asyncio.gather(*(worker.stop() for worker in cluster.live()))
        assert codes == [0] * WORKERS
        with capsys.disabled():  # the counts go to the log, passed or failed
            await check(fake, calls, database, cluster.kills, pressed)
    unexpected = [r for r in error_logs.claim() if "Error handling request" not in r.getMessage()]
    assert unexpected == []  # only the fake noticing the killed workers' dropped connections


def explained(calls: TimedCalls, index: int, kills: list[float]) -> bool:
    """Whether the call at `index` came just before a kill (its worker may have died before
    recording it)."""
    sent = calls.times[index]
    return any(0 <= kill - sent <= REPEAT_WINDOW for kill in kills)


async def check(
    fake: FakeTelegramAPI, calls: TimedCalls, database: str, kills: list[float], pressed: set[str]
) -> None:
    connection = await asyncpg.connect(database)
    try:
        posts = await connection.fetch(
            "SELECT post_id, chat_id, deadline, closed_at, message_ref FROM posts "
            "WHERE round_id IS NOT NULL"
        )
        answers = {
            (row["post_id"], row["user_id"])
            for row in await connection.fetch("SELECT post_id, user_id FROM answers")
        }
        counted = await connection.fetchval("SELECT SUM(answered) FROM score_totals")
        rounds = await connection.fetch("SELECT chat_id, status FROM rounds")
    finally:
        await connection.close()
    lateness = [row["closed_at"] - row["deadline"] for row in posts]
    by_message = {row["message_ref"]: row["post_id"] for row in posts}
    acked = acknowledged(fake)
    questions, repeats = sends(fake, calls, " · Question ", set(by_message), kills)
    summaries, summaries_again = summary_sends(calls, kills)
    ended = Counter(int(row["chat_id"][3:]) for row in rounds if row["status"] == "finished")
    print(
        f"\nchaos: {len(kills)} kills; {len(rounds)} rounds, {len(posts)} questions; "
        f"latest close {max(lateness) / 1000:.1f} s past a deadline "
        f"({sum(late > 2000 for late in lateness)} closed more than 2 s late: by a sweep); "
        f"{len(pressed)} presses, {len(acked)} acknowledged, {len(answers)} stored; "
        f"{questions} questions sent, {repeats} sent again after a kill; "
        f"{sum(summaries.values())} summaries for {sum(ended.values())} rounds, "
        f"{sum(summaries_again.values())} of them just before a kill"
    )
    assert all(row["message_ref"] is not None for row in posts)
    assert max(lateness) <= BOUND_MS, "a question stayed open past the bound"
    assert len(acked) == len(set(acked)), "an answer was acknowledged twice"
    assert set(acked) <= answers, "an acknowledged answer was lost"
    assert counted == len(answers), "the leaderboard counts an answer twice"
    assert all(row["status"] == "finished" for row in rounds)
    for chat in set(summaries) | set(ended):
        extra = summaries[chat] - ended[chat]
        assert 0 <= extra <= summaries_again[chat], f"a round in {chat} has no summary, or two"


def acknowledged(fake: FakeTelegramAPI) -> list[tuple[int, str]]:
    """(post, user) of each verdict Telegram delivered ("✅"/"❌": the answer was stored);
    the post is the one the button names (`v1:a:POST:LETTER`), whichever message showed it."""
    found = []
    for call in fake.calls_to("answerCallbackQuery"):
        if call.response["ok"] and call.params.get("text", "").startswith(("✅", "❌")):
            query = fake.callback_queries[call.params["callback_query_id"]]
            found.append((int(query["data"].split(":")[2]), f"tg:{query['from']['id']}"))
    return found


def sends(
    fake: FakeTelegramAPI, calls: TimedCalls, prefix: str, recorded: set[str], kills: list[float]
) -> tuple[int, int]:
    """How many messages with `prefix` in them were sent, and how many of them no post
    records (sent again by another worker): each must come just before a kill."""
    sent, repeats = 0, 0
    for index, call in enumerate(calls):
        if call.method != "sendMessage" or not call.response["ok"]:
            continue
        if prefix not in call.params["text"]:
            continue
        sent += 1
        result = call.response["result"]
        if f"{result['chat']['id']}:{result['message_id']}" not in recorded:
            repeats += 1
            assert explained(calls, index, kills), f"question sent twice: {call.params}"
    return sent, repeats


def summary_sends(calls: TimedCalls, kills: list[float]) -> tuple[Counter[int], Counter[int]]:
    """Summaries sent per chat, and of them those sent just before a kill (which another
    worker may then have sent again)."""
    sent: Counter[int] = Counter()
    before_kill: Counter[int] = Counter()
    for index, call in enumerate(calls):
        if call.method != "sendMessage" or not call.response["ok"]:
            continue
        if "Round over" not in call.params["text"]:
            continue
        chat = int(call.params["chat_id"])
        sent[chat] += 1
        if explained(calls, index, kills):
            before_kill[chat] += 1
    return sent, before_kill
