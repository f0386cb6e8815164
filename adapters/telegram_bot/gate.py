"""Which Telegram updates are handled at all: each update once, on one worker or several.

Telegram delivers updates at least once: a webhook answer that came late is sent again,
maybe to another worker. A command or service message is handled only if the database had
not seen its update id (`Store.first_delivery`), so a redelivered `/quiz` posts nothing
twice. Presses are idempotent anyway (one answer per post and user, in the database); a
press already seen by this process is skipped from memory, without a query, so the hot path
stays free of writes. Runs first (handler group -1); ApplicationHandlerStop skips the rest.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from datetime import datetime, timedelta

from telegram import Update
from telegram.ext import ApplicationHandlerStop, TypeHandler

from adapters.telegram_bot.commands import Context, quiz_app

log = logging.getLogger(__name__)
KEEP_UPDATES = timedelta(hours=48)
"""How long an update id is remembered: redeliveries come within hours (24 h at most)."""
PRUNE_EVERY = timedelta(hours=1)
PRESSES_REMEMBERED = 4096
GROUP = -1
"""Before every other handler."""


class UpdateGate:
    """The first handler of every update: stops the ones already handled."""

    def __init__(self) -> None:
        self._presses: OrderedDict[int, None] = OrderedDict()
        self._pruned_at: datetime | None = None

    def handler(self) -> TypeHandler[Update, Context]:
        return TypeHandler(Update, self.check)

    async def check(self, update: Update, context: Context) -> None:
        if update.callback_query is not None:
            self._press_once(update.update_id)
            return
        app = quiz_app(context)
        now = app.service.clock.now()
        key = f"tg:{context.bot.id}:{update.update_id}"
        if not await app.service.store.first_delivery(key, now):
            log.info("update %s came again: it was handled once already", update.update_id)
            raise ApplicationHandlerStop
        if self._pruned_at is None or now - self._pruned_at >= PRUNE_EVERY:
            self._pruned_at = now
            await app.service.store.forget_updates(now - KEEP_UPDATES)

    def _press_once(self, update_id: int) -> None:
        if update_id in self._presses:
            log.info("press %s came again: it was handled once already", update_id)
            raise ApplicationHandlerStop
        self._presses[update_id] = None
        if len(self._presses) > PRESSES_REMEMBERED:
            self._presses.popitem(last=False)
