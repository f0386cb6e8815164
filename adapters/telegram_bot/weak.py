"""`/quiz weak [N]` on Telegram: a round of the chat's weak spots (bot/play/weak_rounds.py).

In a group it is a timed group round; in the private chat, a practice of what this member
answered there. With nothing answered here yet, the chat is told how to start.
"""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import filters

from adapters.telegram_bot.commands import (
    Context,
    chat_key,
    language_of,
    player_of,
    quiz_app,
    reply,
)
from adapters.telegram_bot.publisher import STYLE
from adapters.telegram_bot.topics import channel_of
from bot.domain.models import MAX_QUESTIONS
from bot.domain.rules import DEFAULT_SECONDS
from bot.domain.weak_spots import WEAK_NAME
from bot.play.weak_rounds import NothingSeenError, WeakSpots
from bot.storage.interface import RoundConflictError
from bot.text import weak_texts
from bot.text.i18n import t

WEAK_COMMAND = filters.Regex(rf"(?i)^/quiz(@\w+)?\s+{WEAK_NAME}(\s|$)")
"""`/quiz weak …`: registered before `/quiz`'s own handler, which it takes over."""


async def weak_command(update: Update, context: Context) -> None:
    """Start the round, or say why not (a bad count, nothing seen, a round running)."""
    app, language = quiz_app(context), language_of(update)
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    extra = (context.args or [])[1:]
    count = extra[0] if extra else None
    if count is not None and not (count.isdigit() and 1 <= int(count) <= MAX_QUESTIONS):
        await reply(update, STYLE.escape(t(language, "round.bad_count", max=MAX_QUESTIONS)))
        return
    solo = chat.type == ChatType.PRIVATE
    try:
        await WeakSpots(app.service).start(
            app.runner,
            chat_id=chat_key(chat),
            channel_ref=channel_of(update.effective_message),
            player=player_of(user),
            mode="solo" if solo else "group",
            questions=int(count) if count else None,
            seconds=DEFAULT_SECONDS,
        )
    except NothingSeenError:
        first = next(iter(sorted(app.service.quizzes)), "")
        await reply(update, STYLE.escape(weak_texts.nothing_seen("telegram", first, language)))
    except RoundConflictError:
        await reply(update, STYLE.escape(t(language, "round.conflict")))
