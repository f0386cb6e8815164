"""A chat that kicked the bot or a deleted question never stops a round runner or its peers."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.domain.entities import Round
from bot.domain.models import Quiz
from bot.domain.views import ClosedView, QuestionView
from bot.play.claims import CLAIM_GRACE
from bot.play.gone import ChatGoneError, MessageGoneError
from bot.storage.interface import Store
from bot.storage.opening import open_store
from tests.support.clocks import FakeClock
from tests.support.rounds import ANA, RecordingPublisher, make_runner

KICKED = "tg:-1"
FINE = "tg:-2"


@dataclass
class FailingPublisher(RecordingPublisher):
    """Fails every send to some chats, and every edit of some questions."""

    broken: dict[str, Exception] = field(default_factory=dict)
    gone_numbers: set[int] = field(default_factory=set)

    async def post_question(self, round_: Round, view: QuestionView) -> str:
        if round_.chat_id in self.broken:
            raise self.broken[round_.chat_id]
        return await super().post_question(round_, view)

    async def show_results(self, round_: Round, closed: ClosedView) -> None:
        if round_.chat_id in self.broken:
            raise self.broken[round_.chat_id]
        if closed.view.post.number in self.gone_numbers:
            raise MessageGoneError("message to edit not found")
        await super().show_results(round_, closed)


async def two_rounds_between_questions(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock, next_stored: bool = False
) -> None:
    """Rounds in two chats whose first question closed just before the process died;
    `next_stored`: it died after storing the next question, before sending it."""
    store = await open_store(database)
    runner, _ = make_runner(store, quizzes, clock, RecordingPublisher())
    for chat in (KICKED, FINE):
        await runner.start(
            chat_id=chat, channel_ref="", player=ANA, quiz_id="parallelism", questions=2
        )
    for post in await store.open_posts():
        assert await store.close_post(post.post_id, clock.now())
        if next_stored:
            assert await runner.service.post_next(post.round_id or 0) is not None
    await store.close()


@pytest.mark.parametrize(
    "error", [RuntimeError("boom"), ChatGoneError("Forbidden: bot was kicked")]
)
async def test_one_failing_chat_does_not_stop_resuming_the_others(
    database: Path | str,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    error: Exception,
    caplog: pytest.LogCaptureFixture,
) -> None:
    await two_rounds_between_questions(database, quizzes, clock)
    store = await open_store(database)
    try:
        publisher = FailingPublisher(broken={KICKED: error})
        runner, _ = make_runner(store, quizzes, clock, publisher)
        with caplog.at_level(logging.INFO, logger="bot.play.rounds"):
            await runner.resume()
        assert publisher.events == [("question", 2)]  # the other chat is served at once
        running = [r.chat_id for r in await store.running_rounds()]
        # a chat that is gone ends its round; another failure leaves it for the next start
        assert running == ([FINE] if isinstance(error, ChatGoneError) else [KICKED, FINE])
        lines = [r.getMessage() for r in caplog.records if KICKED in r.getMessage()]
        assert len(lines) == 1
        assert "\n" not in lines[0]
        assert caplog.records[0].exc_info is None  # one line, no traceback
    finally:
        await store.close()


async def test_a_deleted_question_gets_its_results_anew_and_the_round_goes_on(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    publisher = FailingPublisher(gone_numbers={1})
    runner, timers = make_runner(store, quizzes, clock, publisher)
    await runner.start(
        chat_id=FINE, channel_ref="", player=ANA, quiz_id="parallelism", questions=2, seconds=30
    )
    for _ in range(2):
        clock.advance(30)
        await timers.run_due()
    assert publisher.events == [
        ("question", 1),
        ("results anew", (1, 0)),
        ("question", 2),
        ("results", (2, 0)),
        ("summary", (False, [])),
    ]
    assert await store.running_rounds() == []


async def test_a_chat_gone_mid_round_ends_it_quietly(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    publisher = FailingPublisher()
    runner, timers = make_runner(store, quizzes, clock, publisher)
    await runner.start(
        chat_id=KICKED, channel_ref="", player=ANA, quiz_id="parallelism", questions=2, seconds=30
    )
    publisher.broken[KICKED] = ChatGoneError("Forbidden: bot was kicked from the group chat")
    clock.advance(30)
    await timers.run_due()
    assert publisher.events == [("question", 1)]
    assert await store.running_rounds() == []
    assert timers.pending() == []


async def test_a_chat_gone_when_its_unsent_question_is_taken_over_ends_its_round_quietly(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """The question was stored but not sent when its process died; after the claim's grace
    the sending fails because the bot was kicked: the round ends, the other chat goes on."""
    await two_rounds_between_questions(database, quizzes, clock, next_stored=True)
    store = await open_store(database)
    try:
        publisher = FailingPublisher(broken={KICKED: ChatGoneError("Forbidden: bot was kicked")})
        runner, timers = make_runner(store, quizzes, clock, publisher)
        await runner.resume()
        clock.advance(int(CLAIM_GRACE.total_seconds()))
        await timers.run_due()
        assert [r.chat_id for r in await store.running_rounds()] == [FINE]
        assert publisher.events == [("question", 2)]  # FINE's, sent once
    finally:
        await store.close()
