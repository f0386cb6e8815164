"""Opt-in review reminders: one private message at a local time, on days something is due.

Scheduled like the daily questions: one timer ("review:remind") armed at the earliest
reminder in the store; each wake sends the due ones (only to players with questions due),
each send paced by the platform's token bucket, and moves each reminder to its next day.
The reminders live in the store, so a restart loses none; each platform's process serves the
players of its own platform (`tg:…`, `dc:…`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Protocol

from bot.domain import daily
from bot.domain.daily import DailyRule
from bot.domain.models import Language, pick_language
from bot.domain.pacer import Pacer
from bot.domain.review_sessions import Reminder
from bot.play.service import QuizService
from bot.play.timers import Timers
from bot.text import review_texts
from bot.text.i18n import t

log = logging.getLogger(__name__)
WAKE_KEY = "review:remind"
BATCH = 200


class ReminderRefusedError(Exception):
    """The platform will not deliver to this user (Telegram: never started the bot, or
    blocked it; Discord: direct messages closed): the reminder is deleted, not retried daily."""


class ReminderSender(Protocol):
    async def send_reminder(self, reminder: Reminder, text: str) -> None:
        """Send the text privately; ReminderRefusedError if the user cannot get it at all;
        any other error is logged and the reminder kept for its next day."""
        ...


class ReminderRunner:
    """The `/review remind` command and the one wake timer that sends one platform's due
    reminders, paced by `pacer`."""

    def __init__(
        self,
        service: QuizService,
        sender: ReminderSender,
        timers: Timers,
        pacer: Pacer,
        platform: str,
    ) -> None:
        self.service = service
        self.store = service.store
        self.sender = sender
        self.timers = timers
        self.pacer = pacer
        self.platform = platform

    def _next_run(self, at: Reminder | DailyRule, after: datetime) -> datetime:
        rule = at if isinstance(at, DailyRule) else DailyRule(at.at, at.zone)
        return daily.next_run(rule, after).at

    async def command(
        self, words: Sequence[str], user_id: str, chat_id: str, language: Language
    ) -> str:
        """`remind HH:MM [ZONE]`, `remind off`, `remind`: the reply, in the user's language.

        Without a zone, the chat's (that of its question of the day), else UTC."""
        if not words:
            found = await self.store.get_reminder(user_id)
            if found is None:
                return t(language, "review.remind_none")
            shown = found.at.strftime("%H:%M")
            return t(language, "review.remind_status", time=shown, zone=found.zone)
        if words[0].lower() in ("off", "stop", "non"):
            deleted = await self.store.delete_reminder(user_id)
            await self.arm()
            return t(language, "review.remind_off" if deleted else "review.remind_none")
        at = daily.parse_time(words[0])
        zone = daily.parse_zone(words[1]) if len(words) > 1 else await self._chat_zone(chat_id)
        if at is None or zone is None or len(words) > 2:
            return t(language, "review.remind_usage")
        now = self.service.clock.now()
        rule = DailyRule(at, zone)
        await self.store.save_reminder(
            Reminder(user_id, at, zone, language, self._next_run(rule, now))
        )
        await self.arm()
        return t(language, "review.remind_set", time=at.strftime("%H:%M"), zone=zone)

    async def _chat_zone(self, chat_id: str) -> str:
        schedules = await self.store.chat_schedules(chat_id)
        return schedules[0].rule.zone if schedules else "UTC"

    async def arm(self) -> None:
        """Wake at the earliest reminder (now, for one already due)."""
        when = await self.store.next_reminder_at(self.platform)
        if when is None:
            self.timers.cancel(WAKE_KEY)
            return
        self.timers.call_at(WAKE_KEY, max(when, self.service.clock.now()), self.wake)

    resume = arm

    async def wake(self) -> None:
        """Send what is due, paced; once the pacer says wait, come back when it allows.

        Every process of the platform wakes for the same reminders: each moves a reminder to
        its next day before sending it (a compare-and-set), and only the one that moved it
        sends it, so a member gets it once whatever the number of processes."""
        now = self.service.clock.now()
        for reminder in await self.store.due_reminders(self.platform, now, BATCH):
            count = await self.store.count_due(reminder.user_id, now)
            if count:
                wait = self.pacer.take(now)
                if wait is not None:
                    self.timers.call_at(WAKE_KEY, wait, self.wake)
                    return
            after = max(now, reminder.next_run_at).astimezone(UTC)
            following = self._next_run(reminder, after)
            if not await self.store.set_reminder_next(
                reminder.user_id, reminder.next_run_at, following
            ):
                continue  # another process moved it: that one sends it
            if count:
                await self._send(reminder, count)
        await self.arm()

    async def _send(self, reminder: Reminder, count: int) -> None:
        """A user who can never get it has the reminder deleted."""
        text = review_texts.reminder(count, pick_language(reminder.language))
        try:
            await self.sender.send_reminder(reminder, text)
        except ReminderRefusedError:
            log.info("review reminder of %s refused: deleted", reminder.user_id)
            await self.store.delete_reminder(reminder.user_id)
        except Exception:  # one unreachable player must not stop the others' reminders
            log.warning("could not send the review reminder of %s", reminder.user_id)
