"""The group's weak spots: the ranking on both stores with known cards, and the round made of
them (its questions from several quizzes, weakest first, its summary saying why)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.domain.entities import WEAK_ROUND, Answer, NewPost, Player
from bot.domain.models import Quiz
from bot.domain.review import Reviewer, make_scheduler
from bot.domain.weak_spots import SeenAnswers, rank_weak_spots
from bot.play.service import QuizService
from bot.play.weak_rounds import NothingSeenError, WeakSpots
from bot.storage.interface import Store
from bot.storage.opening import open_store
from bot.text import boards, daily_texts, upload_texts
from tests.support.clocks import FakeClock
from tests.support.daily import daily_runner, run_until, set_daily
from tests.support.rounds import ANA, RecordingPublisher, make_runner

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
CHAT, OTHER = "tg:-1", "tg:-2"
REVIEWER = Reviewer(make_scheduler(fuzzing=False))


async def open_deterministic(database: Path | str) -> Store:
    store = await open_store(database)
    store.writer.reviewer = REVIEWER  # type: ignore[attr-defined]
    return store


async def answer(
    store: Store, question: str, user: str, correct: bool, at: datetime,
    chat: str = CHAT, quiz: str = "parallelism",
) -> None:  # fmt: skip
    """One answer to a post of its own, as a daily or review question would be."""
    post = await store.create_post(
        NewPost(chat, quiz, question, (0, 1, 2, 3), 1, 1, at, None, None)
    )
    await store.add_answer(
        Answer(post.post_id, user, 0, correct, at, 3000), post, Player(user, user)
    )


async def mean_recall(store: Store, users: list[str], question: str, now: datetime) -> float:
    cards = [await store.review_card(user, "parallelism", question) for user in users]
    return sum(REVIEWER.recall(card, now) for card in cards if card) / len(users)


async def test_weakest_first_by_mean_recall_then_misses_only_what_this_chat_saw(
    database: Path | str, quizzes: dict[str, Quiz]
) -> None:
    store = await open_deterministic(database)
    clock = FakeClock(NOW)
    try:
        old = NOW - timedelta(days=10)
        await answer(store, "megatron", "tg:1", False, old)  # one miss, ten days ago
        for user in ("tg:1", "tg:2"):  # two fresh misses, and two right answers
            await answer(store, "pipeline-bubble", user, False, NOW)
            await answer(store, "tensor-split", user, True, NOW)
        await answer(store, "microbatches", "tg:2", False, NOW)  # one fresh miss
        await answer(store, "stage-transfers", "tg:1", False, old, chat=OTHER)  # not seen here
        weak = WeakSpots(QuizService(store, quizzes, clock=clock), REVIEWER)

        spots = await weak.ranked(CHAT)

        assert [spot.question_id for spot in spots] == [
            "megatron",  # lowest recall now: forgotten for ten days, though missed once
            "pipeline-bubble",  # recall ~100 % like the next two: two misses
            "microbatches",  # one miss
            "tensor-split",  # none
        ]
        assert spots[0].recall == pytest.approx(
            await mean_recall(store, ["tg:1"], "megatron", NOW)
        )
        assert spots[0].recall < 0.6 < 0.99 < spots[1].recall
        assert [(s.members, s.misses, s.answers) for s in spots[1:]] == [
            (2, 2, 2),
            (1, 1, 1),
            (2, 0, 2),
        ]

        clock.current = NOW + timedelta(days=2)  # the fresh misses fade faster than the passes
        later = await weak.ranked(CHAT)
        users = ["tg:1", "tg:2"]
        bubble = await mean_recall(store, users, "pipeline-bubble", clock.current)
        split = await mean_recall(store, users, "tensor-split", clock.current)
        assert bubble < split
        assert [s.question_id for s in later][-1] == "tensor-split"
        assert later[
            [s.question_id for s in later].index("pipeline-bubble")
        ].recall == pytest.approx(bubble)
        assert await weak.ranked("tg:-3") == []
    finally:
        await store.close()


def test_ranking_ties_in_whole_percents_then_misses_then_key() -> None:
    card = REVIEWER.review(None, False, True, NOW, 1000).card
    seen = [
        SeenAnswers("b-quiz", "q", "tg:1", card, 0, 1),
        SeenAnswers("a-quiz", "q", "tg:1", card, 0, 1),
        SeenAnswers("c-quiz", "q", "tg:1", card, 1, 1),
        SeenAnswers("c-quiz", "q", "tg:2", "not a card", 1, 1),  # unreadable: left out of the mean
    ]
    spots = rank_weak_spots(REVIEWER, seen, NOW + timedelta(minutes=5))
    assert [(s.quiz_id, s.misses, s.members) for s in spots] == [
        ("c-quiz", 2, 2), ("a-quiz", 0, 1), ("b-quiz", 0, 1),
    ]  # fmt: skip
    assert spots[0].recall == spots[1].recall


async def test_a_weak_round_mixes_quizzes_weakest_first_and_says_why(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = NOW
    await answer(store, "megatron", "tg:1", False, NOW - timedelta(days=9))
    await answer(store, "tensor-split", "tg:1", False, NOW)
    for user in ("tg:1", "tg:2"):  # missed twice: before the one-miss question of the first
        await answer(store, "zero3-vs-tensor", user, False, NOW, quiz="parallelism-deep")
    publisher = RecordingPublisher()
    runner, timers = make_runner(store, quizzes, clock, publisher)
    weak = WeakSpots(runner.service)

    started = await weak.start(
        runner, chat_id=CHAT, channel_ref="", player=ANA, mode="group", questions=2, seconds=30
    )

    assert started.quiz_id == WEAK_ROUND
    assert started.question_ids == ("parallelism/megatron", "parallelism-deep/zero3-vs-tensor")
    first = (await store.round_posts(started.round_id))[0]
    assert (first.quiz_id, first.question_id, first.total) == ("parallelism", "megatron", 2)
    for _ in range(2):
        clock.advance(31)
        await timers.run_due()
    second = (await store.round_posts(started.round_id))[1]
    assert (second.quiz_id, second.question_id) == ("parallelism-deep", "zero3-vs-tensor")
    summary = await runner.service.finish_round(started.round_id)
    assert summary is None  # finished by the runner already, with this summary:
    assert publisher.events[-1][0] == "summary"
    ended = await store.get_round(started.round_id)
    assert ended is not None
    text = boards.round_summary(quizzes["parallelism"], (), ended.total, "en", weak=ended.is_weak)
    assert text.splitlines()[:2] == [
        "🏁 Round over: Weak spots of this group",
        "Why these questions: this group is most likely to have forgotten them now. They come "
        "lowest predicted recall first (FSRS, averaged over the members who answered them "
        "here), then most missed.",
    ]


async def test_nothing_seen_here_is_said_not_started(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    await answer(store, "megatron", "tg:1", False, NOW, chat=OTHER)
    runner, _ = make_runner(store, quizzes, clock, RecordingPublisher())
    with pytest.raises(NothingSeenError):
        await WeakSpots(runner.service).start(
            runner, chat_id=CHAT, channel_ref="", player=ANA, mode="group"
        )
    assert await store.running_rounds() == []


async def test_a_daily_of_weak_spots_draws_from_what_the_chat_saw_else_from_everything(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = NOW
    seen = {"megatron", "tensor-split", "microbatches"}
    for question in seen:
        await answer(store, question, "tg:1", False, NOW - timedelta(days=1))
    runner, timers, publisher = daily_runner(store, quizzes, clock)
    await set_daily(runner, CHAT, ["weak"])
    await set_daily(runner, "tg:-9", ["weak"])  # nothing answered there yet

    await run_until(timers, clock, NOW + timedelta(days=3))

    here = [question for chat, _, question in publisher.posted if chat == CHAT]
    assert sorted(here) == sorted(seen)  # each once: the daily rule, over the weak spots
    assert [chat for chat, _, _ in publisher.posted].count("tg:-9") == 3
    schedule = await store.get_schedule(CHAT, "")
    assert schedule is not None
    assert schedule.quiz_ids == (WEAK_ROUND,)
    summary = daily_texts.schedule_summary(schedule, [], "en")
    assert "from Weak spots of this group" in summary
    assert upload_texts.removed_quizzes_line(schedule.quiz_ids, [], "en") is None


async def test_a_weak_round_goes_on_after_a_restart(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    clock.current = NOW
    await answer(store, "megatron", "tg:1", False, NOW - timedelta(days=9))
    await answer(store, "zero3-vs-tensor", "tg:1", False, NOW, quiz="parallelism-deep")
    runner, _ = make_runner(store, quizzes, clock, RecordingPublisher())
    started = await WeakSpots(runner.service).start(
        runner, chat_id=CHAT, channel_ref="", player=ANA, mode="group", seconds=30
    )
    clock.advance(60)  # the process stopped; its deadline passed meanwhile
    publisher = RecordingPublisher()
    restarted, timers = make_runner(store, quizzes, clock, publisher)
    await restarted.resume()
    await timers.run_due()
    posts = await store.round_posts(started.round_id)
    assert [(p.quiz_id, p.question_id) for p in posts] == [
        ("parallelism", "megatron"),
        ("parallelism-deep", "zero3-vs-tensor"),
    ]
    assert publisher.events[:2] == [("results", (1, 0)), ("question", 2)]
