"""The answered count under an open question: edited as people answer, but throttled.

Telegram allows about 20 edits a minute in a group, and a burst of answers commits together:
so one edit per message per `EDIT_INTERVAL` at most, and none when the count shown is
already the count stored.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.domain.views import QuestionView
from bot.play.gone import ChatGoneError, MessageGoneError
from bot.play.publisher import Publisher
from bot.play.service import QuizService
from bot.play.timers import Timers

log = logging.getLogger(__name__)

EDIT_INTERVAL = timedelta(seconds=5)
"""At most one answered-count edit per message this often (Telegram: ~20 edits/min/group)."""


class CountEdits:
    """A process's pending count edits and the counts its questions last showed."""

    def __init__(
        self,
        service: QuizService,
        publisher: Publisher,
        timers: Timers,
        interval: timedelta = EDIT_INTERVAL,
    ) -> None:
        self.service = service
        self.publisher = publisher
        self.timers = timers
        self.interval = interval
        self._last_edit: dict[int, datetime] = {}
        self._shown: dict[int, int] = {}
        """The answered count each open question shows, so an unchanged one is not re-sent."""

    def schedule(self, view: QuestionView) -> None:
        """An answer was recorded: edit the count now, or once the interval has passed."""
        post_id = view.post.post_id
        key = _edit_key(post_id)
        if self.timers.is_pending(key):
            return
        now = self.service.clock.now()
        last = self._last_edit.get(post_id)
        when = now if last is None else max(now, last + self.interval)
        self.timers.call_at(key, when, lambda: self._edit(post_id))

    def forget(self, post_id: int) -> None:
        """The question closed or its round ended: no more edits, nothing kept."""
        self.timers.cancel(_edit_key(post_id))
        self._last_edit.pop(post_id, None)
        self._shown.pop(post_id, None)

    async def _edit(self, post_id: int) -> None:
        view = await self.service.view(post_id)
        if view is None or view.post.closed_at is not None or view.post.round_id is None:
            return
        store = self.service.store
        current = await store.get_round(view.post.round_id)
        if current is None:
            return
        answered = await store.count_answers(post_id)
        if self._shown.get(post_id) == answered:  # concurrent presses, one commit
            return
        self._last_edit[post_id] = self.service.clock.now()
        self._shown[post_id] = answered
        try:
            await self.publisher.update_question(current, view, answered)
        except (MessageGoneError, ChatGoneError):  # the close at the deadline deals with it
            log.info("could not update the answered count of post %s", post_id)


def _edit_key(post_id: int) -> str:
    return f"count:{post_id}"
