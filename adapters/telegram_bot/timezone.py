"""`/timezone [ZONE]` on Telegram: anyone sees the group's time zone, admins set it."""

from __future__ import annotations

from telegram import Update

from adapters.telegram_bot.admin_gate import admin_or_told
from adapters.telegram_bot.commands import Context, chat_key, language_of, quiz_app, reply
from adapters.telegram_bot.publisher import STYLE
from bot.text.i18n import t
from bot.text.markup import clean_name


async def timezone_command(update: Update, context: Context) -> None:
    """`/timezone` shows the zone "today" and "this week" follow; `/timezone ZONE` sets it."""
    app, language = quiz_app(context), language_of(update)
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    args = context.args or []
    if not args:
        zone = await app.service.zones.of(chat_key(chat))
        key = "timezone.current_daily" if zone.source == "daily" else "timezone.current"
        await reply(update, STYLE.escape(t(language, key, zone=zone.name)))
        return
    if not await admin_or_told(update, context):  # anonymous admins too
        return
    found = await app.service.zones.set(chat_key(chat), args[0])
    if found is None:
        example = t(language, "timezone.example.telegram")
        said = t(language, "timezone.bad", value=clean_name(args[0]), example=example)
        await reply(update, STYLE.escape(said))
        return
    await reply(update, STYLE.escape(t(language, "timezone.set", zone=found.name)))
