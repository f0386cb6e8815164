"""No question outlives a dead worker: rounds whose process vanished are moved on by the
others' sweep (bot/play/round_sweep.py), once, within the bound; on both backends, with an
injected clock and timers run by hand."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from bot.domain.entities import Round
from bot.domain.models import Quiz
from bot.domain.views import ClosedView, QuestionView
from bot.play.claims import CLAIM_GRACE
from bot.play.round_sweep import IDLE_SLACK, OVERDUE_SLACK, SWEEP_EVERY, RoundSweep
from bot.play.rounds import RoundRunner
from bot.storage.interface import Store
from bot.storage.opening import open_store
from tests.support.clocks import FakeClock, ManualTimers
from tests.support.rounds import ANA, RecordingPublisher, make_runner

CHAT = "tg:-7"
BOUND = timedelta(seconds=10)
"""The promise: while any worker lives, a question closes within 10 s of its deadline."""


@dataclass
class HeldPublisher(RecordingPublisher):
    """A publisher whose sends of questions or results wait for `release` once `hold` is
    set (a send held up by rate limits, or a process stuck): `sending` tells when one waits."""

    hold: set[str] = field(default_factory=set)
    release: asyncio.Event = field(default_factory=asyncio.Event)
    sending: asyncio.Event = field(default_factory=asyncio.Event)

    async def _wait(self, what: str) -> None:
        if what in self.hold:
            self.sending.set()
            await self.release.wait()

    async def post_question(self, round_: Round, view: QuestionView) -> str:
        await self._wait("question")
        return await super().post_question(round_, view)

    async def show_results(self, round_: Round, closed: ClosedView) -> None:
        await self._wait("results")
        await super().show_results(round_, closed)


@dataclass
class Worker:
    store: Store
    runner: RoundRunner
    timers: ManualTimers
    publisher: HeldPublisher


@contextlib.asynccontextmanager
async def workers(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock, count: int
) -> AsyncIterator[list[Worker]]:
    """`count` processes on one database, each with its own store and its sweep armed."""
    made: list[Worker] = []
    try:
        for _ in range(count):
            store = await open_store(database)
            publisher = HeldPublisher()
            runner, timers = make_runner(store, quizzes, clock, publisher)
            RoundSweep(runner).start()
            made.append(Worker(store, runner, timers, publisher))
        yield made
    finally:
        for each in made:
            await each.store.close()


async def vanished_round(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock, questions: int = 2
) -> tuple[RoundRunner, Store, int]:
    """A round started by a process that is then never run again (SIGKILL: its timers are
    gone); its runner and store, still open for the test to drive it further."""
    store = await open_store(database)
    runner, _ = make_runner(store, quizzes, clock, RecordingPublisher())
    started = await runner.start(
        chat_id=CHAT, channel_ref="", player=ANA, quiz_id="parallelism", questions=questions,
        seconds=30,
    )  # fmt: skip
    return runner, store, started.round_id


async def close_first(store: Store, round_id: int, clock: FakeClock) -> None:
    """The round's question 1 reaches its deadline and is closed, its results never shown."""
    [first] = await store.round_posts(round_id)
    clock.advance(30)
    assert await store.close_post(first.post_id, clock.now())


async def tick(live: list[Worker], clock: FakeClock, seconds: int) -> None:
    """Let `seconds` pass one at a time, the live workers' timers running side by side."""
    for _ in range(seconds):
        clock.advance(1)
        await asyncio.gather(*(each.timers.run_due() for each in live))


def events(live: list[Worker]) -> list[tuple[str, object]]:
    return sorted((event for each in live for event in each.publisher.events), key=str)


async def assert_closed_in_bound(store: Store, round_id: int) -> None:
    for post in await store.round_posts(round_id):
        assert post.closed_at is not None
        assert post.deadline is not None
        assert post.closed_at - post.deadline <= BOUND


