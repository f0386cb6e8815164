"""Posts daily questions when they are due, closes yesterday's, and paces the fan-out.

One timer ("daily:wake") is armed at the earliest instant anything is due: a schedule's next
run or an open daily post's deadline, both read from the store. Each wake closes what is
overdue, then runs due schedules in order (earliest first). Every platform call takes a token
from the pacer; when none is left the runner arms the timer at the instant one will be and
returns, so thousands of channels due at the same minute are spread, never dropped.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Protocol

from bot.domain import daily, rules
from bot.domain.daily import DailyPost, DailyRule, NewSchedule, Schedule
from bot.domain.entities import WEAK_ROUND, NewPost, Player
from bot.domain.pacer import Pacer
from bot.domain.views import ClosedView, QuestionView
from bot.domain.weak_spots import WEAK_NAME
from bot.play import daily_pause
from bot.play.claims import CLAIM_GRACE, renewing
from bot.play.daily_pool import daily_pool
from bot.play.gone import ChatGoneError
from bot.play.service import QuizService
from bot.play.timers import Timers

log = logging.getLogger(__name__)
WAKE_KEY = "daily:wake"
WAKE_RETRY = timedelta(minutes=1)
"""After a wake failed outside any one schedule's guard (closing a post, a store error)."""
BATCH = 500


class DailyPublisher(Protocol):
    """What a platform does with daily posts."""

    async def post_daily(
        self, daily_post: DailyPost, view: QuestionView, previous: ClosedView | None
    ) -> str:
        """Post the day's question (mentioning the previous one's answer); return its ref."""
        ...

    async def show_daily_results(self, daily_post: DailyPost, closed: ClosedView) -> None:
        """Turn a closed daily question into its results."""
        ...


