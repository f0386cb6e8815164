"""Typed answers on Telegram: `text` and `number` questions are answered in the private chat.

A group's post (round or daily) carries a deep link, `t.me/<bot>?start=ans_<post>`: opening it
asks the question privately, and the member's next line there is their answer, judged and
counted for that post if it comes before the close (bot/play/responses.py keeps which post in
the store). The group sees only the count; nobody sees another member's answer. A practice or
review question asked in the private chat takes the line directly.
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import CommandHandler, MessageHandler, filters

from adapters.platform_ids import TELEGRAM
from adapters.telegram_bot.commands import Context, chat_key, player_of, quiz_app, reply
from adapters.telegram_bot.photos import photos_of, reply_with
from adapters.telegram_bot.practice_links import is_member
from adapters.telegram_bot.presses import presser_language
from adapters.telegram_bot.publisher import STYLE, TYPED_START
from bot.domain.models import Language
from bot.domain.rules import Accepted, Refusal, Refused
from bot.domain.views import PressResult
from bot.text import answer_texts, render
from bot.text.i18n import t


def handlers() -> list[CommandHandler[Context, None] | MessageHandler[Context, None]]:
    """`/start ans_<post>` (before /start's own handler) and lines typed in private chats."""
    private = filters.ChatType.PRIVATE
    link = private & filters.Regex(rf"^/start {TYPED_START}[1-9][0-9]{{0,17}}$")
    typed = private & filters.TEXT & ~filters.COMMAND
    return [CommandHandler("start", open_typed, filters=link), MessageHandler(typed, typed_line)]


async def open_typed(update: Update, context: Context) -> None:
    """Ask a group's typed question in the private chat; the next line answers it."""
    app, user, chat = quiz_app(context), update.effective_user, update.effective_chat
    if user is None or chat is None or not context.args:
        return
    post_id = int(context.args[0].removeprefix(TYPED_START))
    view = await app.service.view(post_id)
    language = await presser_language(app, user, view)
    if view is None:
        await reply(update, STYLE.escape(t(language, "verdict.invalid")))
        return
    elsewhere = view.post.chat_id != chat_key(chat)
    if elsewhere and not (
        TELEGRAM.owns(view.post.chat_id)
        and await is_member(context.bot, view.post.chat_id, user.id)
    ):
        await reply(update, STYLE.escape(t(language, "typed.not_member")))
        return
    opened = await app.responses.open_typed(player_of(user), post_id)
    if isinstance(opened, PressResult):
        await reply(update, STYLE.escape(refused_text(opened, language)))
        return
    card = render.question_card(opened.quiz, opened.question, opened.post, language, STYLE)
    text = f"{card.text}\n\n{STYLE.italic(STYLE.escape(t(language, 'typed.ask')))}"
    picture = await photos_of(context).question_picture(opened.question, language)
    await reply_with(update, context, text, picture)


async def typed_line(update: Update, context: Context) -> None:
    """A line typed in the private chat: the answer to the typed question last asked, if any
    (other lines are left alone)."""
    app, user, chat = quiz_app(context), update.effective_user, update.effective_chat
    message = update.effective_message
    if user is None or chat is None or message is None or not message.text:
        return
    result = await app.responses.typed(
        chat_id=chat_key(chat), player=player_of(user), line=message.text
    )
    if result is None or result.view is None:
        return
    view = result.view
    language = await presser_language(app, user, view)
    here = view.post.chat_id == chat_key(chat)  # practice or review: the post shows the rest
    if not isinstance(result.outcome, Accepted):
        await reply(update, STYLE.escape(refused_text(result, language)))
    elif here:
        await reply(
            update, STYLE.escape(render.press_reply(result, language, render.verdict_line))
        )
        await app.runner.next_solo(result)
        if app.review is not None:
            await app.review.after_answer(result)
    else:
        answer = result.outcome.answer
        text = render.verdict(view.question, view.post, answer, language, STYLE)
        picture = await photos_of(context).explanation_picture(view.question, language)
        await reply_with(update, context, text, picture)


def refused_text(result: PressResult, language: Language) -> str:
    """Why a typed answer was not counted: closed, given already, or no number."""
    outcome, view = result.outcome, result.view
    if isinstance(outcome, Refused) and outcome.reason is Refusal.CLOSED:
        return t(language, "typed.closed")
    if isinstance(outcome, Refused) and view is not None and view.question.type == "number":
        return answer_texts.not_a_number(view.question, language)
    return render.press_reply(result, language, render.verdict_line)
