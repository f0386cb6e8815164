"""Telegram spaced review: `/review` in the private chat, a deep link to it from groups.

A session's questions are private messages with letter buttons; the press's toast gives the
verdict and the message then becomes the verdict with the full explanation, as in practice.
"""

from __future__ import annotations

from telegram import Bot, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import Forbidden

from adapters.platform_ids import TELEGRAM
from adapters.telegram_bot.commands import (
    Context,
    chat_key,
    language_of,
    player_of,
    quiz_app,
    user_key,
)
from adapters.telegram_bot.commands import reply as _reply
from adapters.telegram_bot.publisher import (
    REVIEW_START,
    STYLE,
    answer_rows,
    chat_number,
    flag_markup,
    keyboard,
    message_number,
    review_link,
)
from bot.domain.clock import Clock
from bot.domain.entities import Answer
from bot.domain.models import pick_language
from bot.domain.review_sessions import NothingDue, Reminder, ReviewSession, ReviewSummary
from bot.domain.views import QuestionView
from bot.play.review_reminders import ReminderRefusedError
from bot.text import render, review_steps, review_texts
from bot.text.i18n import t

START_ARGUMENT = REVIEW_START
"""`t.me/<bot>?start=review` opens the private chat on a review session."""


class TelegramReviewPublisher:
    """Implements bot.play.review.ReviewPublisher in the player's private chat, where each
    question, once answered, is edited into its verdict; `clock` dates the summary."""

    def __init__(self, bot: Bot, clock: Clock) -> None:
        self.bot = bot
        self.clock = clock

    async def post_review_question(self, session: ReviewSession, view: QuestionView) -> str:
        language = pick_language(session.language)
        card = render.question_card(view.quiz, view.question, view.post, language, STYLE)
        text, opening = card.text, review_steps.opening(session, language)
        if opening is not None:
            text = f"{STYLE.escape(opening)}\n\n{text}"
        message = await self.bot.send_message(
            chat_number(session.chat_id),
            text,
            parse_mode=ParseMode.HTML,
            reply_markup=keyboard(rows) if (rows := answer_rows(view, language)) else None,
        )
        return f"{message.chat_id}:{message.message_id}"

    async def show_review_verdict(
        self, session: ReviewSession, view: QuestionView, answer: Answer
    ) -> None:
        if view.post.message_ref is None:
            return
        language = pick_language(session.language)
        header = render.question_card(view.quiz, view.question, view.post, language, STYLE)
        verdict = render.verdict(view.question, view.post, answer, language, STYLE)
        await self.bot.edit_message_text(
            f"{header.text}\n\n{verdict}",
            chat_id=chat_number(session.chat_id),
            message_id=message_number(view.post.message_ref),
            parse_mode=ParseMode.HTML,
            reply_markup=flag_markup(self.bot.username, view.post.post_id),
        )

    async def post_review_summary(self, summary: ReviewSummary) -> None:
        session = summary.session
        language = pick_language(session.language)
        text = review_texts.summary(summary, self.clock.now(), language)
        await self.bot.send_message(
            chat_number(session.chat_id), STYLE.escape(text), parse_mode=ParseMode.HTML
        )


async def review_command(update: Update, context: Context) -> None:
    """`/review`: a session in the private chat; in a group, the link there and the count.
    `/review remind HH:MM [ZONE]` and `/review remind off`: the opt-in reminder."""
    app, chat, user = quiz_app(context), update.effective_chat, update.effective_user
    args = context.args or []
    if chat is None or user is None:
        return
    if args and args[0].lower() in ("remind", "rappel") and app.reminders is not None:
        language = language_of(update)
        text = await app.reminders.command(args[1:], user_key(user), chat_key(chat), language)
        await _reply(update, STYLE.escape(text))
        return
    await start_review(update, context)


class TelegramReminderSender:
    """Review reminders in the private chat: only users who started the bot can get them
    (Telegram refuses the others with Forbidden: the reminder is then deleted)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def send_reminder(self, reminder: Reminder, text: str) -> None:
        chat = TELEGRAM.number(reminder.user_id)  # the private chat
        try:
            await self.bot.send_message(chat, STYLE.escape(text), parse_mode=ParseMode.HTML)
        except Forbidden as error:  # never started the bot, or blocked it
            raise ReminderRefusedError(str(error)) from error


async def start_review(update: Update, context: Context) -> None:
    app, language = quiz_app(context), language_of(update)
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None or app.review is None:
        return
    runner, now = app.review, app.service.clock.now()
    player = player_of(user)
    if chat.type != ChatType.PRIVATE:
        count = await runner.due_count(player.user_id)
        if count == 0:
            left = await runner.nothing_due(player.user_id, chat_key(chat))
            await _reply(update, STYLE.escape(review_texts.nothing_due(left, now, language)))
            return
        link = review_link(context.bot.username)
        await _reply(
            update, STYLE.escape(t(language, "review.in_private", count=count, link=link))
        )
        return
    started = await runner.start(chat_id=chat_key(chat), channel_ref="", player=player)
    if isinstance(started, NothingDue):
        await _reply(
            update,
            STYLE.escape(review_texts.nothing_due(started, now, language)),
        )
