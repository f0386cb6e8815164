"""A chat's own quiz where quizzes are played by key: daily schedules (and one whose quiz the
chat removed: skipped and said so, never a crash), spaced review cards, and the report's
titles; on a real SQLite file with the injected clock and manual timers."""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, time

import pytest

from bot.domain.daily import DailyPost, DailyRule
from bot.domain.entities import Answer, Player
from bot.domain.models import Quiz
from bot.domain.review_sessions import NothingDue, ReviewSession, ReviewSummary
from bot.domain.uploads import Uploaded, shown_id
from bot.domain.views import ClosedView, QuestionView
from bot.play.daily_runner import DailyRunner
from bot.play.review import ReviewRunner
from bot.play.service import QuizService, UnknownQuizError
from bot.storage.sqlite.store import SQLiteStore
from bot.text import upload_texts
from tests.support.clocks import FakeClock, ManualTimers
from tests.support.uploads import RecordingFetch, gift

CHAT, OTHER = "tg:-100", "tg:-200"
ADMIN, ANA = Player("tg:9", "Admin", "en"), Player("tg:1", "Ana", "en")


@dataclass
class Shown:
    """What a platform would have shown: daily posts and review questions, by quiz key."""

    daily: list[str] = field(default_factory=list)
    review: list[str] = field(default_factory=list)

    async def post_daily(
        self, daily_post: DailyPost, view: QuestionView, previous: ClosedView | None
    ) -> str:
        self.daily.append(view.quiz.id)
        return f"msg-{view.post.post_id}"

    async def show_daily_results(self, daily_post: DailyPost, closed: ClosedView) -> None:
        return None

    async def post_review_question(self, session: ReviewSession, view: QuestionView) -> str:
        self.review.append(view.quiz.id)
        return f"review-{view.post.post_id}"

    async def show_review_verdict(
        self, session: ReviewSession, view: QuestionView, answer: Answer
    ) -> None:
        return None

    async def post_review_summary(self, summary: ReviewSummary) -> None:
        return None


@pytest.fixture
def local(sqlite_store: SQLiteStore, quizzes: dict[str, Quiz], clock: FakeClock) -> QuizService:
    clock.current = datetime(2026, 3, 2, 12, tzinfo=UTC)
    return QuizService(sqlite_store, quizzes, clock=clock, rng=random.Random(5))


async def own_quiz(service: QuizService, chat: str = CHAT) -> Quiz:
    outcome = await service.chat_quizzes.upload(
        chat, ADMIN.user_id, "capitals.gift", None, RecordingFetch(gift(3))
    )
    assert isinstance(outcome, Uploaded)
    return outcome.quiz


async def run_days(timers: ManualTimers, clock: FakeClock, days: int) -> None:
    for _ in range(days):
        clock.advance(86400)
        while (when := timers.next_due()) is not None and when <= clock.current:
            await timers.run_due()


async def test_a_daily_schedule_of_a_removed_chat_quiz_is_skipped_and_said_so(
    local: QuizService, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    quiz = await own_quiz(local)
    timers, shown = ManualTimers(clock), Shown()
    runner = DailyRunner(local, shown, timers)
    with pytest.raises(UnknownQuizError):  # another chat cannot schedule it
        await runner.set(chat_id=OTHER, channel_ref="", rule=DailyRule(time(9), "UTC"),
                         quiz_names=["capitals"], player=ADMIN)  # fmt: skip
    schedule = await runner.set(
        chat_id=CHAT, channel_ref="", rule=DailyRule(time(9), "UTC"),
        quiz_names=["capitals"], player=ADMIN,
    )  # fmt: skip
    assert schedule.quiz_ids == (quiz.id,)
    await run_days(timers, clock, 2)
    assert shown.daily == [quiz.id, quiz.id]

    await local.chat_quizzes.remove(CHAT, "capitals")
    with caplog.at_level(logging.WARNING):
        await run_days(timers, clock, 2)
    assert shown.daily == [quiz.id, quiz.id]  # nothing more, and no crash
    assert "no quiz of it is installed" in caplog.text
    left = await local.quizzes_of(schedule.quiz_ids)
    assert left == []
    line = upload_texts.removed_quizzes_line(schedule.quiz_ids, left, "en")
    assert line is not None
    assert "removed" in line
    assert upload_texts.removed_quizzes_line(("parallelism",), [local.quizzes["parallelism"]],
                                             "en") is None  # fmt: skip


async def test_a_missed_chat_quiz_question_comes_back_in_review_until_removed(
    local: QuizService, clock: FakeClock
) -> None:
    quiz = await own_quiz(local)
    started = await local.start_round(
        chat_id=CHAT, player=ANA, quiz_id=quiz.id, mode="solo", questions=1
    )
    view = await local.post_next(started.round_id)
    assert view is not None
    wrong = (view.post.correct_letter_index(view.question) + 1) % len(view.question.choices)
    await local.press(chat_id=CHAT, player=ANA, post_id=view.post.post_id, letter_index=wrong)
    shown = Shown()
    review = ReviewRunner(local, shown)
    session = await review.start(chat_id="tg:1", channel_ref="", player=ANA)  # a private chat
    assert isinstance(session, ReviewSession)
    assert shown.review == [quiz.id]

    await local.chat_quizzes.remove(CHAT, "capitals")
    assert isinstance(await review.start(chat_id="tg:1", channel_ref="", player=ANA), NothingDue)


async def test_quiz_lists_set_the_chat_s_own_apart_and_show_plain_ids(
    local: QuizService,
) -> None:
    quiz = await own_quiz(local)
    text = upload_texts.quiz_list_in(await local.catalog_in(CHAT), "en")
    bundled, own = text.split("\n\n")
    assert "parallelism" in bundled
    assert "capitals" not in bundled
    assert own.startswith("This chat's own quizzes:")
    assert "capitals · capitals · 3 questions" in own
    assert quiz.id not in text  # the key never shows
    assert shown_id(quiz.id) == "capitals"
    assert "capitals" not in upload_texts.quiz_list_in(await local.catalog_in(OTHER), "fr")