class DailyRunner:
    """The chats' `/daily` schedules (set, stopped, shown), and their questions posted and
    closed from the one wake timer the module docstring describes."""

    def __init__(
        self,
        service: QuizService,
        publisher: DailyPublisher,
        timers: Timers,
        pacer: Pacer | None = None,
    ) -> None:
        self.service = service
        self.store = service.store
        self.clock = service.clock
        self.publisher = publisher
        self.timers = timers
        self.pacer = pacer or Pacer(rate=20.0, burst=5)
        self.online_since = self.clock.now()
        """When this process started serving: lateness for the grace window counts up to it."""
        self._lock = asyncio.Lock()

    async def set(
        self,
        *,
        chat_id: str,
        channel_ref: str,
        rule: DailyRule,
        quiz_names: Sequence[str],
        player: Player,
    ) -> Schedule:
        """Create or replace the channel's schedule; raises UnknownQuizError."""
        quiz_ids = tuple(dict.fromkeys([await self._source(chat_id, name) for name in quiz_names]))
        new = NewSchedule(
            chat_id=chat_id,
            channel_ref=channel_ref,
            rule=rule,
            quiz_ids=quiz_ids,
            language=player.language,
            created_by=player.user_id,
            next_run_at=daily.next_run(rule, self.clock.now()).at,
        )
        schedule = await self.store.save_schedule(new)
        await daily_pause.clear(self.store, chat_id, channel_ref)
        self.service.zones.forget(chat_id)  # the chat's default zone may be this one's
        await self.arm()
        return schedule

    async def _source(self, chat_id: str, name: str) -> str:
        """What a schedule stores of a quiz named in `/daily`: its key, or `WEAK_ROUND` for
        `weak`, the chat's weak spots (bot/play/daily_pool.py)."""
        if name.strip().lower() == WEAK_NAME:
            return WEAK_ROUND
        return (await self.service.quiz_in(chat_id, name)).id

    async def off(self, chat_id: str, channel_ref: str) -> bool:
        """Stop the channel's schedule; today's question stays open until its deadline."""
        removed = await self.store.delete_schedule(chat_id, channel_ref)
        self.service.zones.forget(chat_id)
        await self.arm()
        return removed

    async def schedule(self, chat_id: str, channel_ref: str) -> Schedule | None:
        return await self.store.get_schedule(chat_id, channel_ref)

    async def schedules(self, chat_id: str) -> list[Schedule]:
        """Every schedule of a chat (a Discord server has one per channel)."""
        return list(await self.store.chat_schedules(chat_id))

    async def paused_reason(self, chat_id: str, channel_ref: str) -> str | None:
        """Why the channel's schedule is paused (its chat was gone), or None."""
        return await daily_pause.paused_reason(self.store, chat_id, channel_ref)

    async def pause_chat(self, chat_id: str, reason: str, channel_ref: str | None = None) -> int:
        """The chat is gone (the bot was removed; given `channel_ref`, that channel was
        deleted): pause each of its schedules there; how many."""
        schedules = [
            schedule
            for schedule in await self.store.chat_schedules(chat_id)
            if channel_ref in (None, schedule.channel_ref)
        ]
        for schedule in schedules:
            await self._pause(schedule, reason)
        await self.arm()
        return len(schedules)

    async def _pause(self, schedule: Schedule, reason: str) -> None:
        await daily_pause.pause(
            self.store, schedule.schedule_id, schedule.chat_id, schedule.channel_ref, reason
        )
        log.warning("daily question for %s paused: %s", schedule.chat_id, reason)

    async def resume(self) -> None:
        """After a start: publish a claimed but unposted question, then catch up.

        Each post and schedule on its own: one chat's failure is logged in one line and
        never stops the others.
        """
        self.online_since = self.clock.now()
        for daily_post in await self.store.open_daily_posts():
            await self._resume_unposted(daily_post)
        await self.wake()

    async def _resume_unposted(self, daily_post: DailyPost) -> None:
        try:
            await self._publish_unposted(daily_post)
        except Exception as error:  # one chat must not stop the bot for the others
            log.warning("could not resume the daily post in %s: %r", daily_post.chat_id, error)

    async def _publish_unposted(self, daily_post: DailyPost) -> None:
        """Publish a claimed question that has no message, once its claimant had its chance.

        Another process may have claimed it a moment ago and be publishing it now (two
        workers starting together): until CLAIM_GRACE has passed it is left to them, then it
        is taken over, which only one process can do, and published.
        """
        view = await self.service.view(daily_post.post_id)
        now = self.clock.now()
        if view is None or view.post.message_ref is not None or not view.post.is_open(now):
            return
        claimed_at = view.post.opened_at
        if now < claimed_at + CLAIM_GRACE:
            self.timers.call_at(
                f"daily:unposted:{daily_post.post_id}",
                claimed_at + CLAIM_GRACE,
                lambda: self._resume_unposted(daily_post),
            )
            return
        if not await self.store.take_over_post(daily_post.post_id, claimed_at, now):
            return
        view = await self.service.view(daily_post.post_id)  # opened when it is published
        if view is not None:
            await self._publish(daily_post, view, await self._previous(daily_post))

    async def arm(self) -> None:
        """Set the wake timer at the earliest due instant in the store."""
        when = await self.store.next_daily_wake()
        if when is None:
            self.timers.cancel(WAKE_KEY)
        else:
            self.timers.call_at(WAKE_KEY, when, self.wake)

    async def wake(self) -> None:
        try:
            async with self._lock:
                retry_at = await self._work()
        except Exception as error:  # e.g. closing one chat's post: the others' go on
            log.warning("daily questions: %r; trying again in a minute", error)
            self.timers.call_at(WAKE_KEY, self.clock.now() + WAKE_RETRY, self.wake)
            return
        if retry_at is None:
            await self.arm()
        else:
            self.timers.call_at(WAKE_KEY, retry_at, self.wake)

    async def _work(self) -> datetime | None:
        """Run due schedules (each closes its channel's previous post), then close what is
        still overdue; the pacer's retry time if it ran dry."""
        now = self.clock.now()
        while due := await self.store.due_schedules(now, self._batch()):
            for schedule in due:
                try:
                    retry_at = await self._run(schedule, now)
                except ChatGoneError as gone:  # kept, paused: not tried again every day
                    await self._pause(schedule, str(gone))
                    continue
                except Exception as error:  # one broken channel must not stop the others
                    log.warning("daily question for %s failed: %r", schedule.chat_id, error)
                    await self.store.set_next_run(
                        schedule.schedule_id, daily.next_run(schedule.rule, now).at
                    )
                    continue
                if retry_at is not None:
                    return retry_at
        while overdue := await self.store.open_daily_posts(closing_by=now, limit=self._batch()):
            for daily_post in overdue:
                retry_at = await self._close(daily_post)
                if retry_at is not None:
                    return retry_at
        return None

    def _batch(self) -> int:
        """Fetch about as many rows as the pacer lets us act on now, not thousands each wake."""
        return max(1, min(BATCH, self.pacer.available(self.clock.now())))

    def _take(self) -> datetime | None:
        return self.pacer.take(self.clock.now())

    async def _run(self, schedule: Schedule, now: datetime) -> datetime | None:
        """Post the day's question if it is due and in grace; otherwise move the schedule on."""
        rule = schedule.rule
        following = daily.next_run(rule, now)
        run = daily.last_run(rule, now)
        if run is None or not daily.is_in_grace(run, self.online_since, rule):
            log.info("daily question for %s skipped: missed beyond the grace", schedule.chat_id)
            await self.store.set_next_run(schedule.schedule_id, following.at)
            return None
        previous = await self.store.latest_daily_post(schedule.chat_id, schedule.channel_ref)
        if previous is not None and previous.day >= run.day:
            await self.store.set_next_run(schedule.schedule_id, following.at)
            return None
        if previous is not None:
            retry_at = await self._close(previous)
            if retry_at is not None:
                return retry_at
        retry_at = self._take()
        if retry_at is not None:
            return retry_at
        new = await self._new_post(schedule, run)
        claimed = None
        if new is not None:
            claimed = await self.store.claim_daily_post(schedule, run.day, new, following.at)
        if claimed is None:  # no question left, or another process posted this date
            await self.store.set_next_run(schedule.schedule_id, following.at)
            return None
        view = await self.service.view(claimed.post_id)
        if view is not None:
            await self._publish(claimed, view, await self._previous(claimed))
        return None

    async def _new_post(self, schedule: Schedule, run: daily.Run) -> NewPost | None:
        """The day's question, chosen and shuffled reproducibly from the channel's history."""
        pool = await daily_pool(self.service, schedule)
        history = await self.store.daily_history(schedule.chat_id, schedule.channel_ref)
        salt = f"{schedule.chat_id}:{schedule.channel_ref}"
        key = daily.choose_question(list(pool), history, salt)
        if key is None:
            log.warning("daily question for %s: no quiz of it is installed", schedule.chat_id)
            return None
        question = pool[key].question(key[1])
        assert question is not None
        rng = random.Random(f"{schedule.schedule_id}:{run.day.isoformat()}")
        opened = self.clock.now()
        return NewPost(
            chat_id=schedule.chat_id,
            quiz_id=key[0],
            question_id=key[1],
            order=rules.post_order(question, rng),
            number=1,
            total=1,
            opened_at=opened,
            deadline=daily.closes_at(opened, daily.next_run(schedule.rule, run.at).at),
            round_id=None,
        )

    async def _publish(
        self, daily_post: DailyPost, view: QuestionView, previous: ClosedView | None
    ) -> None:
        """Send the question, renewing the claim until the message is recorded."""
        post_id = daily_post.post_id

        async def renew(claimed_at: datetime, now: datetime) -> bool:
            return await self.store.take_over_post(post_id, claimed_at, now)

        key = f"daily:renew:{post_id}"
        async with renewing(self.timers, self.clock, key, view.post.opened_at, renew):
            ref = await self.publisher.post_daily(daily_post, view, previous)
            await self.store.set_post_message(post_id, ref)

    async def _previous(self, daily_post: DailyPost) -> ClosedView | None:
        """The channel's previous daily question with its answers, once it is closed."""
        earlier = await self.store.latest_daily_post(
            daily_post.chat_id, daily_post.channel_ref, before=daily_post.day
        )
        if earlier is None:
            return None
        view = await self.service.view(earlier.post_id)
        if view is None or view.post.closed_at is None:
            return None
        return ClosedView(view, tuple(await self.store.post_answers(earlier.post_id)))

    async def _close(self, daily_post: DailyPost) -> datetime | None:
        """Close a daily post and show its results; the pacer's retry time if it ran dry."""
        view = await self.service.view(daily_post.post_id)
        if view is None:  # its quiz was removed: close it quietly so it is not due forever
            await self.store.close_post(daily_post.post_id, self.clock.now())
            return None
        if view.post.closed_at is not None:
            return None
        if view.post.message_ref is not None:
            retry_at = self._take()
            if retry_at is not None:
                return retry_at
        closed = await self.service.close(daily_post.post_id)
        if closed is not None and closed.view.post.message_ref is not None:
            try:
                await self.publisher.show_daily_results(daily_post, closed)
            except Exception as error:  # the message may be gone; the post is closed anyway
                log.warning(
                    "could not show the results of daily post %s in %s: %r",
                    daily_post.post_id,
                    daily_post.chat_id,
                    error,
                )
        return None