async def test_a_round_whose_worker_vanished_is_finished_by_another_within_the_bound(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    _, dead, round_id = await vanished_round(database, quizzes, clock)
    await dead.close()
    async with workers(database, quizzes, clock, 1) as live:
        await tick(live, clock, 29)
        assert live[0].publisher.events == []  # its deadline is not past: nothing to do
        await tick(live, clock, 40)
        [post_1, _post_2] = await live[0].store.round_posts(round_id)
        assert post_1.closed_at is not None
        assert post_1.deadline is not None
        assert post_1.closed_at - post_1.deadline <= OVERDUE_SLACK + SWEEP_EVERY
        await tick(live, clock, 40)
        assert live[0].publisher.events == [
            ("results", (1, 0)),
            ("question", 2),
            ("results", (2, 0)),
            ("summary", (False, [])),
        ]
        await assert_closed_in_bound(live[0].store, round_id)
        finished = await live[0].store.get_round(round_id)
        assert finished is not None
        assert finished.status == "finished"


async def test_two_sweepers_close_each_question_and_post_each_next_one_once(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    _, dead, round_id = await vanished_round(database, quizzes, clock, questions=3)
    await dead.close()
    async with workers(database, quizzes, clock, 2) as live:
        await tick(live, clock, 150)
        assert events(live) == sorted(
            [
                ("results", (1, 0)),
                ("question", 2),
                ("results", (2, 0)),
                ("question", 3),
                ("results", (3, 0)),
                ("summary", (False, [])),
            ],
            key=str,
        )
        assert [p.number for p in await live[0].store.round_posts(round_id)] == [1, 2, 3]
        await assert_closed_in_bound(live[0].store, round_id)


async def test_a_round_left_between_two_questions_gets_its_next_one_once(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Its process closed question 1 and died before storing question 2."""
    _, dead, round_id = await vanished_round(database, quizzes, clock)
    await close_first(dead, round_id, clock)
    await dead.close()
    async with workers(database, quizzes, clock, 2) as live:
        await tick(live, clock, int((IDLE_SLACK + SWEEP_EVERY).total_seconds()))
        assert events(live) == [("question", 2)]


async def test_a_summary_claimed_and_never_sent_is_posted_once_after_the_grace(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Its process ended the round, claiming its summary, and died before posting it."""
    runner, dead, round_id = await vanished_round(database, quizzes, clock, questions=1)
    await close_first(dead, round_id, clock)
    assert await runner.service.finish_round(round_id, claim_summary=True) is not None
    await dead.close()
    async with workers(database, quizzes, clock, 2) as live:
        await tick(live, clock, int(CLAIM_GRACE.total_seconds()) - 1)
        assert events(live) == []  # left to its claimant for the grace
        await tick(live, clock, 4)
        assert events(live) == [("summary", (False, []))]
        await tick(live, clock, 200)
        assert events(live) == [("summary", (False, []))]


async def test_a_question_stored_and_never_sent_is_sent_once_after_the_grace(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    runner, dead, round_id = await vanished_round(database, quizzes, clock)
    await close_first(dead, round_id, clock)
    assert await runner.service.post_next(round_id) is not None  # stored, never sent
    await dead.close()
    async with workers(database, quizzes, clock, 2) as live:
        await tick(live, clock, int(CLAIM_GRACE.total_seconds()) - 1)
        assert events(live) == []
        await tick(live, clock, 4)
        assert events(live) == [("question", 2)]
        [_, second] = await live[0].store.round_posts(round_id)
        assert second.message_ref is not None
        assert second.deadline is not None
        assert second.deadline > clock.now() + timedelta(seconds=25)  # its full time, from now


async def test_an_owner_slower_than_the_sweep_does_not_post_a_question_twice(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """The owner closes question 1, then its results are held back past IDLE_SLACK: the
    sweep posts question 2; when the owner's results go out, it leaves the round alone."""
    async with workers(database, quizzes, clock, 2) as (owner, other):
        started = await owner.runner.start(
            chat_id=CHAT, channel_ref="", player=ANA, quiz_id="parallelism", questions=3,
            seconds=30,
        )  # fmt: skip
        owner.publisher.hold = {"results"}
        clock.advance(30)
        closing = asyncio.create_task(owner.timers.run_due())
        await owner.publisher.sending.wait()
        await tick([other], clock, 10)
        owner.publisher.release.set()
        await closing
        assert other.publisher.events == [("question", 2)]
        assert owner.publisher.events == [("question", 1), ("results", (1, 0))]
        posts = await owner.store.round_posts(started.round_id)
        assert [(p.number, p.closed_at is None) for p in posts] == [(1, False), (2, True)]


async def test_a_round_question_held_back_for_minutes_keeps_its_claim(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Rate limits hold the owner's send of question 2 for five minutes: it renews its claim
    meanwhile, so the other worker's sweep never sends it a second time."""
    async with workers(database, quizzes, clock, 2) as (owner, other):
        await owner.runner.start(
            chat_id=CHAT, channel_ref="", player=ANA, quiz_id="parallelism", questions=2,
            seconds=30,
        )  # fmt: skip
        owner.publisher.hold = {"question"}
        clock.advance(30)
        closing = asyncio.create_task(owner.timers.run_due())
        await owner.publisher.sending.wait()
        for _ in range(300):
            clock.advance(1)
            await owner.timers.run_due()  # its renewal timer
            await other.timers.run_due()
        owner.publisher.release.set()
        await closing
        assert other.publisher.events == []
        assert owner.publisher.events.count(("question", 2)) == 1
