"""Telegram spaced review: `/review` in the private chat, a deep link to it from groups.

A session's questions are private messages with letter buttons; the press's toast gives the
verdict and the message then becomes the verdict with the full explanation, as in practice.
"""

from __future__ import annotations

import dataclasses

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
from adapters.telegram_bot.photos import Photos
from adapters.telegram_bot.publisher import (
    REVIEW_START,
    STYLE,
    answer_rows,
    chat_number,
    explanation_text,
    flag_markup,
    keyboard,
    review_link,
)
from bot.domain.clock import Clock
from bot.domain.entities import Answer
from bot.domain.models import Question, pick_language
from bot.domain.review_sessions import NothingDue, Reminder, ReviewSession, ReviewSummary
from bot.domain.views import QuestionView
from bot.play.review_reminders import ReminderRefusedError
from bot.text import render, review_steps, review_texts
from bot.text.i18n import t

START_ARGUMENT = REVIEW_START
"""`t.me/<bot>?start=review` opens the private chat on a review session."""


class TelegramReviewPublisher:
    """Implements bot.play.review.ReviewPublisher in the player's private chat, where each
    question, once answered, is edited into its verdict; `clock` dates the summary. A
    question with a picture is a photo, its card the caption (photos.py)."""

    def __init__(self, bot: Bot, photos: Photos, clock: Clock) -> None:
        self.bot = bot
        self.photos = photos
        self.clock = clock

    async def post_review_question(self, session: ReviewSession, view: QuestionView) -> str:
        language = pick_language(session.language)
        card = render.question_card(view.quiz, view.question, view.post, language, STYLE)
        text, opening = card.text, review_steps.opening(session, language)
        if opening is not None:
            text = f"{STYLE.escape(opening)}\n\n{text}"
        picture = await self.photos.question_picture(view.question, language)
        rows = answer_rows(view, language)
        return await self.photos.send(
            chat_number(session.chat_id), text, picture, keyboard(rows) if rows else None
        )

    async def show_review_verdict(
        self, session: ReviewSession, view: QuestionView, answer: Answer
    ) -> None:
        ref = view.post.message_ref
        if ref is None:
            return
        language = pick_language(session.language)
        header = render.question_card(view.quiz, view.question, view.post, language, STYLE)

        def verdict_text(question: Question) -> str:
            verdict = render.verdict(question, view.post, answer, language, STYLE)
            return f"{header.text}\n\n{verdict}"

        left = await self.photos.close(
            ref,
            verdict_text(view.question),
            verdict_text(dataclasses.replace(view.question, explanation=None)),
            explanation_text(view.question, language),
            flag_markup(self.bot.username, view.post.post_id),
        )
        picture = await self.photos.explanation_picture(view.question, language)
        await self.photos.follow_up(ref, picture, left)

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
