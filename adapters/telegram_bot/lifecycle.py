"""A Telegram chat's life: a group upgraded to a supergroup changes its id, and its history,
leaderboards, streaks and schedules follow it to the new one.

Telegram says so twice, in no fixed order: a service message with `migrate_to_chat_id` in the
old chat and one with `migrate_from_chat_id` in the new. Either moves the chat's rows
(`QuizService.move_chat`, one transaction; a repeat moves nothing). A send that reaches the
old id first fails with `ChatMigrated`: `FollowingBot` then moves the chat and sends once more,
to the new id, so a daily post or a round's next question is not lost on the way. Messages
posted before stay in the old chat: editing them fails as for any message that cannot be
edited.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from telegram import ChatMember, Message, Update
from telegram.error import BadRequest, ChatMigrated
from telegram.ext import ExtBot

from adapters.platform_ids import TELEGRAM
from adapters.telegram_bot.commands import Context, QuizApp, quiz_app
from bot.play import daily_pause
from bot.play.runners import lose_chat

log = logging.getLogger(__name__)
ChatMoved = Callable[[int, int], Awaitable[None]]
"""Called with the old and the new Telegram chat id."""


async def move_chat(app: QuizApp, old_chat: int, new_chat: int) -> None:
    """Move the chat's rows to its new id; one log line says what happened."""
    moved = await app.service.move_chat(TELEGRAM.key(old_chat), TELEGRAM.key(new_chat))
    if moved:
        log.info("chat %s became %s: %d rows moved to the new id", old_chat, new_chat, moved)


async def chat_migrated(update: Update, context: Context) -> None:
    """The service message of an upgrade, in the old chat or in the new one."""
    message = update.effective_message
    if message is None:
        return
    if message.migrate_to_chat_id is not None:
        await move_chat(quiz_app(context), message.chat_id, message.migrate_to_chat_id)
    elif message.migrate_from_chat_id is not None:
        await move_chat(quiz_app(context), message.migrate_from_chat_id, message.chat_id)


GONE_STATUSES = (ChatMember.LEFT, ChatMember.BANNED)
"""The bot's own status in a `my_chat_member` update once a group removed it (kicked: banned)."""


async def bot_removed(update: Update, context: Context) -> None:
    """The bot left or was kicked: end the chat's rounds quietly and pause its schedules
    (kept, with the reason) until an admin sets them again."""
    change = update.my_chat_member
    if change is None or change.new_chat_member.status not in GONE_STATUSES:
        return
    app, chat = quiz_app(context), TELEGRAM.key(change.chat.id)
    banned = change.new_chat_member.status == ChatMember.BANNED
    reason = daily_pause.BOT_REMOVED if banned else daily_pause.BOT_LEFT
    lost = await lose_chat(app.runner, app.daily, chat, reason)
    log.info("chat %s removed the bot: %s", chat, lost)


class FollowingBot(ExtBot[Any]):
    """The application's bot, whose sends follow a chat that moved (ChatMigrated): once."""

    __slots__ = ("_on_moved",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        with self._unfrozen():
            self._on_moved: ChatMoved | None = None

    def follow_moves(self, on_moved: ChatMoved) -> None:
        """What to do when a send finds that its chat moved (before it is sent again)."""
        with self._unfrozen():
            self._on_moved = on_moved

    async def send_message(
        self, chat_id: int | str, text: str, *args: Any, **kwargs: Any
    ) -> Message:
        try:
            return await super().send_message(chat_id, text, *args, **kwargs)
        except ChatMigrated as moved:
            log.info("chat %s moved to %s: sending there", chat_id, moved.new_chat_id)
            if self._on_moved is not None and isinstance(chat_id, int):
                await self._on_moved(chat_id, moved.new_chat_id)
            return await super().send_message(moved.new_chat_id, text, *args, **kwargs)

    async def send_photo(self, chat_id: int | str, *args: Any, **kwargs: Any) -> Message:
        try:
            return await super().send_photo(chat_id, *args, **kwargs)
        except ChatMigrated as moved:
            log.info("chat %s moved to %s: sending there", chat_id, moved.new_chat_id)
            if self._on_moved is not None and isinstance(chat_id, int):
                await self._on_moved(chat_id, moved.new_chat_id)
            return await super().send_photo(moved.new_chat_id, *args, **kwargs)

    async def edit_message_text(self, *args: Any, **kwargs: Any) -> Any:
        """A message in a group since upgraded cannot be edited: it stays in the old chat's
        history. Said as Telegram says it of other messages that cannot be edited."""
        try:
            return await super().edit_message_text(*args, **kwargs)
        except ChatMigrated as moved:
            raise _not_editable(moved) from moved

    async def edit_message_caption(self, *args: Any, **kwargs: Any) -> Any:
        """A photo's caption, as `edit_message_text`."""
        try:
            return await super().edit_message_caption(*args, **kwargs)
        except ChatMigrated as moved:
            raise _not_editable(moved) from moved


def _not_editable(moved: ChatMigrated) -> BadRequest:
    return BadRequest(
        f"Message can't be edited: its group became the supergroup {moved.new_chat_id}"
    )
