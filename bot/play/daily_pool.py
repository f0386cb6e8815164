"""Which questions a channel's daily question may be drawn from: its schedule's quizzes, and,
where the schedule names `weak` (`/daily … weak`), the chat's weak spots.

The weak spots are the `WEAK_POOL` weakest questions of the chat now (bot/domain/weak_spots.py),
so the daily rule (no repeat until the pool is used up, most missed first) picks among what the
group is forgetting today. Before anyone has answered in the chat there are none: a schedule of
weak spots alone then draws from every quiz of the chat, so the channel still gets a question.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.domain.daily import QuestionKey, Schedule
from bot.domain.entities import WEAK_ROUND
from bot.domain.models import Question, Quiz
from bot.play.service import QuizService
from bot.play.weak_rounds import WeakSpots

WEAK_POOL = 10
"""How many of the chat's weakest questions a weak-spot schedule draws from."""


async def daily_pool(service: QuizService, schedule: Schedule) -> dict[QuestionKey, Quiz]:
    """Each question the day's question may be (its quiz key and id), with its quiz."""
    pool: dict[QuestionKey, Quiz] = {}
    for key in schedule.quiz_ids:
        quiz = None if key == WEAK_ROUND else await service.quiz_of(key)
        if quiz is not None:  # a chat quiz removed since: the others go on
            pool.update(_questions(quiz, quiz.questions))
    if WEAK_ROUND in schedule.quiz_ids:
        weak = await _weak_spots(service, schedule.chat_id)
        pool.update(weak or ({} if pool else await _every_quiz(service, schedule.chat_id)))
    hidden = await service.store.hidden_questions(schedule.chat_id)  # by its admins
    return {key: quiz for key, quiz in pool.items() if key not in hidden}


async def _weak_spots(service: QuizService, chat_id: str) -> dict[QuestionKey, Quiz]:
    pool: dict[QuestionKey, Quiz] = {}
    for spot in (await WeakSpots(service).ranked(chat_id))[:WEAK_POOL]:
        quiz = await service.quiz_of(spot.quiz_id)
        question = None if quiz is None else quiz.question(spot.question_id)
        if quiz is not None and question is not None:
            pool.update(_questions(quiz, [question]))
    return pool


async def _every_quiz(service: QuizService, chat_id: str) -> dict[QuestionKey, Quiz]:
    """Nothing answered here yet, and weak spots alone: the chat's every quiz."""
    pool: dict[QuestionKey, Quiz] = {}
    for quiz in await service.catalog_in(chat_id):
        pool.update(_questions(quiz, quiz.questions))
    return pool


def _questions(quiz: Quiz, questions: Iterable[Question]) -> dict[QuestionKey, Quiz]:
    return {(quiz.id, question.id): quiz for question in questions}
