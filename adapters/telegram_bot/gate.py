"""Which Telegram updates are handled at all: each update once, on one worker or several,
and no command hours late.

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

from telegram import Message, MessageEntity, Update
from telegram.ext import ApplicationHandlerStop, TypeHandler

from adapters.platform_ids import TELEGRAM
from adapters.telegram_bot.commands import Context, quiz_app

log = logging.getLogger(__name__)
KEEP_UPDATES = timedelta(hours=48)
"""How long an update id is remembered: redeliveries come within hours (24 h at most)."""
PRUNE_EVERY = timedelta(hours=1)
PRESSES_REMEMBERED = 4096
LATE_COMMAND = timedelta(minutes=5)
"""A command (typed, or a file's `/import` caption) older than this when it arrives (the bot
was down) is not run: presses are, judged as of now, since a question's own deadline says
whether they still count."""
GROUP = -1
"""Before every other handler."""


class UpdateGate:
    """The first handler of every update: stops the ones already handled."""

    def __init__(self) -> None:
        self._presses: OrderedDict[int, None] = OrderedDict()
        self._pruned_at: datetime | None = None

    def handler(self) -> TypeHandler[Update, Context, None]:
        return TypeHandler(Update, self.check)

    async def check(self, update: Update, context: Context) -> None:
        if update.callback_query is not None:
            self._press_once(update.update_id)
            return
        app = quiz_app(context)
        now = app.service.clock.now()
        key = TELEGRAM.key(f"{context.bot.id}:{update.update_id}")
        if not await app.service.store.first_delivery(key, now):
            log.info("update %s came again: it was handled once already", update.update_id)
            raise ApplicationHandlerStop
        if self._pruned_at is None or now - self._pruned_at >= PRUNE_EVERY:
            self._pruned_at = now
            await app.service.store.forget_updates(now - KEEP_UPDATES)
        _not_late(update, now)

    def _press_once(self, update_id: int) -> None:
        if update_id in self._presses:
            log.info("press %s came again: it was handled once already", update_id)
            raise ApplicationHandlerStop
        self._presses[update_id] = None
        if len(self._presses) > PRESSES_REMEMBERED:
            self._presses.popitem(last=False)


def _not_late(update: Update, now: datetime) -> None:
    """A command sent while the bot was down is not run hours later, when it would surprise
    everyone (a round nobody waits for); service messages (an upgrade) still are."""
    message = update.message
    command = None if message is None else _command_of(message)
    if message is None or command is None:
        return
    age = now - message.date
    if age > LATE_COMMAND:
        log.info("%s in chat %s was sent %s ago: not run late", command, message.chat_id, age)
        raise ApplicationHandlerStop


def _command_of(message: Message) -> str | None:
    """The command a message starts with: typed, or as a file's caption (`/import`)."""
    for text, entities in (
        (message.text, message.entities),
        (message.caption, message.caption_entities),
    ):
        first = entities[0] if entities else None
        if text and first and first.type == MessageEntity.BOT_COMMAND and first.offset == 0:
            return text.split(maxsplit=1)[0]
    return None
