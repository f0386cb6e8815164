"""Practice (solo) rounds: a new one replaces the player's abandoned one, /stop ends it; the
rule lives in RoundRunner, so Telegram's private chats and Discord's channels share it."""

from __future__ import annotations

from bot.domain.models import Quiz
from bot.play.rounds import Control
from bot.storage.interface import Store
from tests.support.clocks import FakeClock
from tests.support.rounds import ANA, BEN, RecordingPublisher, make_runner

CHAT, CHANNEL = "dc:7", "42"


async def test_a_practice_replaces_the_players_open_one_and_no_one_elses(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    runner, _ = make_runner(store, quizzes, clock, RecordingPublisher())
    practice = {"chat_id": CHAT, "channel_ref": CHANNEL, "quiz_id": "parallelism"}
    abandoned = await runner.start(**practice, player=ANA, mode="solo", seconds=None)
    bens = await runner.start(**practice, player=BEN, mode="solo", seconds=None)
    again = await runner.start(**practice, player=ANA, mode="solo", seconds=None, questions=2)
    running = {r.round_id for r in await store.running_rounds()}
    assert running == {bens.round_id, again.round_id}
    old = await store.get_round(abandoned.round_id)
    assert old is not None
    assert old.status == "stopped"


async def test_stop_practice_ends_the_players_practice_with_its_summary(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    publisher = RecordingPublisher()
    runner, _ = make_runner(store, quizzes, clock, publisher)
    for player in (ANA, BEN):
        await runner.start(
            chat_id=CHAT, channel_ref=CHANNEL, player=player, quiz_id="parallelism", mode="solo"
        )
    assert await runner.stop_practice(CHAT, CHANNEL, ANA) is Control.DONE
    assert publisher.events[-1][0] == "summary"
    assert [r.started_by for r in await store.running_rounds()] == [BEN.user_id]
    assert await runner.stop_practice(CHAT, CHANNEL, ANA) is Control.NOTHING
