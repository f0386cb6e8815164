"""Flags on Telegram: ⚑ under a closed question links to the private chat
(`?start=flag_<post>`), where the member picks a reason and may reply with a sentence;
`/flags` for the chat's admins lists, hides, shows and clears.

Both the link and the reason buttons are client-forgeable, so each checks that the member may
see the question: the post's chat is their private chat, or a group they are in (as practice
links do). A forged post of another group flags nothing.
"""

from __future__ import annotations

from typing import Any

from telegram import ForceReply, Update, User
from telegram.constants import ParseMode
from telegram.error import BadRequest
from telegram.ext import (
    BaseHandler,
    CallbackQueryHandler,
    CommandHandler,
    MessageHandler,
    filters,
)

from adapters.platform_ids import TELEGRAM
from adapters.telegram_bot.admin_gate import admin_or_told
from adapters.telegram_bot.commands import (
    Context,
    chat_key,
    language_of,
    player_of,
    quiz_app,
    reply,
    user_key,
)
from adapters.telegram_bot.practice_links import is_member
from adapters.telegram_bot.publisher import FLAG_START, STYLE, keyboard
from bot.domain import payload
from bot.domain.flags import FlagOutcome, Reason
from bot.domain.models import LANGUAGES, pick_language
from bot.domain.platform_limits import TELEGRAM_MESSAGE
from bot.domain.views import QuestionView
from bot.play.flags import FlagDesk
from bot.text import flag_texts
from bot.text.i18n import t

LINK = filters.Regex(rf"^/start {FLAG_START}[1-9][0-9]{{0,17}}$")
"""`/start flag_<post id>`: registered before `/start`'s own handler."""
NOTE_PROMPTS = {t(language, "flag.note_reply") for language in LANGUAGES}


async def _visible(context: Context, user: User, post_id: int) -> QuestionView | None:
    """The post, if this member may see it: in their private chat or a group they are in."""
    found = await quiz_app(context).service.view(post_id)
    if found is None or found.post.chat_id == TELEGRAM.key(user.id):
        return found
    return found if await is_member(context.bot, found.post.chat_id, user.id) else None


async def flag_link(update: Update, context: Context) -> None:
    """`/start flag_<post>`: the question and one button a reason."""
    user, language = update.effective_user, language_of(update)
    post_id = int((context.args or ["flag_0"])[0].removeprefix(FLAG_START))
    found = None if user is None else await _visible(context, user, post_id)
    if found is None:
        await reply(update, STYLE.escape(t(language, "flag.unknown")))
        return
    card = flag_texts.ask(found, language, STYLE)
    await reply(update, card.text, keyboard([[button] for button in card.buttons]))


async def reason_pressed(update: Update, context: Context) -> None:
    """A reason: store the flag, say so in the prompt, and offer a sentence by reply."""
    query, language = update.callback_query, language_of(update)
    if query is None:
        return
    pressed = payload.decode(query.data)
    assert isinstance(pressed, payload.FlagReasonPress)
    reason = Reason(pressed.reason)
    outcome = None
    if await _visible(context, query.from_user, pressed.post_id) is not None:
        desk = FlagDesk(quiz_app(context).service)
        outcome = await desk.flag(pressed.post_id, player_of(query.from_user), reason)
    said = flag_texts.flagged(outcome, reason, language)
    await query.answer()
    try:
        await query.edit_message_text(STYLE.escape(said), parse_mode=ParseMode.HTML)
    except BadRequest as error:  # the same press again (a redelivery): already says so
        if "not modified" not in str(error).lower():
            raise
    if outcome in (FlagOutcome.ADDED, FlagOutcome.CHANGED) and query.message is not None:
        await context.bot.send_message(
            query.message.chat.id,
            STYLE.escape(t(language, "flag.note_reply")),
            parse_mode=ParseMode.HTML,
            reply_markup=ForceReply(selective=True),
        )


async def note_replied(update: Update, context: Context) -> None:
    """A reply to "add a sentence": it goes with the member's flag of the last hour."""
    message, user = update.effective_message, update.effective_user
    replied = None if message is None else message.reply_to_message
    if message is None or user is None or replied is None or replied.text not in NOTE_PROMPTS:
        return
    noted = await FlagDesk(quiz_app(context).service).note_latest(
        user_key(user), message.text or ""
    )
    language = pick_language(user.language_code)
    await reply(update, STYLE.escape(t(language, "flag.noted" if noted else "flag.no_flag")))


async def flags_command(update: Update, context: Context) -> None:
    """`/flags [hide|show|clear ID]`: the chat's admins only; others are told so."""
    chat, user, language = update.effective_chat, update.effective_user, language_of(update)
    if chat is None or user is None or not await admin_or_told(update, context):
        return
    desk, args = FlagDesk(quiz_app(context).service), context.args or []
    if not args:
        listed = await desk.listing(chat_key(chat))
        await reply(update, flag_texts.listing(listed, language, STYLE, TELEGRAM_MESSAGE))
        return
    action, ref = args[0].lower(), " ".join(args[1:])
    if action not in flag_texts.ACTIONS or not ref:
        await reply(update, STYLE.escape(flag_texts.usage(language)))
        return
    done = await desk.act(chat_key(chat), action, ref, user_key(user))
    await reply(update, STYLE.escape(flag_texts.done(action, done.value, ref.lower(), language)))


def handlers() -> list[BaseHandler[Any, Any, Any]]:
    """Registered before `/start`'s own handler and the other presses' one."""
    return [
        CommandHandler("start", flag_link, filters=LINK),
        CallbackQueryHandler(reason_pressed, pattern=f"^{payload.FLAG_REASON_PATTERN}$"),
        CommandHandler("flags", flags_command),
        MessageHandler(
            filters.ChatType.PRIVATE & filters.TEXT & filters.REPLY & ~filters.COMMAND,
            note_replied,
        ),
    ]
