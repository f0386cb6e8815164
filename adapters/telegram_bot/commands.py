"""Telegram commands, translated into calls on the neutral quiz service (presses: see
presses.py)."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

from telegram import Chat, ChatMember, InlineKeyboardMarkup, Message, Update, User
from telegram.constants import ChatType, ParseMode
from telegram.ext import ContextTypes

from adapters.platform_ids import TELEGRAM
from adapters.telegram_bot import practice_links
from adapters.telegram_bot.photos import photos_of, reply_with
from adapters.telegram_bot.publisher import STYLE, keyboard
from adapters.telegram_bot.topics import channel_of
from bot.domain.entities import PERIODS, Period, Player
from bot.domain.models import Language, Quiz, pick_language
from bot.domain.rules import DEFAULT_SECONDS, MAX_SECONDS, MIN_SECONDS
from bot.play.daily_runner import DailyRunner
from bot.play.responses import Responses
from bot.play.review import ReviewRunner
from bot.play.review_reminders import ReminderRunner
from bot.play.rounds import Control, RoundRunner
from bot.play.service import QuizService, UnknownQuizError
from bot.storage.interface import RoundConflictError
from bot.text import boards, forget_texts, quiz_texts, render, review_texts, upload_texts
from bot.text.i18n import t

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE


@dataclass
class QuizApp:
    """What the handlers share, kept in `application.bot_data["quiz"]`."""

    service: QuizService
    runner: RoundRunner
    daily: DailyRunner | None = None
    review: ReviewRunner | None = None
    reminders: ReminderRunner | None = None
    responses: Responses = field(init=False)
    """Answers in steps (picks, typed lines), over `runner`."""

    def __post_init__(self) -> None:
        self.responses = Responses(self.runner)


def quiz_app(context: Context) -> QuizApp:
    found: QuizApp = context.application.bot_data["quiz"]
    return found


def chat_key(chat: Chat) -> str:
    return TELEGRAM.key(chat.id)


def user_key(user: User) -> str:
    return TELEGRAM.key(user.id)


def player_of(user: User) -> Player:
    return Player(user_key(user), user.full_name, pick_language(user.language_code))


def language_of(update: Update) -> Language:
    user = update.effective_user
    return pick_language(user.language_code if user else None)


async def reply(update: Update, text: str, markup: InlineKeyboardMarkup | None = None) -> None:
    message = update.effective_message
    if message is not None:
        await message.reply_text(
            text, parse_mode=ParseMode.HTML, reply_markup=markup, do_quote=False
        )


async def is_chat_admin(
    context: Context, chat: Chat, user: User, message: Message | None = None
) -> bool:
    """Whether the user may run admin commands here; `message`, when given, may say it was
    sent by an anonymous admin: as the group itself (`sender_chat`; `from` is
    GroupAnonymousBot, whom getChatMember would not call an admin)."""
    if chat.type == ChatType.PRIVATE:
        return True
    if message is not None and message.sender_chat is not None:
        return message.sender_chat.id == chat.id
    member = await context.bot.get_chat_member(chat.id, user.id)
    return member.status in (ChatMember.ADMINISTRATOR, ChatMember.OWNER)


async def quiz_list(
    app: QuizApp, update: Update, language: Language
) -> tuple[str, InlineKeyboardMarkup]:
    """The quizzes this chat can play (its own set apart), a start button each."""
    chat = update.effective_chat
    quizzes = await app.service.catalog_in(chat_key(chat)) if chat else app.service.catalog()
    buttons = [[quiz_texts.start_button(quiz, language)] for quiz in quizzes]
    return upload_texts.quiz_list_in(quizzes, language, STYLE), keyboard(buttons)


async def start_round(
    update: Update, context: Context, name: str, extra: list[str], found: Quiz | None = None
) -> None:
    """Start a round here: a timed group round in groups, solo practice in private chat;
    `found`: the quiz already resolved (a group's own, by a practice link)."""
    app, language = quiz_app(context), language_of(update)
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    try:
        quiz = found or await app.service.quiz_in(chat_key(chat), name)
    except UnknownQuizError as error:
        text, markup = await quiz_list(app, update, language)
        unknown = quiz_texts.unknown_quiz(error.name, error.known, language)
        await reply(update, f"{STYLE.escape(unknown)}\n\n{text}", markup)
        return
    count = _whole_number(extra[0] if extra else None, 1, len(quiz.questions))
    seconds = _whole_number(extra[1] if len(extra) > 1 else None, MIN_SECONDS, MAX_SECONDS)
    if count is False:
        await reply(update, STYLE.escape(t(language, "round.bad_count", max=len(quiz.questions))))
        return
    if seconds is False:
        await reply(
            update,
            STYLE.escape(t(language, "round.bad_seconds", min=MIN_SECONDS, max=MAX_SECONDS)),
        )
        return
    solo = chat.type == ChatType.PRIVATE
    try:
        await app.runner.start(
            chat_id=chat_key(chat),
            channel_ref=channel_of(update.effective_message),
            player=player_of(user),
            quiz_id=quiz.id,
            mode="solo" if solo else "group",
            questions=count or None,
            seconds=seconds or DEFAULT_SECONDS,
        )
    except RoundConflictError:
        await reply(update, STYLE.escape(t(language, "round.conflict")))


def _whole_number(text: str | None, low: int, high: int) -> int | bool | None:
    """None when absent, the number when valid, False when present but invalid."""
    if text is None:
        return None
    if not text.isdigit() or not low <= int(text) <= high:
        return False
    return int(text)


async def quiz_command(update: Update, context: Context) -> None:
    args = context.args or []
    if not args:
        text, markup = await quiz_list(quiz_app(context), update, language_of(update))
        await reply(update, text, markup)
        return
    await start_round(update, context, args[0], args[1:])


async def quizzes_command(update: Update, context: Context) -> None:
    text, markup = await quiz_list(quiz_app(context), update, language_of(update))
    await reply(update, text, markup)


async def stop_command(update: Update, context: Context) -> None:
    app, language = quiz_app(context), language_of(update)
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    channel = channel_of(update.effective_message)
    if chat.type == ChatType.PRIVATE:  # a practice: the player's own round
        control = await app.runner.stop_practice(chat_key(chat), channel, player_of(user))
    else:
        control = await app.runner.stop(
            chat_key(chat),
            channel,
            player_of(user),
            await is_chat_admin(context, chat, user, update.effective_message),
        )
    if control is Control.NOT_ALLOWED:
        await reply(update, STYLE.escape(t(language, "round.not_allowed")))
    elif control is Control.NOTHING:
        await reply(update, STYLE.escape(t(language, "round.nothing_running")))


async def leaderboard_command(update: Update, context: Context) -> None:
    app, language = quiz_app(context), language_of(update)
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    period: Period = "all"
    quiz_id: str | None = None
    for word in (context.args or [])[:2]:
        if word.lower() in PERIODS:
            period = word.lower()  # type: ignore[assignment]
            continue
        try:
            quiz_id = (await app.service.quiz_in(chat_key(chat), word)).id
        except UnknownQuizError as error:
            await reply(
                update, STYLE.escape(quiz_texts.unknown_quiz(error.name, error.known, language))
            )
            return
    board = await app.service.leaderboard(chat_key(chat), period, user_key(user), quiz_id)
    quiz = await app.service.quiz_of(quiz_id) if quiz_id else None
    await reply(update, boards.leaderboard(board, quiz, language, STYLE))


async def stats_command(update: Update, context: Context) -> None:
    app, language = quiz_app(context), language_of(update)
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    stats = await app.service.stats(chat_key(chat), user_key(user))
    text = boards.stats(user.full_name, stats, language, STYLE)
    if app.review is not None:  # spaced review: due, learned, predicted recall
        deck = await app.review.stats(user_key(user))
        text = f"{text}\n{review_texts.stats_line(deck, language, STYLE)}"
    await reply(update, text)


async def help_command(update: Update, context: Context) -> None:
    await reply(update, STYLE.escape(quiz_texts.help_text(language_of(update))))


async def practice_command(update: Update, context: Context) -> None:
    chat = update.effective_chat
    args = context.args or []
    if chat is not None and chat.type == ChatType.PRIVATE:
        await (
            start_round(update, context, args[0], args[1:2])
            if args
            else quizzes_command(update, context)
        )
        return
    name = args[0] if args else next(iter(sorted(quiz_app(context).service.quizzes)), "")
    if chat is not None:  # the group's own quiz: its key goes in the link
        with contextlib.suppress(UnknownQuizError):
            found = await quiz_app(context).service.quiz_in(chat_key(chat), name)
            name = practice_links.practice_argument(found)
    link = f"https://t.me/{context.bot.username}?start=practice_{name.lower()}"
    await reply(update, STYLE.escape(t(language_of(update), "practice.in_private", link=link)))


async def start_command(update: Update, context: Context) -> None:
    """Private chat entry point; deep links carry `ex_<post>` or `practice_<quiz>`."""
    argument = (context.args or [""])[0]
    if argument.startswith("ex_") and argument[3:].isdigit():
        await explain(update, context, int(argument[3:]))
    elif argument.startswith("practice_"):
        name, user = argument.removeprefix("practice_"), update.effective_user
        found = None
        if "_" in name and user is not None:  # a group's own quiz
            service = quiz_app(context).service
            found = await practice_links.group_quiz(service, context.bot, user.id, name)
        await start_round(update, context, name, [], found)
    else:
        await help_command(update, context)


async def explain(update: Update, context: Context, post_id: int) -> None:
    """The full explanation of a question, but never of one the user could still answer;
    with the explanation's picture, if it has one."""
    app, language = quiz_app(context), language_of(update)
    user = update.effective_user
    view = await app.service.view(post_id)
    if view is None or user is None:
        await reply(update, STYLE.escape(t(language, "explain.unknown")))
        return
    answer = await app.service.answer_of(post_id, user_key(user))
    if answer is not None:
        text = render.verdict(view.question, view.post, answer, language, STYLE)
    elif view.post.is_open(app.service.clock.now()):
        await reply(update, STYLE.escape(t(language, "explain.answer_first")))
        return
    else:
        text = render.closed_card(view.quiz, view.question, view.post, [], language, STYLE).text
    picture = await photos_of(context).explanation_picture(view.question, language)
    await reply_with(update, context, text, picture)


async def forget_command(update: Update, context: Context) -> None:
    user = update.effective_user
    if user is None:
        return
    footprint = await quiz_app(context).service.footprint(user_key(user))
    card = forget_texts.forget_prompt(footprint, str(user.id), language_of(update))
    await reply(
        update, STYLE.escape(card.text), keyboard([list(card.buttons)]) if card.buttons else None
    )


def handler_names() -> dict[str, Any]:
    return {
        "quiz": quiz_command,
        "quizzes": quizzes_command,
        "stop": stop_command,
        "leaderboard": leaderboard_command,
        "stats": stats_command,
        "help": help_command,
        "practice": practice_command,
        "start": start_command,
        "forgetme": forget_command,
    }
