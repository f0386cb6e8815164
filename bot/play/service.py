"""The quiz service: applies the engine's rules to what the store holds.

Adapters call it with neutral facts (who pressed which letter of which post) and render what it
returns. It owns no platform types and no timers; the current time comes from the clock.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from datetime import UTC, datetime, tzinfo

from bot.domain import daily, rules, uploads
from bot.domain.clock import Clock, SystemClock
from bot.domain.entities import (
    Answer,
    Mode,
    NewPost,
    NewRound,
    Period,
    Player,
    PlayerFootprint,
    Round,
    Stats,
)
from bot.domain.judging import Response
from bot.domain.models import Quiz
from bot.domain.rules import (
    Accepted,
    AlreadyAnswered,
    ForgetOutcome,
    Leaderboard,
    Refusal,
    Refused,
)
from bot.domain.views import ClosedView, PressResult, QuestionView, RoundSummary
from bot.play.chat_quizzes import ChatQuizzes
from bot.play.chat_zones import ChatZones
from bot.play.quiz_lookups import QuizLookups
from bot.play.quiz_lookups import UnknownQuizError as UnknownQuizError  # where adapters look
from bot.storage.interface import PageQuery, PostClosedError, Store

POST_CACHE_SIZE = 4096
"""Posts kept in memory for presses; a burst on one question then reads no row per press."""


class QuizService(QuizLookups):
    def __init__(
        self,
        store: Store,
        quizzes: Mapping[str, Quiz],
        clock: Clock | None = None,
        rng: random.Random | None = None,
        zone: tzinfo = UTC,
    ) -> None:
        self.store = store
        self.quizzes = dict(quizzes)
        self.clock = clock or SystemClock()
        self.rng = rng or random.Random()
        self.zone = zone
        self.zones = ChatZones(store, self.clock, zone)
        self.chat_quizzes = ChatQuizzes(store, self.quizzes, self.clock)
        self._views: dict[int, QuestionView] = {}
        """Posts as last read or written here. A post changes only when it closes, which goes
        through `close`/`finish_round` (they drop it), and its deadline is checked against
        the clock, so a cached view judges a press as the store would. Another process on
        the same database may close a post this cache still shows open: the store then
        refuses the answer (PostClosedError) and the press is judged closed. `message_ref`
        may be stale here: only `view` reads it, and `view` always reads the store."""

    async def running_round(
        self, chat_id: str, channel_ref: str, mode: Mode, user_id: str | None = None
    ) -> Round | None:
        """The round running in a channel (a solo one: that player's), if any."""
        return await self.store.running_round(chat_id, channel_ref, mode, user_id)

    async def get_round(self, round_id: int) -> Round | None:
        return await self.store.get_round(round_id)

    async def answer_of(self, post_id: int, user_id: str) -> Answer | None:
        """The answer this player gave to a post, if any."""
        return await self.store.get_answer(post_id, user_id)

    async def footprint(self, user_id: str) -> PlayerFootprint:
        """What /forgetme would delete: asked before it is confirmed."""
        return await self.store.player_footprint(user_id)

    async def forget(self, owner_id: str, presser_id: str, confirm: bool) -> ForgetOutcome:
        """Apply a press on a /forgetme prompt: it deletes only for its owner, confirming."""
        outcome = rules.forget_outcome(owner_id, presser_id, confirm)
        if outcome is ForgetOutcome.DONE:
            await self.store.forget_player(owner_id)
        return outcome

    async def start_round(
        self,
        *,
        chat_id: str,
        player: Player,
        quiz_id: str,
        mode: Mode,
        channel_ref: str = "",
        questions: int | None = None,
        seconds: int | None = None,
    ) -> Round:
        """Start a round (`quiz_id`: a bundled id or a chat quiz's key); raises UnknownQuiz,
        or RoundConflict if one already runs there."""
        quiz = await self.quiz_of(quiz_id.strip().lower()) or self.quiz(quiz_id)
        await self.store.save_player(player)
        askable = await self.askable(chat_id, quiz)
        new = NewRound(
            chat_id=chat_id,
            channel_ref=channel_ref,
            quiz_id=quiz.id,
            mode=mode,
            question_ids=rules.pick_questions(askable, questions, self.rng),
            started_by=player.user_id,
            seconds_per_question=seconds if mode == "group" else None,
            language=player.language,
        )
        return await self.store.create_round(new, self.clock.now())

    async def askable(self, chat_id: str, quiz: Quiz) -> list[str]:
        """The quiz's question ids a round here may ask: not hidden by the chat's admins."""
        hidden = await self.store.hidden_questions(chat_id)
        return [q.id for q in quiz.questions if (quiz.id, q.id) not in hidden]

    async def post_next(self, round_id: int) -> QuestionView | None:
        """Post the round's next question, or None when every question has been posted."""
        current = await self.store.get_round(round_id)
        if current is None or not current.is_running or current.position >= current.total:
            return None
        quiz_key, question_id = current.question_at(current.position)
        quiz = await self.quiz_of(quiz_key)
        question = None if quiz is None else quiz.question(question_id)
        if quiz is None or question is None:  # the quiz changed or went under a running round
            return None
        now = self.clock.now()
        deadline = None
        if current.seconds_per_question:
            deadline = datetime.fromtimestamp(
                now.timestamp() + current.seconds_per_question, tz=UTC
            )
        post = await self.store.create_post(
            NewPost(
                chat_id=current.chat_id,
                quiz_id=quiz.id,
                question_id=question.id,
                order=rules.post_order(question, self.rng),
                number=current.position + 1,
                total=current.total,
                opened_at=now,
                deadline=deadline,
                round_id=current.round_id,
            )
        )
        return self._remember(QuestionView(quiz, question, post))

    async def published(self, view: QuestionView, message_ref: str) -> QuestionView:
        """Record a posted question's message. Its timer starts now that the message is out,
        so a send the rate limiter held back does not shorten the time the question shows."""
        post = view.post
        deadline = None
        if post.deadline is not None:
            deadline = max(post.deadline, self.clock.now() + (post.deadline - post.opened_at))
        await self.store.set_post_message(post.post_id, message_ref, deadline)
        moved = dataclasses.replace(post, message_ref=message_ref, deadline=deadline)
        return self._remember(dataclasses.replace(view, post=moved))

    async def view(self, post_id: int) -> QuestionView | None:
        """A post as the store has it now."""
        post = await self.store.get_post(post_id)
        quiz = None if post is None else await self.quiz_of(post.quiz_id)
        if post is None or quiz is None:
            return None
        question = quiz.question(post.question_id)
        return None if question is None else self._remember(QuestionView(quiz, question, post))

    async def cached_view(self, post_id: int) -> QuestionView | None:
        """A post as last seen here, else as the store has it: what a press is judged on."""
        return self._views.get(post_id) or await self.view(post_id)

    def _remember(self, found: QuestionView) -> QuestionView:
        self._views[found.post.post_id] = found
        if len(self._views) > POST_CACHE_SIZE:
            del self._views[next(iter(self._views))]  # the oldest post
        return found

    async def press(
        self, *, chat_id: str, player: Player, post_id: int, letter_index: int
    ) -> PressResult:
        """Judge and record a press. An accepted answer is committed before this returns.

        The hot path reads nothing: the post comes from memory, and the store's
        UNIQUE(post, user) tells a repeated press apart. The player is saved in the answer's
        own transaction.
        """
        found = await self.cached_view(post_id)
        if found is None or found.post.chat_id != chat_id:
            return PressResult(Refused(Refusal.INVALID_CHOICE), None)
        now = self.clock.now()
        outcome = rules.judge_press(
            found.post, found.question, None, player.user_id, letter_index, now
        )
        return await self._record(outcome, found, player)

    async def respond(
        self, *, chat_id: str, player: Player, post_id: int, response: Response
    ) -> PressResult:
        """Judge and record a whole response to a question of any type (the letters picked,
        or the line typed), as `press` does a letter: committed before this returns."""
        found = await self.cached_view(post_id)
        if found is None or found.post.chat_id != chat_id:
            return PressResult(Refused(Refusal.INVALID_CHOICE), None)
        outcome = rules.judge_response(
            found.post,
            found.question,
            None,
            player.user_id,
            response,
            self.clock.now(),
            player.language,
        )
        return await self._record(outcome, found, player)

    async def _record(
        self, outcome: rules.PressOutcome, found: QuestionView, player: Player
    ) -> PressResult:
        """Store an accepted answer; tell a refused one from an answer already given."""
        post_id = found.post.post_id
        if isinstance(outcome, Refused):  # a first answer is reported before any refusal
            existing = await self.store.get_answer(post_id, player.user_id)
            if existing is not None:
                outcome = AlreadyAnswered(existing)
        elif isinstance(outcome, Accepted):
            try:
                stored, created = await self.store.add_answer(outcome.answer, found.post, player)
            except PostClosedError:  # closed meanwhile, maybe by another process
                self._views.pop(post_id, None)
                return PressResult(Refused(Refusal.CLOSED), found)
            if not created:
                outcome = AlreadyAnswered(stored)
        return PressResult(outcome, found)

    async def close(self, post_id: int) -> ClosedView | None:
        """Close a question; None if it was already closed (another closer got there first)."""
        found = await self.view(post_id)
        closed = found is not None and await self.store.close_post(post_id, self.clock.now())
        self._views.pop(post_id, None)
        if found is None or not closed:
            return None
        answers = await self.store.post_answers(post_id)
        return ClosedView(found, tuple(answers))

    async def finish_round(
        self, round_id: int, stopped: bool = False, claim_summary: bool = False
    ) -> RoundSummary | None:
        """End a round and rank it; None if it had already ended. `claim_summary`: the
        caller posts the summary and then says so (`Store.summary_sent`), or another
        process takes it over."""
        current = await self.store.get_round(round_id)
        now = self.clock.now()
        status = "stopped" if stopped else "finished"
        if current is None or not await self.store.end_round(round_id, status, now, claim_summary):
            return None
        for post in await self.store.round_posts(round_id):
            await self.store.close_post(post.post_id, now)
            self._views.pop(post.post_id, None)
        return await self.summary(current, stopped)

    async def summary(self, current: Round, stopped: bool) -> RoundSummary:
        """An ended round's ranking, as the store has it."""
        ranking = rules.rank_round(await self.store.round_scores(current.round_id))
        quiz = await self.quiz_of(current.quiz_id) or uploads.removed_quiz(current.quiz_id)
        return RoundSummary(current, quiz, tuple(ranking), stopped)

    async def move_chat(self, old_chat_id: str, new_chat_id: str) -> int:
        """A chat's new id (a Telegram group upgraded to a supergroup): its rows move in one
        transaction (its /timezone too), and cached posts and zones of both ids go, so
        later presses, answers and boards use the new one. The rows changed; 0 for a move
        already made."""
        moved = await self.store.move_chat(old_chat_id, new_chat_id, self.clock.now())
        stale = [key for key, view in self._views.items() if view.post.chat_id == old_chat_id]
        for post_id in stale:
            del self._views[post_id]
        self.zones.forget(old_chat_id, new_chat_id)
        return moved

    async def leaderboard(
        self, chat_id: str, period: Period, user_id: str | None = None, quiz_id: str | None = None
    ) -> Leaderboard:
        """One query, after the chat's zone; a second for streaks only with daily questions."""
        zone = await self.zones.of(chat_id)
        since = rules.period_start(period, self.clock.now(), zone.zone)
        size = rules.LEADERBOARD_SIZE
        standing = await self.store.standing(PageQuery(chat_id, since, quiz_id, user_id, size))
        board = rules.leaderboard_page(standing, user_id, period, quiz_id, size)
        board = dataclasses.replace(board, zone=zone.name)
        return await self._with_streaks(chat_id, board) if standing.has_daily else board

    async def _with_streaks(self, chat_id: str, board: Leaderboard) -> Leaderboard:
        """Add the daily-question streaks of the players shown, read in one query."""
        shown = [entry.line.user_id for entry in (*board.top, board.me) if entry is not None]
        records = await self.store.daily_records(chat_id, shown)
        streaks = {
            user_id: daily.daily_streaks(record.outcomes, record.last_is_open)[0]
            for user_id, record in records.items()
        }
        return dataclasses.replace(board, streaks=streaks)

    async def stats(self, chat_id: str, user_id: str) -> Stats:
        """Streaks count scheduled daily questions where the chat has them, else calendar days."""
        totals = await self.store.player_totals(chat_id, user_id)
        record = await self.store.daily_record(chat_id, user_id)
        if record.outcomes:
            current, best = daily.daily_streaks(record.outcomes, record.last_is_open)
            return Stats(totals.answered, totals.correct, current, best)
        zone = (await self.zones.of(chat_id)).zone
        days = (moment.astimezone(zone).date() for moment in totals.correct_times)
        today = self.clock.now().astimezone(zone).date()
        current, best = rules.streaks(days, today)
        return Stats(totals.answered, totals.correct, current, best)
