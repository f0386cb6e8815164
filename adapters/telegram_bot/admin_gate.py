"""The gate in front of Telegram's admin commands (`/daily` set and off, `/timezone ZONE`,
`/report`, `/import`, `/removequiz`): one check, and one polite refusal for whoever fails it.

Admins are the chat's administrators and owner, an anonymous admin writing as the group
itself, and, in a private chat, its user (who owns it).
"""

from __future__ import annotations

from telegram import Update

from adapters.telegram_bot.commands import Context, is_chat_admin, language_of, reply
from adapters.telegram_bot.publisher import STYLE
from bot.text.i18n import t


async def admin_or_told(update: Update, context: Context) -> bool:
    """Whether the sender may run an admin command here; if not, the chat is told so."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return False
    if await is_chat_admin(context, chat, user, update.effective_message):
        return True
    await reply(update, STYLE.escape(t(language_of(update), "error.admin_only")))
    return False
