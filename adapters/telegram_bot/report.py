"""`/report` on Telegram: a group admin gets a private link to the group's report page.

The link never appears in the group. It goes to the admin's private chat; when the admin has
not started the bot (Telegram then refuses the message), the group gets a deep link
`t.me/<bot>?start=report_<group>` instead, and pressing Start there checks the admin's rights
again before sending the link. `/report revoke` voids every link given so far.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from telegram import Chat, LinkPreviewOptions, Update, User
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, Forbidden
from telegram.ext import CommandHandler, filters

from adapters.telegram_bot.admin_gate import admin_or_told
from adapters.telegram_bot.commands import (
    Context,
    chat_key,
    is_chat_admin,
    language_of,
    quiz_app,
    reply,
)
from adapters.telegram_bot.publisher import STYLE
from adapters.web.links import revoke
from bot.domain.models import Language
from bot.domain.report_links import DEFAULT_DAYS, LinkSigner
from bot.text.i18n import t

LINKS = "report_links"
"""Key of the LinkSigner (or None: not set up) in `application.bot_data`."""
START = "report_"
ANONYMOUS_ADMIN = 1087968824
"""GroupAnonymousBot: the sender of an anonymous admin's messages; it has no private chat."""
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)
"""A preview would have Telegram's servers fetch the private page."""
_START_PAYLOAD = re.compile(rf"^/start(@\w+)?\s+{START}-?\d+\s*$")


def handlers(signer: LinkSigner | None) -> tuple[dict[str, Any], list[CommandHandler[Any, Any]]]:
    """bot_data entries and handlers; the deep-link one must come before the plain /start."""
    return {LINKS: signer}, [
        CommandHandler("start", start_report, filters=filters.Regex(_START_PAYLOAD)),
        CommandHandler("report", report_command),
    ]


def _signer(context: Context) -> LinkSigner | None:
    found: LinkSigner | None = context.application.bot_data.get(LINKS)
    return found


def _now(context: Context) -> datetime:
    return quiz_app(context).service.clock.now()


def _link_text(signer: LinkSigner, context: Context, chat_id: str, language: Language) -> str:
    url = signer.url(chat_id, _now(context), DEFAULT_DAYS)
    return t(language, "report.link", days=DEFAULT_DAYS, link=url, revoke="/report revoke")


async def report_command(update: Update, context: Context) -> None:
    """`/report` (a link, privately) or `/report revoke`, for the group's admins only."""
    language = language_of(update)
    chat, user, message = update.effective_chat, update.effective_user, update.effective_message
    if chat is None or user is None:
        return
    if chat.type == ChatType.PRIVATE:
        await reply(update, STYLE.escape(t(language, "report.group_only")))
        return
    if user.id == ANONYMOUS_ADMIN or (message is not None and message.sender_chat is not None):
        await reply(update, STYLE.escape(t(language, "report.anonymous")))
        return
    if not await admin_or_told(update, context):
        return
    signer = _signer(context)
    if signer is None:
        await reply(update, STYLE.escape(t(language, "report.not_set_up")))
        return
    if (context.args or [""])[0].lower() == "revoke":
        await revoke(quiz_app(context).service.store, chat_key(chat), _now(context))
        await reply(update, STYLE.escape(t(language, "report.revoked", command="/report")))
        return
    await _send_privately(update, context, signer, chat, user, language)


async def _send_privately(
    update: Update, context: Context, signer: LinkSigner, chat: Chat, user: User,
    language: Language,
) -> None:  # fmt: skip
    text = _link_text(signer, context, chat_key(chat), language)
    try:
        await context.bot.send_message(
            user.id, STYLE.escape(text), parse_mode=ParseMode.HTML, link_preview_options=NO_PREVIEW
        )
    except (Forbidden, BadRequest) as error:
        if isinstance(error, BadRequest) and "chat not found" not in str(error).lower():
            raise
        deep_link = f"https://t.me/{context.bot.username}?start={START}{chat.id}"
        await reply(update, STYLE.escape(t(language, "report.start_first", link=deep_link)))
        return
    await reply(update, STYLE.escape(t(language, "report.sent")))


async def start_report(update: Update, context: Context) -> None:
    """`/start report_<group>` in the private chat: the link, if they are that group's admin."""
    language, user = language_of(update), update.effective_user
    chat = update.effective_chat
    if user is None or chat is None or chat.type != ChatType.PRIVATE:
        return
    group_id = int((context.args or ["0"])[0].removeprefix(START))
    group = Chat(group_id, ChatType.SUPERGROUP)
    try:
        allowed = await is_chat_admin(context, group, user)
    except (BadRequest, Forbidden):  # the bot left the group, or it never existed
        allowed = False
    signer = _signer(context)
    if not allowed:
        await reply(update, STYLE.escape(t(language, "error.admin_only")))
    elif signer is None:
        await reply(update, STYLE.escape(t(language, "report.not_set_up")))
    elif update.effective_message is not None:
        text = STYLE.escape(_link_text(signer, context, chat_key(group), language))
        await update.effective_message.reply_text(
            text, parse_mode=ParseMode.HTML, link_preview_options=NO_PREVIEW, do_quote=False
        )
