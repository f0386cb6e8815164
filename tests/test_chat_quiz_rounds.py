"""A group round of a chat's own quiz that the chat removes while it plays: the open question
closes without results and the round goes on to its summary, live and after a restart, on
both backends (before, the round waited forever and blocked its channel)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.models import Quiz
from bot.domain.uploads import Uploaded
from bot.play.rounds import RoundRunner
from bot.storage.interface import Store
from tests.support.clocks import FakeClock
from tests.support.rounds import ANA, RecordingPublisher, make_runner
from tests.support.uploads import RecordingFetch, gift

CHAT, CHANNEL = "tg:-100", "7"


async def playing_own_quiz(runner: RoundRunner) -> int:
    service = runner.service
    outcome = await service.chat_quizzes.upload(
        CHAT, ANA.user_id, "capitals.gift", None, RecordingFetch(gift(3))
    )
    assert isinstance(outcome, Uploaded)
    started = await runner.start(
        chat_id=CHAT, channel_ref=CHANNEL, player=ANA, quiz_id=outcome.quiz.id, seconds=30
    )
    assert await service.chat_quizzes.remove(CHAT, "capitals") is not None
    return started.round_id


async def test_a_round_whose_quiz_is_removed_ends_at_its_deadline(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    publisher = RecordingPublisher()
    runner, timers = make_runner(store, quizzes, clock, publisher)
    round_id = await playing_own_quiz(runner)
    clock.advance(31)
    await timers.run_due()
    ended = await store.get_round(round_id)
    assert ended is not None
    assert ended.status != "running"
    assert await store.running_rounds() == []
    assert publisher.events[-1][0] == "summary"


@pytest.mark.parametrize("gap", [timedelta(seconds=5), timedelta(minutes=5)])
async def test_after_a_restart_a_round_whose_quiz_is_gone_ends_too(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock, gap: timedelta
) -> None:
    runner, _ = make_runner(store, quizzes, clock, RecordingPublisher())
    await playing_own_quiz(runner)
    clock.advance(gap.total_seconds())  # before and after the question's deadline
    publisher = RecordingPublisher()
    restarted, timers = make_runner(store, quizzes, clock, publisher)
    await restarted.resume()
    await timers.run_due()
    assert await store.running_rounds() == []
    assert publisher.events[-1][0] == "summary"
