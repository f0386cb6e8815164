"""Group rounds driven by deadlines on an injected clock, with restarts on the same file."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from bot.domain.entities import Player
from bot.domain.models import Quiz
from bot.domain.views import QuestionView
from bot.play.claims import CLAIM_GRACE
from bot.play.rounds import Control, RoundRunner
from bot.storage.interface import Store
from bot.storage.opening import open_store
from tests.support.clocks import FakeClock
from tests.support.rounds import ANA, BEN, RecordingPublisher, make_runner

CHAT = "tg:-5"


async def current_view(runner: RoundRunner) -> QuestionView:
    posts = await runner.store.open_posts()
    assert len(posts) == 1
    view = await runner.service.view(posts[0].post_id)
    assert view is not None
    return view


async def test_a_timed_round_runs_to_its_ranking(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    publisher = RecordingPublisher()
    runner, timers = make_runner(store, quizzes, clock, publisher)
    await runner.start(
        chat_id=CHAT, channel_ref="", player=ANA, quiz_id="parallelism", questions=2, seconds=30
    )
    for _ in range(2):
        view = await current_view(runner)
        assert view.post.message_ref == f"msg-{view.post.post_id}"
        right = view.post.correct_letter_index(view.question)
        clock.advance(1)
        await runner.press(chat_id=CHAT, player=BEN, post_id=view.post.post_id, letter_index=right)
        await timers.run_due()
        clock.advance(29)
        await timers.run_due()
    assert publisher.events == [
        ("question", 1),
        ("count", 1),
        ("results", (1, 1)),
        ("question", 2),
        ("count", 1),
        ("results", (2, 1)),
        ("summary", (False, [(1, "Ben", 2)])),
    ]
    assert await store.running_rounds() == []


async def test_answered_count_edits_are_throttled(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    publisher = RecordingPublisher()
    runner, timers = make_runner(store, quizzes, clock, publisher)
    await runner.start(chat_id=CHAT, channel_ref="", player=ANA, quiz_id="parallelism", seconds=30)
    view = await current_view(runner)
    for number in range(6):
        player = Player(f"tg:{100 + number}", f"P{number}", "en")
        await runner.press(chat_id=CHAT, player=player, post_id=view.post.post_id, letter_index=0)
        await timers.run_due()
        clock.advance(1)
    await timers.run_due()
    counts = [value for kind, value in publisher.events if kind == "count"]
    assert counts == [1, 6]  # at once, then not before 5 s later: presses 2-6 in one edit
    late = Player("tg:200", "Late", "en")
    await runner.press(chat_id=CHAT, player=late, post_id=view.post.post_id, letter_index=0)
    await timers.run_due()
    assert [v for k, v in publisher.events if k == "count"] == [1, 6]
    clock.advance(4)
    await timers.run_due()
    assert [v for k, v in publisher.events if k == "count"] == [1, 6, 7]


async def test_reveal_and_stop_need_the_starter_or_an_admin(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    publisher = RecordingPublisher()
    runner, _ = make_runner(store, quizzes, clock, publisher)
    await runner.start(
        chat_id=CHAT, channel_ref="", player=ANA, quiz_id="parallelism", questions=3
    )
    view = await current_view(runner)
    assert await runner.reveal(view.post.post_id, BEN, is_admin=False) is Control.NOT_ALLOWED
    assert await runner.reveal(view.post.post_id, ANA, is_admin=False) is Control.DONE
    assert ("results", (1, 0)) in publisher.events
    assert ("question", 2) in publisher.events
    assert await runner.stop(CHAT, "", BEN, is_admin=False) is Control.NOT_ALLOWED
    assert await runner.stop(CHAT, "", BEN, is_admin=True) is Control.DONE
    assert publisher.events[-2:] == [("results", (2, 0)), ("summary", (True, []))]
    assert await runner.stop(CHAT, "", ANA, is_admin=False) is Control.NOTHING


async def test_resume_after_a_restart(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    first_store = await open_store(database)
    runner, _ = make_runner(first_store, quizzes, clock, RecordingPublisher())
    await runner.start(
        chat_id=CHAT, channel_ref="", player=ANA, quiz_id="parallelism", questions=2, seconds=30
    )
    view = await current_view(runner)
    await runner.press(chat_id=CHAT, player=BEN, post_id=view.post.post_id, letter_index=0)
    await first_store.close()  # the process dies; its timers die with it

    clock.advance(10)
    store = await open_store(database)
    try:
        publisher = RecordingPublisher()
        runner, timers = make_runner(store, quizzes, clock, publisher)
        await runner.resume()
        assert publisher.events == []
        assert timers.pending() == [f"close:{view.post.post_id}"]
        pressed_again = await runner.press(
            chat_id=CHAT, player=BEN, post_id=view.post.post_id, letter_index=1
        )
        assert type(pressed_again.outcome).__name__ == "AlreadyAnswered"
        clock.advance(20)
        await timers.run_due()
        assert publisher.events[:2] == [("results", (1, 1)), ("question", 2)]
    finally:
        await store.close()


async def test_resume_closes_an_overdue_question_at_once(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    first_store = await open_store(database)
    runner, _ = make_runner(first_store, quizzes, clock, RecordingPublisher())
    await runner.start(
        chat_id=CHAT, channel_ref="", player=ANA, quiz_id="parallelism", questions=1, seconds=30
    )
    await first_store.close()
    clock.advance(3600)
    store = await open_store(database)
    try:
        publisher = RecordingPublisher()
        runner, timers = make_runner(store, quizzes, clock, publisher)
        await runner.resume()
        await timers.run_due()
        assert publisher.events == [("results", (1, 0)), ("summary", (False, []))]
        assert await store.running_rounds() == []
    finally:
        await store.close()


async def test_resume_only_touches_the_chats_this_process_serves(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    first_store = await open_store(database)
    runner, _ = make_runner(first_store, quizzes, clock, RecordingPublisher())
    for chat in ("dc:mine", "dc:theirs"):
        await runner.start(
            chat_id=chat,
            channel_ref="",
            player=ANA,
            quiz_id="parallelism",
            questions=1,
            seconds=30,
        )
    await first_store.close()
    store = await open_store(database)
    try:
        runner, timers = make_runner(store, quizzes, clock, RecordingPublisher())
        await runner.resume(owns=lambda chat_id: chat_id == "dc:mine")
        mine = [p.post_id for p in await store.open_posts() if p.chat_id == "dc:mine"]
        assert timers.pending() == [f"close:{mine[0]}"]
    finally:
        await store.close()


async def died_between_questions(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock, next_stored: bool = False
) -> tuple[QuestionView, QuestionView | None]:
    """A 2-question round whose first question closed just before its process died (the
    closed question's view); `next_stored`: it died after storing the next question, before
    sending it (that question's view)."""
    first = await open_store(database)
    runner, _ = make_runner(first, quizzes, clock, RecordingPublisher())
    await runner.start(
        chat_id=CHAT, channel_ref="", player=ANA, quiz_id="parallelism", questions=2, seconds=30
    )
    view = await current_view(runner)
    assert await first.close_post(view.post.post_id, clock.now())
    stored = await runner.service.post_next(view.post.round_id or 0) if next_stored else None
    await first.close()
    return view, stored


async def test_two_workers_resuming_one_round_post_its_next_question_once(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """A worker died between closing a question and posting the next; two others resume."""
    view, _ = await died_between_questions(database, quizzes, clock)

    stores = [await open_store(database) for _ in range(2)]
    try:
        publishers = [RecordingPublisher(), RecordingPublisher()]
        pairs = zip(stores, publishers, strict=True)
        runners = [make_runner(store, quizzes, clock, p)[0] for store, p in pairs]
        await asyncio.gather(*(each.resume() for each in runners))
        posted = [event for p in publishers for event in p.events]
        assert posted == [("question", 2)]
        [open_post] = await stores[0].open_posts()
        assert open_post.number == 2
        # The interleaving where a worker reads the round only after the other posted the
        # last question: "nothing left to post" must not end the round under it.
        for each in runners:
            await each._advance(view.post.round_id or 0)
        assert [event for p in publishers for event in p.events] == [("question", 2)]
        current = await stores[1].get_round(view.post.round_id or 0)
        assert current is not None
        assert current.is_running
    finally:
        for opened in stores:
            await opened.close()


async def test_a_question_stored_but_not_sent_is_left_to_its_sender_then_sent_once(
    database: Path | str, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Two workers resume while a third has stored the next question and is still sending
    it: they leave it alone for CLAIM_GRACE (its sender would record it); if it is still
    unsent then, its sender died, and exactly one of them sends it, for its full time."""
    _, stored = await died_between_questions(database, quizzes, clock, next_stored=True)
    assert stored is not None
    assert stored.post.message_ref is None

    stores = [await open_store(database) for _ in range(2)]
    try:
        publishers = [RecordingPublisher(), RecordingPublisher()]
        made = [make_runner(s, quizzes, clock, p) for s, p in zip(stores, publishers, strict=True)]
        await asyncio.gather(*(each.resume() for each, _ in made))
        assert [event for p in publishers for event in p.events] == []  # left to its sender
        unsent = f"unsent:{stored.post.post_id}"
        assert all(unsent in timers.pending() for _, timers in made)

        clock.advance(int(CLAIM_GRACE.total_seconds()))
        await asyncio.gather(*(timers.run_due() for _, timers in made))
        assert [event for p in publishers for event in p.events] == [("question", 2)]
        [sent] = await stores[0].open_posts()
        assert sent.message_ref is not None
        assert sent.deadline == clock.now() + timedelta(seconds=30)  # its full time, from now
    finally:
        for store in stores:
            await store.close()
