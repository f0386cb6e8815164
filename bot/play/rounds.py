"""Runs rounds in chats: posts questions, closes them at their deadline, ranks the round.

Platform-neutral: an adapter supplies a `Publisher` that turns neutral views into messages.
Every step reads and writes the store first, so `resume()` after a restart picks up exactly
where the last process stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from enum import Enum

from bot.domain.entities import NewRound, Player, Post, Round
from bot.domain.judging import Response
from bot.domain.rules import DEFAULT_SECONDS, Accepted
from bot.domain.views import ClosedView, PressResult, QuestionView, RoundSummary
from bot.play.answer_counts import EDIT_INTERVAL, CountEdits
from bot.play.claims import CLAIM_GRACE, renewing
from bot.play.gone import ChatGoneError, MessageGoneError
from bot.play.publisher import Publisher
from bot.play.service import QuizService
from bot.play.timers import Timers
from bot.storage.interface import ConstraintError

log = logging.getLogger(__name__)


class Control(Enum):
    DONE = "done"
    NOT_ALLOWED = "not_allowed"
    NOTHING = "nothing"


class RoundRunner:
    """A process's rounds in motion: it owns their timers (closes, count edits) and what the
    questions last showed; the rounds themselves are in the store."""

    def __init__(
        self,
        service: QuizService,
        publisher: Publisher,
        timers: Timers,
        edit_interval: timedelta = EDIT_INTERVAL,
    ) -> None:
        self.service = service
        self.store = service.store
        self.publisher = publisher
        self.timers = timers
        self.counts = CountEdits(service, publisher, timers, edit_interval)
        self._locks: dict[int, asyncio.Lock] = {}

    async def start(
        self,
        *,
        chat_id: str,
        channel_ref: str,
        player: Player,
        quiz_id: str,
        mode: str = "group",
        questions: int | None = None,
        seconds: int | None = DEFAULT_SECONDS,
    ) -> Round:
        """Start and post the first question; raises UnknownQuizError or RoundConflictError.

        A practice (solo) replaces the player's open one here: an abandoned practice must
        never block the next one."""
        if mode == "solo":
            await self._end_practice(chat_id, channel_ref, player)
        started = await self.service.start_round(
            chat_id=chat_id,
            channel_ref=channel_ref,
            player=player,
            quiz_id=quiz_id,
            mode="solo" if mode == "solo" else "group",
            questions=questions,
            seconds=seconds,
        )
        return await self._first_question(started)

    async def start_chosen(self, new: NewRound, player: Player) -> Round:
        """Start a round whose questions were chosen elsewhere (bot/play/weak_rounds.py), as
        `start` does; raises RoundConflictError."""
        if new.mode == "solo":
            await self._end_practice(new.chat_id, new.channel_ref, player)
        await self.store.save_player(player)
        started = await self.store.create_round(new, self.service.clock.now())
        return await self._first_question(started)

    async def _first_question(self, started: Round) -> Round:
        try:
            await self._advance(started.round_id, after=0)
        except Exception:  # e.g. no right to post here: the channel must not stay blocked
            await self.service.finish_round(started.round_id, stopped=True)
            raise
        return started

    async def press(
        self, *, chat_id: str, player: Player, post_id: int, letter_index: int
    ) -> PressResult:
        """Record a press (committed before returning) and schedule the answered-count edit."""
        result = await self.service.press(
            chat_id=chat_id, player=player, post_id=post_id, letter_index=letter_index
        )
        return self.counted(result)

    async def respond(
        self, *, chat_id: str, player: Player, post_id: int, response: Response
    ) -> PressResult:
        """Record a whole response (the letters picked, a typed line) as `press` does a letter."""
        result = await self.service.respond(
            chat_id=chat_id, player=player, post_id=post_id, response=response
        )
        return self.counted(result)

    def counted(self, result: PressResult) -> PressResult:
        """After an answer (a press, or a whole response): schedule the answered-count edit."""
        view = result.view
        is_timed = view is not None and view.post.deadline is not None
        if isinstance(result.outcome, Accepted) and view is not None and is_timed:
            self.counts.schedule(view)
        return result

    async def next_solo(self, result: PressResult) -> None:
        """After a solo verdict has been shown: close that question and ask the next one."""
        if not isinstance(result.outcome, Accepted) or result.view is None:
            return
        if result.view.post.round_id is not None:
            await self._close(result.view.post.post_id)

    async def reveal(self, post_id: int, player: Player, is_admin: bool) -> Control:
        """Close a question now: for the round's starter or a chat admin."""
        view = await self.service.view(post_id)
        if view is None or view.post.round_id is None or view.post.closed_at is not None:
            return Control.NOTHING
        current = await self.store.get_round(view.post.round_id)
        if current is None or not current.is_running:
            return Control.NOTHING
        if player.user_id != current.started_by and not is_admin:
            return Control.NOT_ALLOWED
        await self._close(post_id)
        return Control.DONE

    async def stoppable(
        self, chat_id: str, channel_ref: str, player: Player, is_admin: bool
    ) -> Round | Control:
        """The channel's group round if this player may stop it (its starter or a chat
        admin), else why not: for adapters that announce the stop before it happens."""
        current = await self.store.running_round(chat_id, channel_ref, "group")
        if current is None:
            return Control.NOTHING
        if player.user_id != current.started_by and not is_admin:
            return Control.NOT_ALLOWED
        return current

    async def stop(
        self, chat_id: str, channel_ref: str, player: Player, is_admin: bool
    ) -> Control:
        """Stop the channel's group round: for its starter or a chat admin."""
        found = await self.stoppable(chat_id, channel_ref, player, is_admin)
        if isinstance(found, Control):
            return found
        await self.stop_round(found)
        return Control.DONE

    async def stop_practice(self, chat_id: str, channel_ref: str, player: Player) -> Control:
        """Stop the player's practice here (results, then its summary), if one is open."""
        current = await self.service.running_round(chat_id, channel_ref, "solo", player.user_id)
        if current is None:
            return Control.NOTHING
        await self.stop_round(current)
        return Control.DONE

    async def _end_practice(self, chat_id: str, channel_ref: str, player: Player) -> None:
        current = await self.service.running_round(chat_id, channel_ref, "solo", player.user_id)
        if current is not None:
            await self.service.finish_round(current.round_id, stopped=True)

    async def stop_round(self, current: Round) -> None:
        """Close what is open (showing its results), then post the round's summary."""
        for post in await self.store.round_posts(current.round_id):
            self._forget(post.post_id)
            if post.closed_at is None:
                closed = await self.service.close(post.post_id)
                if closed is not None:
                    try:
                        await self._show_results(current, closed)
                    except ChatGoneError:
                        await self._end_quietly(current)
                        return
        summary = await self.service.finish_round(current.round_id, stopped=True)
        if summary is not None:
            with contextlib.suppress(ChatGoneError):
                await self.publisher.post_summary(current, summary)

    async def resume(self, owns: Callable[[str], bool] | None = None) -> None:
        """After a restart: reschedule deadlines, close overdue questions, finish rounds.

        `owns` limits this to the chats this process serves (one Discord shard of several).
        Each round is resumed on its own: one chat's failure is logged in one line and
        never stops the others.
        """
        for current in await self.store.running_rounds():
            if current.mode != "group" or (owns is not None and not owns(current.chat_id)):
                continue
            try:
                await self._resume_round(current)
            except ChatGoneError:
                await self._end_quietly(current)
            except Exception as error:  # one chat must not stop the bot for the others
                log.warning(
                    "could not resume round %s in %s: %r", current.round_id, current.chat_id, error
                )

    async def _resume_round(self, current: Round) -> None:
        open_posts = [
            p for p in await self.store.round_posts(current.round_id) if p.closed_at is None
        ]
        for post in open_posts:
            view = await self.service.view(post.post_id)
            if view is None:
                await self._close_unplayable(post)
            elif post.message_ref is None:
                await self._resume_unsent(current.round_id, view)
            else:
                self._schedule_close(view)
        if not open_posts:
            await self._advance(current.round_id, after=current.position)

    async def _resume_unsent(self, round_id: int, view: QuestionView) -> None:
        """A question stored without a message: its creator may be sending it right now
        (another process's `_advance`), so it is left to it for CLAIM_GRACE; then one process
        takes it over and sends it (bot/play/claims.py)."""
        claimed_at = view.post.opened_at
        if self.service.clock.now() < claimed_at + CLAIM_GRACE:
            self.timers.call_at(
                _unsent_key(view.post.post_id),
                claimed_at + CLAIM_GRACE,
                lambda: self._take_over(round_id, view),
            )
            return
        await self._take_over(round_id, view)

    async def _take_over(self, round_id: int, view: QuestionView) -> None:
        """Send a question its creator left unsent, if this process wins it. `view` is the
        post as it was stored: its question shows for its full time from the send."""
        now = self.service.clock.now()
        if not await self.store.take_over_post(view.post.post_id, view.post.opened_at, now):
            return  # sent meanwhile, closed, or taken over by another process
        current = await self.store.get_round(round_id)
        if current is None or not current.is_running:
            return
        try:
            self._schedule_close(await self._publish(current, view, claimed_at=now))
        except ChatGoneError:  # as at resume: the chat or channel went while it was unsent
            await self._end_quietly(current)

    async def take_over_unsent(self, round_id: int, post_id: int) -> None:
        """A question its creator stored and left unsent past CLAIM_GRACE (it died): sent
        here if this process wins it (the sweep, bot/play/round_sweep.py)."""
        view = await self.service.view(post_id)
        if view is None:
            post = await self.store.get_post(post_id)
            if post is not None and post.closed_at is None:
                await self._close_unplayable(post)
        elif view.post.message_ref is None:
            await self._take_over(round_id, view)

    async def close_overdue(self, post_id: int) -> None:
        """Close a question past its deadline that its own process did not close (it died):
        closing is once-only in the store, so a live owner racing this does no harm."""
        await self._close(post_id)

    async def move_on(self, round_id: int) -> None:
        """A round left with no open question (its process died between two): post its next
        question or its summary, once whatever the number of processes doing this."""
        current = await self.store.get_round(round_id)
        if current is None or not current.is_running:
            return
        try:
            await self._advance(round_id, after=current.position)
        except ChatGoneError:
            await self._end_quietly(current)

    async def take_over_summary(self, round_id: int) -> None:
        """A finished round whose summary its process claimed and never sent (it died):
        posted here if this process wins the claim."""
        claimed_at = await self.store.summary_claim(round_id)
        now = self.service.clock.now()
        if claimed_at is None or now < claimed_at + CLAIM_GRACE:
            return
        current = await self.store.get_round(round_id)
        if current is None or not await self.store.take_over_summary(round_id, claimed_at, now):
            return
        summary = await self.service.summary(current, stopped=False)
        try:
            await self._send_summary(current, summary, now)
        except Exception as error:  # tried by two processes: give up rather than repeat daily
            await self.store.summary_sent(round_id)
            log.warning("could not post the summary of round %s: %r", round_id, error)

    async def end_chat(self, chat_id: str, channel_ref: str | None = None) -> int:
        """The bot was removed from the chat (or, given `channel_ref`, that channel was
        deleted): end its running rounds quietly; how many."""
        ended = [
            r
            for r in await self.store.running_rounds()
            if r.chat_id == chat_id and channel_ref in (None, r.channel_ref)
        ]
        for current in ended:
            await self._end_quietly(current)
        return len(ended)

    async def _end_quietly(self, current: Round) -> None:
        """The chat is gone: end its round without posting anything more there."""
        for post in await self.store.round_posts(current.round_id):
            self._forget(post.post_id)
        await self.service.finish_round(current.round_id, stopped=True)
        await self.store.summary_sent(current.round_id)  # a claimed summary is not sent
        self._locks.pop(current.round_id, None)
        log.info(
            "round %s in %s ended: the chat or its channel %r is gone",
            current.round_id,
            current.chat_id,
            current.channel_ref,
        )

    async def _show_results(self, current: Round, closed: ClosedView) -> None:
        """Edit the question into its results, or post them anew if it cannot be edited."""
        try:
            await self.publisher.show_results(current, closed)
        except MessageGoneError:
            await self.publisher.post_results(current, closed)

    async def _advance(self, round_id: int, after: int | None = None) -> None:
        """Post the next question, or finish the round when none is left. `after`: the
        question number this process saw last; if the round is past it, another process
        (the sweep) moved it on already, and this one does nothing."""
        async with self._locks.setdefault(round_id, asyncio.Lock()):
            current = await self.store.get_round(round_id)
            if current is None or not current.is_running:
                return
            if after is not None and current.position != after:
                return
            try:
                view = await self.service.post_next(round_id)
            except ConstraintError:
                return  # another process posted this question; it publishes and closes it
            if view is None and await self._posted_elsewhere(round_id):
                return  # the last question is open: another process posted it just now
            if view is None:
                summary = await self.service.finish_round(round_id, claim_summary=True)
                self._locks.pop(round_id, None)
                claimed_at = await self.store.summary_claim(round_id)
                if summary is not None and claimed_at is not None:
                    await self._send_summary(current, summary, claimed_at)
                return
            view = await self._publish(current, view)
        self._schedule_close(view)

    async def _send_summary(
        self, current: Round, summary: RoundSummary, claimed_at: datetime
    ) -> None:
        """Post the summary claimed at `claimed_at`, renewing the claim until it is out."""
        round_id = current.round_id

        async def renew(claimed: datetime, now: datetime) -> bool:
            return await self.store.take_over_summary(round_id, claimed, now)

        key = _summary_key(round_id)
        async with renewing(self.timers, self.service.clock, key, claimed_at, renew):
            await self.publisher.post_summary(current, summary)
        await self.store.summary_sent(round_id)

    async def _posted_elsewhere(self, round_id: int) -> bool:
        """Whether a question of the round is open: only then is "nothing left" not the end."""
        return any(post.closed_at is None for post in await self.store.round_posts(round_id))

    async def _publish(
        self, current: Round, view: QuestionView, claimed_at: datetime | None = None
    ) -> QuestionView:
        """Send a stored question (claimed when it was stored, or at `claimed_at` when taken
        over), renewing the claim until its message is recorded."""
        post_id = view.post.post_id

        async def renew(claimed: datetime, now: datetime) -> bool:
            return await self.store.take_over_post(post_id, claimed, now)

        since = claimed_at or view.post.opened_at
        async with renewing(self.timers, self.service.clock, _renew_key(post_id), since, renew):
            message_ref = await self.publisher.post_question(current, view)
            return await self.service.published(view, message_ref)

    def _schedule_close(self, view: QuestionView) -> None:
        if view.post.deadline is None:
            return
        post_id = view.post.post_id
        self.timers.call_at(_close_key(post_id), view.post.deadline, lambda: self._close(post_id))

    def _forget(self, post_id: int) -> None:
        """Drop what this process holds for a post once it closes or its round ends: its
        close and count-edit timers, and the count it last showed."""
        self.timers.cancel(_close_key(post_id))
        self.timers.cancel(_unsent_key(post_id))
        self.counts.forget(post_id)

    async def _close(self, post_id: int) -> None:
        self._forget(post_id)
        closed = await self.service.close(post_id)
        if closed is None:
            post = await self.store.get_post(post_id)
            if post is not None and post.closed_at is None:  # open, but its quiz is gone
                await self._close_unplayable(post)
            return
        if closed.view.post.round_id is None:
            return
        current = await self.store.get_round(closed.view.post.round_id)
        if current is None:
            return
        try:
            await self._show_results(current, closed)
            await self._advance(current.round_id, after=closed.view.post.number)
        except ChatGoneError:
            await self._end_quietly(current)

    async def _close_unplayable(self, post: Post) -> None:
        """A question whose chat quiz was removed (or no longer reads): closed without
        results, and its round goes on to its summary instead of waiting forever."""
        closed = await self.store.close_post(post.post_id, self.service.clock.now())
        current = None if post.round_id is None else await self.store.get_round(post.round_id)
        if not closed or current is None:
            return
        try:
            await self._advance(current.round_id, after=post.number)
        except ChatGoneError:
            await self._end_quietly(current)


def _close_key(post_id: int) -> str:
    return f"close:{post_id}"


def _unsent_key(post_id: int) -> str:
    return f"unsent:{post_id}"


def _renew_key(post_id: int) -> str:
    return f"renew:{post_id}"


def _summary_key(round_id: int) -> str:
    return f"summary:{round_id}"
