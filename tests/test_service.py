"""The service on a real SQLite file: rounds, presses, closing, leaderboards and stats."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.entities import Player
from bot.domain.rules import Accepted, AlreadyAnswered, Refusal, Refused
from bot.domain.views import QuestionView
from bot.play.service import QuizService, UnknownQuizError
from bot.storage.interface import RoundConflictError
from tests.support.clocks import FakeClock
from tests.support.paths import bundled_ids

ANA = Player("tg:1", "Ana", "fr")
BEN = Player("tg:2", "Ben", "en")
CHAT = "tg:-100"


async def start(service: QuizService, questions: int | None = None) -> int:
    started = await service.start_round(
        chat_id=CHAT,
        player=ANA,
        quiz_id="parallelism",
        mode="group",
        questions=questions,
        seconds=30,
    )
    return started.round_id


def right(view: QuestionView) -> int:
    return view.post.correct_letter_index(view.question)


async def test_a_group_round_from_start_to_ranking(service: QuizService, clock: FakeClock) -> None:
    round_id = await start(service, questions=2)
    first = await service.post_next(round_id)
    assert first is not None
    assert (first.post.number, first.post.total) == (1, 2)
    clock.advance(2)
    await service.press(
        chat_id=CHAT, player=ANA, post_id=first.post.post_id, letter_index=right(first)
    )
    clock.advance(3)
    await service.press(
        chat_id=CHAT, player=BEN, post_id=first.post.post_id, letter_index=right(first)
    )
    closed = await service.close(first.post.post_id)
    assert closed is not None
    assert len(closed.answers) == 2
    assert await service.close(first.post.post_id) is None

    second = await service.post_next(round_id)
    assert second is not None
    assert second.post.number == 2
    await service.press(
        chat_id=CHAT, player=BEN, post_id=second.post.post_id, letter_index=right(second)
    )
    await service.press(
        chat_id=CHAT, player=ANA, post_id=second.post.post_id, letter_index=(right(second) + 1) % 4
    )
    assert await service.post_next(round_id) is None

    summary = await service.finish_round(round_id)
    assert summary is not None
    assert [(r.rank, r.line.name, r.line.points) for r in summary.ranking] == [
        (1, "Ben", 2),
        (2, "Ana", 1),
    ]
    assert await service.finish_round(round_id) is None
    board = await service.leaderboard(CHAT, "all", "tg:1")
    assert [(r.rank, r.line.user_id) for r in board.top] == [(1, "tg:2"), (2, "tg:1")]


async def test_second_press_reports_the_first_and_changes_nothing(service: QuizService) -> None:
    view = await service.post_next(await start(service))
    assert view is not None
    wrong = (right(view) + 1) % 4
    first = await service.press(
        chat_id=CHAT, player=ANA, post_id=view.post.post_id, letter_index=wrong
    )
    again = await service.press(
        chat_id=CHAT, player=ANA, post_id=view.post.post_id, letter_index=right(view)
    )
    assert isinstance(first.outcome, Accepted)
    assert again.outcome == AlreadyAnswered(first.outcome.answer)
    stats = await service.stats(CHAT, "tg:1")
    assert (stats.answered, stats.correct) == (1, 0)


async def test_press_after_the_deadline_is_refused(service: QuizService, clock: FakeClock) -> None:
    view = await service.post_next(await start(service))
    assert view is not None
    clock.advance(30)
    result = await service.press(
        chat_id=CHAT, player=ANA, post_id=view.post.post_id, letter_index=0
    )
    assert result.outcome == Refused(Refusal.CLOSED)
    assert await service.store.post_answers(view.post.post_id) == []


async def test_a_press_from_another_chat_or_an_unknown_post_is_refused(
    service: QuizService,
) -> None:
    view = await service.post_next(await start(service))
    assert view is not None
    elsewhere = await service.press(
        chat_id="tg:-999", player=BEN, post_id=view.post.post_id, letter_index=0
    )
    unknown = await service.press(chat_id=CHAT, player=BEN, post_id=424242, letter_index=0)
    for result in (elsewhere, unknown):
        assert result.outcome == Refused(Refusal.INVALID_CHOICE)
        assert result.view is None
    assert await service.store.post_answers(view.post.post_id) == []


async def test_unknown_quiz_lists_the_known_ones(service: QuizService) -> None:
    with pytest.raises(UnknownQuizError) as caught:
        await service.start_round(chat_id=CHAT, player=ANA, quiz_id="chemistry", mode="group")
    assert caught.value.known == bundled_ids()
    assert "parallelism" in caught.value.known
    assert service.quiz("  Parallelism ").id == "parallelism"


async def test_one_group_round_at_a_time_per_chat(service: QuizService) -> None:
    await start(service)
    with pytest.raises(RoundConflictError):
        await start(service)


async def test_stopping_a_round_closes_its_open_question(service: QuizService) -> None:
    round_id = await start(service)
    view = await service.post_next(round_id)
    assert view is not None
    summary = await service.finish_round(round_id, stopped=True)
    assert summary is not None
    assert summary.stopped
    assert await service.store.open_posts() == []


async def test_stats_count_day_streaks(service: QuizService, clock: FakeClock) -> None:
    for _day in range(3):
        round_id = await start(service, questions=1)
        view = await service.post_next(round_id)
        assert view is not None
        await service.press(
            chat_id=CHAT, player=ANA, post_id=view.post.post_id, letter_index=right(view)
        )
        await service.finish_round(round_id)
        clock.advance(timedelta(days=1).total_seconds())
    stats = await service.stats(CHAT, "tg:1")
    assert (stats.answered, stats.correct, stats.current_streak, stats.best_streak) == (3, 3, 3, 3)
    clock.advance(timedelta(days=1).total_seconds())
    later = await service.stats(CHAT, "tg:1")
    assert (later.current_streak, later.best_streak) == (0, 3)


async def test_today_and_week_leaderboards(service: QuizService, clock: FakeClock) -> None:
    round_id = await start(service, questions=1)
    view = await service.post_next(round_id)
    assert view is not None
    await service.press(
        chat_id=CHAT, player=ANA, post_id=view.post.post_id, letter_index=right(view)
    )
    await service.finish_round(round_id)
    assert len((await service.leaderboard(CHAT, "today")).top) == 1
    clock.advance(timedelta(days=1).total_seconds())  # Tuesday: same week, new day
    assert (await service.leaderboard(CHAT, "today")).top == ()
    assert len((await service.leaderboard(CHAT, "week")).top) == 1
    clock.advance(timedelta(days=7).total_seconds())
    assert (await service.leaderboard(CHAT, "week")).top == ()
    assert len((await service.leaderboard(CHAT, "all")).top) == 1
