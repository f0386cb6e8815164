"""Telegram button presses: each is answered at once, an answer only after it is committed."""

from __future__ import annotations

import logging

from telegram import Chat, Update, User
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest

from adapters.platform_ids import TELEGRAM
from adapters.telegram_bot.commands import (
    Context,
    QuizApp,
    chat_key,
    is_chat_admin,
    player_of,
    quiz_app,
    start_round,
)
from adapters.telegram_bot.publisher import STYLE
from bot.domain import payload
from bot.domain.models import Language, pick_language
from bot.domain.rules import Accepted, ForgetOutcome
from bot.domain.views import PressResult, QuestionView
from bot.play.responses import Picking
from bot.play.rounds import Control
from bot.text import answer_texts, forget_texts, render
from bot.text.i18n import t

log = logging.getLogger(__name__)


async def button(update: Update, context: Context) -> None:
    """Every press is answered at once; an answer only after it is committed."""
    query = update.callback_query
    if query is None:
        return
    language = pick_language(query.from_user.language_code)
    message = query.message
    try:
        pressed = payload.decode(query.data)
    except payload.PayloadError:
        pressed = None
    if pressed is None or message is None:
        await answer_query(update, t(language, "verdict.invalid"), alert=True)
        return
    match pressed:
        case payload.AnswerPress(post_id, letter_index):
            await on_answer(update, context, post_id, letter_index)
        case payload.RevealPress(post_id):
            await on_reveal(update, context, post_id)
        case payload.SubmitPress(post_id):
            await on_submit(update, context, post_id)
        case payload.StartPress(quiz_id):
            await answer_query(update, None)
            await start_round(update, context, quiz_id, [])
        case payload.ForgetPress(owner, confirm):
            await on_forget(update, context, owner, confirm)
        case _:  # Discord's flag buttons (flags.py handles the reasons here): not Telegram's
            await answer_query(update, t(language, "verdict.invalid"), alert=True)


async def on_answer(update: Update, context: Context, post_id: int, letter_index: int) -> None:
    """A letter: the answer to a one-choice question, or a pick on a `multiple` or `order`
    post (the last item of an order answers it)."""
    app = quiz_app(context)
    query, chat = update.callback_query, update.effective_chat
    assert query is not None
    assert chat is not None
    result = await app.responses.tap(
        chat_id=chat_key(chat),
        player=player_of(query.from_user),
        post_id=post_id,
        letter=letter_index,
    )
    await answered(update, app, chat, result)


async def on_submit(update: Update, context: Context, post_id: int) -> None:
    """Submit under a `multiple` question: the presser's picks are judged."""
    app = quiz_app(context)
    query, chat = update.callback_query, update.effective_chat
    assert query is not None
    assert chat is not None
    player = player_of(query.from_user)
    result = await app.responses.submit(chat_id=chat_key(chat), player=player, post_id=post_id)
    await answered(update, app, chat, result)


async def answered(
    update: Update, app: QuizApp, chat: Chat, result: PressResult | Picking
) -> None:
    """Tell the presser alone what their press did: their picks so far, or the verdict."""
    query = update.callback_query
    assert query is not None
    solo = chat.type == ChatType.PRIVATE
    language = await presser_language(app, query.from_user, result.view)
    if isinstance(result, Picking):
        text = answer_texts.picks_alert(result.view.question, result.picks, language)
        await answer_query(update, text, alert=not solo)
        return
    accepted = isinstance(result.outcome, Accepted)
    verdict = render.verdict_line if solo else render.verdict_alert
    alert = not (solo and accepted)
    await answer_query(update, render.press_reply(result, language, verdict), alert=alert)
    if solo and accepted:
        await app.runner.next_solo(result)
        if app.review is not None:
            await app.review.after_answer(result)


async def presser_language(app: QuizApp, user: User, view: QuestionView | None) -> Language:
    """The presser's language; without one, the language the round is played in."""
    if user.language_code or view is None or view.post.round_id is None:
        return pick_language(user.language_code)
    current = await app.service.get_round(view.post.round_id)
    return pick_language(current.language if current else None)


async def on_reveal(update: Update, context: Context, post_id: int) -> None:
    app = quiz_app(context)
    query, chat = update.callback_query, update.effective_chat
    assert query is not None
    assert chat is not None
    language = pick_language(query.from_user.language_code)
    view = await app.service.view(post_id)
    if view is None or view.post.chat_id != chat_key(chat):
        await answer_query(update, t(language, "verdict.invalid"), alert=True)
        return
    admin = await is_chat_admin(context, chat, query.from_user)
    control = await app.runner.reveal(post_id, player_of(query.from_user), admin)
    if control is Control.NOT_ALLOWED:
        await answer_query(update, t(language, "round.not_allowed"), alert=True)
    else:
        await answer_query(update, None)


async def answer_query(update: Update, text: str | None, alert: bool = False) -> None:
    """Answer a callback query; a redelivered update's query may be too old, which is fine."""
    query = update.callback_query
    if query is None:
        return
    try:
        await query.answer(text, show_alert=alert)
    except BadRequest as error:
        if "query is too old" not in str(error).lower():
            raise
        log.info("callback query %s was already answered or expired", query.id)


async def on_forget(update: Update, context: Context, owner: str, confirm: bool) -> None:
    """Delete the presser's data, only if the question was theirs."""
    query = update.callback_query
    assert query is not None
    language = pick_language(query.from_user.language_code)
    outcome = await quiz_app(context).service.forget(
        TELEGRAM.key(owner), TELEGRAM.key(query.from_user.id), confirm
    )
    text = forget_texts.forget_result(outcome, language)
    if outcome is ForgetOutcome.NOT_YOURS:
        await answer_query(update, text, alert=True)
        return
    await answer_query(update, None)
    await query.edit_message_text(STYLE.escape(text), parse_mode=ParseMode.HTML)
