"""The burst the answer benchmarks measure: players pressing at once on one posted question."""

from __future__ import annotations

import asyncio
import time

from _common import QUIZZES

from bot.catalog.importers import import_file
from bot.catalog.installed import load_catalog
from bot.catalog.loader import load_source
from bot.domain.entities import Player
from bot.domain.judging import Response
from bot.domain.models import Quiz
from bot.domain.rules import Accepted
from bot.play.service import QuizService
from bot.storage.interface import Store

CHAT = "bench:-1"


ACCEPTED = tuple(f"collective operation {n:02d}" for n in range(20))
"""A `text` question's 20 accepted answers: what one typed answer is matched against."""


def typed_quiz() -> Quiz:
    """A format 3 quiz of one `text` question with ACCEPTED as its answers."""
    answers = "\n".join(f'      - "{answer}"' for answer in ACCEPTED)
    source = (
        "format: 3\nid: typed\nlanguages: [en]\ntitle: Typed\ndifficulty: easy\n"
        "questions:\n  - id: q1\n    type: text\n    prompt: Name one.\n"
        f"    answer:\n{answers}\n    explanation: Any of them.\n"
    )
    return load_source("typed.yaml", "typed", source.encode())


def typed_line(number: int) -> str:
    """What player `number` types: right, right with a typo, or wrong, in turn."""
    answer = ACCEPTED[number % len(ACCEPTED)]
    return (answer.upper(), answer.replace("ti", "it", 1), "reduce scatter")[number % 3]


async def post_question(service: QuizService, quiz_id: str = "parallelism") -> int:
    """Start an untimed round in the bench chat and post its first question."""
    started = await service.start_round(
        chat_id=CHAT,
        player=Player("bench:host", "Host"),
        quiz_id=quiz_id,
        mode="group",
        seconds=None,
    )
    view = await service.post_next(started.round_id)
    assert view is not None
    return view.post.post_id


async def load_chat_quizzes(service: QuizService, count: int) -> None:
    """Store `count` quizzes of the bench chat's own (20 GIFT questions each) and read them
    all, as a chat that uploaded them and listed /quizzes would have (issue 19)."""
    for number in range(count):
        lines = [f"::q{n}:: Question {n} of {number}? {{=yes ~no ~maybe}}" for n in range(20)]
        imported = import_file(f"chat-{number}.gift", "\n\n".join(lines).encode())
        quiz_id = imported.quiz.id
        saved = await service.store.save_chat_quiz(
            CHAT, quiz_id, imported.yaml, f"{quiz_id}.yaml", "bench:host",
            service.clock.now(), count,
        )  # fmt: skip
        assert saved is not None
    assert len(await service.catalog_in(CHAT)) >= count


async def press_burst(
    store: Store,
    players: int,
    chat_quizzes: int = 0,
    typed: bool = False,
    cpu: list[float] | None = None,
) -> tuple[float, list[float], int]:
    """(seconds for all presses, each press's latency, the post id), every press accepted;
    `chat_quizzes` of the chat's own loaded first (the press is still on a bundled quiz);
    `typed`: each player types an answer to a `text` question of 20 accepted answers
    (service.respond) instead of pressing a letter; `cpu` gets the burst's CPU seconds, the
    writer thread's included (what other processes on a shared machine barely change)."""
    quiz = typed_quiz()
    service = QuizService(store, {**load_catalog(QUIZZES), quiz.id: quiz})
    await load_chat_quizzes(service, chat_quizzes)
    post_id = await post_question(service, quiz.id if typed else "parallelism")
    latencies: list[float] = []
    # What each player types, written before the clock starts as a letter is: the service's
    # cost is measured, not the making of 10,000 strings.
    lines = [Response(typed=typed_line(number)) for number in range(players if typed else 0)]

    async def press(number: int) -> None:
        player = Player(f"bench:{number}", f"Player {number}")
        began = time.perf_counter()
        if typed:
            result = await service.respond(
                chat_id=CHAT, player=player, post_id=post_id, response=lines[number]
            )
        else:
            result = await service.press(
                chat_id=CHAT, player=player, post_id=post_id, letter_index=number % 4
            )
        latencies.append(time.perf_counter() - began)
        assert isinstance(result.outcome, Accepted)

    began, began_cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(press(number) for number in range(players)))
    elapsed = time.perf_counter() - began
    if cpu is not None:
        cpu.append(time.process_time() - began_cpu)
    return elapsed, latencies, post_id


async def awaiting_floor(players: int) -> float:
    """Seconds for the same burst when each press only awaits a future settled at once: the
    event loop's share of any design that acknowledges a press after something completes."""
    loop = asyncio.get_running_loop()
    waiting: list[asyncio.Future[None]] = []
    queued = asyncio.Event()
    latencies: list[float] = []

    async def settle_all() -> None:
        await queued.wait()
        for future in waiting:
            future.set_result(None)

    async def press() -> None:
        began = time.perf_counter()
        future = loop.create_future()
        waiting.append(future)
        queued.set()
        await future
        latencies.append(time.perf_counter() - began)

    settler = asyncio.create_task(settle_all())
    began = time.perf_counter()
    await asyncio.gather(*(press() for _ in range(players)))
    elapsed = time.perf_counter() - began
    await settler
    return elapsed
