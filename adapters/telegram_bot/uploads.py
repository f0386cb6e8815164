"""Chat quizzes on Telegram (issue 19): `/import` turns an admin's file into the chat's own
quiz, `/removequiz ID` removes one.

The file is a document sent with `/import` (or `/import@bot`) as its caption, or a document
that `/import` replies to. Only admins may upload (anonymous admins count; in a private chat
the user is its owner, and the quiz is theirs). Everything else is the neutral
`service.chat_quizzes`: it checks the document's declared size, the chat's quiz count and its
hourly uploads *before* calling `fetch`, so a refused upload downloads nothing. `fetch` is
PTB's `get_file` + `download_as_bytearray`, at the bot's base_file_url (TELEGRAM_FILE_URL or
TELEGRAM_API_URL: see app.py).
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from telegram import (
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllPrivateChats,
    Document,
    Update,
)
from telegram.constants import ChatAction
from telegram.error import BadRequest, TelegramError
from telegram.ext import BaseHandler, CommandHandler, MessageHandler, filters

from adapters.telegram_bot.admin_gate import admin_or_told
from adapters.telegram_bot.commands import (
    Context,
    chat_key,
    language_of,
    quiz_app,
    reply,
    user_key,
)
from adapters.telegram_bot.publisher import STYLE
from adapters.telegram_bot.topics import channel_of, thread_of
from bot.domain.uploads import (
    Removed,
    UploadOutcome,
    UploadRefusal,
    UploadRefused,
    shown_id,
    size_limit,
)
from bot.text import upload_texts

COMMANDS = ("import", "removequiz")
"""In the command menus of admins and private chats only (`SCOPES`)."""
SCOPES = (BotCommandScopeAllChatAdministrators(), BotCommandScopeAllPrivateChats())
BIG_FILE = 100_000
"""Declared size (bytes) from which the chat sees "sending a file…" while the bot reads it."""
_CAPTION = re.compile(r"^/import(?:@(\w+))?(?:\s|$)", re.IGNORECASE)


def handlers() -> list[BaseHandler[Any, Any, Any]]:
    """The captioned document, then the commands (a reply's `/import`, `/removequiz`)."""
    captioned = filters.Document.ALL & filters.CaptionRegex(_CAPTION)
    return [
        MessageHandler(captioned, import_captioned),
        CommandHandler("import", import_command),
        CommandHandler("removequiz", remove_command),
    ]


async def import_captioned(update: Update, context: Context) -> None:
    """A document whose caption is `/import` (`/import@another_bot` is not for us)."""
    message = update.effective_message
    if message is None or message.document is None:
        return
    match = _CAPTION.match(message.caption or "")
    addressed = match.group(1) if match else None
    if addressed is not None and addressed.lower() != (context.bot.username or "").lower():
        return
    await upload(update, context, message.document)


async def import_command(update: Update, context: Context) -> None:
    """`/import` replying to a document uploads it; alone, it says how to use it."""
    message = update.effective_message
    replied = message.reply_to_message if message is not None else None
    if replied is None or replied.document is None:
        text = upload_texts.import_help(language_of(update), platform="telegram")
        await reply(update, STYLE.escape(text))
        return
    await upload(update, context, replied.document)


async def upload(update: Update, context: Context, document: Document) -> None:
    """An admin's document becomes the chat's quiz: the reply says what came of it."""
    app, language = quiz_app(context), language_of(update)
    chat, user, message = update.effective_chat, update.effective_user, update.effective_message
    if chat is None or user is None or not await admin_or_told(update, context):
        return

    async def fetch() -> bytes:
        if document.file_size is None or document.file_size >= BIG_FILE:
            thread = thread_of(channel_of(message))
            with contextlib.suppress(TelegramError):  # only a hint: never costs the upload
                await context.bot.send_chat_action(
                    chat.id, ChatAction.UPLOAD_DOCUMENT, message_thread_id=thread
                )
        file = await context.bot.get_file(document.file_id)
        return bytes(await file.download_as_bytearray())

    try:
        outcome: UploadOutcome = await app.service.chat_quizzes.upload(
            chat_key(chat), user_key(user), document.file_name or "", document.file_size, fetch
        )
    except BadRequest as error:  # no declared size, and Telegram's 20 MB cap said no
        if "too big" not in str(error).lower():
            raise
        outcome = UploadRefused(UploadRefusal.TOO_BIG, size_limit(document.file_name or ""))
    await reply(update, STYLE.escape(upload_texts.upload_reply(outcome, language, "telegram")))


async def remove_command(update: Update, context: Context) -> None:
    """`/removequiz ID`: an admin removes one of the chat's own quizzes."""
    app, language = quiz_app(context), language_of(update)
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None or not await admin_or_told(update, context):
        return
    args = context.args or []
    if len(args) != 1:
        text = upload_texts.import_help(language, platform="telegram")
        await reply(update, STYLE.escape(text))
        return
    chat_quizzes = app.service.chat_quizzes
    outcome = await chat_quizzes.remove(chat_key(chat), args[0])
    own = [] if isinstance(outcome, Removed) else await chat_quizzes.of_chat(chat_key(chat))
    text = upload_texts.remove_reply(outcome, language, [shown_id(quiz.id) for quiz in own])
    await reply(update, STYLE.escape(text))
