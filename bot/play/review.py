"""Review sessions: a player's due misses, asked one at a time, privately, at their own pace.

Platform-neutral like the round runner: an adapter supplies a `ReviewPublisher`. A session
holds up to 20 due questions, most overdue first, across every quiz; each is a post of its
own (no round, no deadline) answered through `QuizService.press`, so the answer and its card
are committed together like any other. The session (its current post and tally) is in the
store: after a restart, a press on the current question carries on. Questions reviewed since
the session started are not asked again in it: a miss is due at once, but retried next time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol

from bot.domain import rules
from bot.domain.entities import Answer, NewPost, Player
from bot.domain.review import Reviewer, ReviewStats
from bot.domain.review import deck_stats as _deck_stats
from bot.domain.review_sessions import (
    SESSION_SIZE,
    DueCard,
    NothingDue,
    ReviewSession,
    ReviewSummary,
)
from bot.domain.rules import Accepted
from bot.domain.views import PressResult, QuestionView, RoundSummary
from bot.play.service import QuizService


def someone_missed(summary: RoundSummary) -> bool:
    """Whether a round's summary should offer "Review my misses": someone answered wrong."""
    return any(entry.line.points < entry.line.answered for entry in summary.ranking)


class ReviewPublisher(Protocol):
    """What a platform does with a review session's messages."""

    async def post_review_question(self, session: ReviewSession, view: QuestionView) -> str:
        """Show a question to the player alone; return a reference to its message."""
        ...

    async def show_review_verdict(
        self, session: ReviewSession, view: QuestionView, answer: Answer
    ) -> None:
        """The verdict and the full explanation (where the press did not already show it)."""
        ...

    async def post_review_summary(self, summary: ReviewSummary) -> None: ...


class ReviewRunner:
    def __init__(
        self, service: QuizService, publisher: ReviewPublisher, reviewer: Reviewer | None = None
    ) -> None:
        self.service = service
        self.store = service.store
        self.publisher = publisher
        self.reviewer = reviewer or Reviewer()
        """Only predicts recall for stats here; the store's writer schedules the cards."""

    async def due_count(self, user_id: str) -> int:
        return await self.store.count_due(user_id, self.service.clock.now())

    async def nothing_due(self, user_id: str, chat_id: str) -> NothingDue:
        """When the player's next question is due, in the zone of the chat asking."""
        zone = (await self.service.zones.of(chat_id)).zone
        return NothingDue(await self.store.next_due(user_id), zone)

    async def stats(self, user_id: str) -> ReviewStats:
        deck = await self.store.review_deck(user_id)
        return _deck_stats(self.reviewer, deck, self.service.clock.now())

    async def start(
        self, *, chat_id: str, channel_ref: str, player: Player
    ) -> ReviewSession | NothingDue:
        """Start (or restart) the player's session here and ask its first question."""
        previous = await self.store.review_session(player.user_id, chat_id)
        if previous is not None and previous.post_id is not None:  # left unfinished
            await self.service.close(previous.post_id)
        now = self.service.clock.now()
        due = await self.store.due_cards(player.user_id, now, SESSION_SIZE)
        due = await self._known(due, chat_id)
        if not due:
            return await self.nothing_due(player.user_id, chat_id)
        await self.service.store.save_player(player)
        session = ReviewSession(
            player.user_id, chat_id, channel_ref, now, len(due), player.language
        )
        return await self._ask(session, due[0])

    async def after_answer(self, result: PressResult) -> bool:
        """If the press answered its player's current review question: show the verdict, then
        ask the next one or sum up. False (doing nothing) for any other press."""
        outcome, view = result.outcome, result.view
        if not isinstance(outcome, Accepted) or view is None or view.post.round_id is not None:
            return False
        answer = outcome.answer
        session = await self.store.review_session(answer.user_id, view.post.chat_id)
        if session is None or session.post_id != view.post.post_id:
            return False
        await self.service.close(view.post.post_id)
        await self.publisher.show_review_verdict(session, view, answer)
        session = dataclasses.replace(
            session, asked=session.asked + 1, correct=session.correct + int(answer.correct)
        )
        following = await self._following(session) if session.asked < session.total else None
        if following is not None:
            await self._ask(session, following)
            return True
        await self.store.end_review_session(session.user_id, session.chat_id)
        left = await self.nothing_due(session.user_id, session.chat_id)
        await self.publisher.post_review_summary(ReviewSummary(session, left.next_due, left.zone))
        return True

    async def _following(self, session: ReviewSession) -> DueCard | None:
        due = await self.store.due_cards(
            session.user_id, self.service.clock.now(), SESSION_SIZE, session.started_at
        )
        known = await self._known(due, session.chat_id)
        return known[0] if known else None

    async def _known(self, due: Sequence[DueCard], chat_id: str) -> list[DueCard]:
        """Cards of questions still there (a quiz file may have dropped one, a chat may have
        removed its quiz) and not hidden in the chat reviewing (/flags hide)."""
        hidden = await self.store.hidden_questions(chat_id)
        known = []
        for card in due:
            if (card.quiz_id, card.question_id) in hidden:
                continue
            quiz = await self.service.quiz_of(card.quiz_id)
            if quiz is not None and quiz.question(card.question_id):
                known.append(card)
        return known

    async def _ask(self, session: ReviewSession, card: DueCard) -> ReviewSession:
        """Post the card's question; the session names it before it is published."""
        quiz = await self.service.quiz_of(card.quiz_id)
        question = None if quiz is None else quiz.question(card.question_id)
        assert quiz is not None
        assert question is not None
        post = await self.store.create_post(
            NewPost(
                chat_id=session.chat_id,
                quiz_id=quiz.id,
                question_id=question.id,
                order=rules.post_order(question, self.service.rng),
                number=session.asked + 1,
                total=session.total,
                opened_at=self.service.clock.now(),
                deadline=None,
                round_id=None,
            )
        )
        session = dataclasses.replace(session, post_id=post.post_id)
        await self.store.save_review_session(session)
        view = QuestionView(quiz, question, post)
        ref = await self.publisher.post_review_question(session, view)
        await self.store.set_post_message(post.post_id, ref)
        return session
