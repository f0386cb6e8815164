"""Daily questions on Telegram: the `/daily` command and the publisher of daily posts.

`/daily HH:MM ZONE QUIZ[,QUIZ…] [DAYS]` sets the chat's schedule, `/daily off` stops it,
`/daily` alone shows it. Setting and stopping are for chat admins. Answers to a daily post go
through the ordinary answer buttons (`v1:a:<post>:<letter>`), so verdicts work as in rounds.
"""

from __future__ import annotations

from telegram import Bot, Update

from adapters.telegram_bot import gone
from adapters.telegram_bot.admin_gate import admin_or_told
from adapters.telegram_bot.commands import (
    Context,
    chat_key,
    language_of,
    player_of,
    quiz_app,
    reply,
)
from adapters.telegram_bot.photos import Photos
from adapters.telegram_bot.publisher import (
    STYLE,
    answer_rows,
    chat_number,
    explanation_link,
    explanation_text,
    flag_markup,
    keyboard,
    typed_links,
    without_explanation,
)
from adapters.telegram_bot.topics import channel_of, thread_of
from bot.domain import daily
from bot.domain.daily import DailyPost, DailyRule
from bot.domain.models import Language, pick_language
from bot.domain.views import ClosedView, QuestionView
from bot.play.daily_runner import DailyRunner
from bot.play.service import UnknownQuizError
from bot.text import daily_texts, quiz_texts, upload_texts
from bot.text.i18n import t


class TelegramDailyPublisher:
    """Implements bot.play.daily_runner.DailyPublisher with the Bot API (a question with a
    picture: a photo, its card the caption, as in rounds)."""

    def __init__(self, bot: Bot, photos: Photos) -> None:
        self.bot = bot
        self.photos = photos

    async def post_daily(
        self, daily_post: DailyPost, view: QuestionView, previous: ClosedView | None
    ) -> str:
        language = pick_language(daily_post.language)
        card = daily_texts.daily_post_card(daily_post, view, previous, STYLE)
        link = (
            t(language, "question.explain_button"),
            explanation_link(self.bot.username, view.post.post_id),
        )
        typed = typed_links(self.bot.username, view, language)
        picture = await self.photos.question_picture(view.question, language)
        with gone.translated():  # a gone chat pauses its schedule
            return await self.photos.send(
                chat_number(daily_post.chat_id),
                card.text,
                picture,
                keyboard(answer_rows(view, language), [*typed, link]),
                thread_of(daily_post.channel_ref),
            )

    async def show_daily_results(self, daily_post: DailyPost, closed: ClosedView) -> None:
        view = closed.view
        ref = view.post.message_ref
        if ref is None:
            return
        language = pick_language(daily_post.language)
        left = await self.photos.close(
            ref,
            daily_texts.daily_closed_card(closed, language, STYLE).text,
            daily_texts.daily_closed_card(without_explanation(closed), language, STYLE).text,
            explanation_text(view.question, language),
            flag_markup(self.bot.username, view.post.post_id),
        )
        picture = await self.photos.explanation_picture(view.question, language)
        await self.photos.follow_up(ref, picture, left, thread_of(daily_post.channel_ref))


def _example(language: Language) -> str:
    return t(language, "daily.example.telegram")


def parse_rule(args: list[str], language: Language) -> DailyRule | str:
    """The rule from `HH:MM ZONE QUIZ [DAYS]`, or the message that says what is wrong."""
    example = _example(language)
    if len(args) < 3:
        return t(language, "daily.usage", example=example)
    rule = daily.read_rule(args[0], args[1], " ".join(args[3:]) or None)
    if isinstance(rule, daily.RuleProblem):
        return daily_texts.rule_problem(rule, language, example)
    return rule


async def daily_command(update: Update, context: Context) -> None:
    """`/daily` shows the schedule; `/daily off` and `/daily HH:MM ZONE QUIZ` need an admin."""
    app, language = quiz_app(context), language_of(update)
    chat, user = update.effective_chat, update.effective_user
    runner = app.daily
    if chat is None or user is None or runner is None:
        return
    args = context.args or []
    channel = channel_of(update.effective_message)
    if not args:
        await reply(update, await status_text(runner, chat_key(chat), channel, language))
        return
    if not await admin_or_told(update, context):
        return
    if args[0].lower() == "off":
        await runner.off(chat_key(chat), channel)
        await reply(update, STYLE.escape(t(language, "daily.off")))
        return
    rule = parse_rule(args, language)
    if isinstance(rule, str):
        await reply(update, STYLE.escape(rule))
        return
    try:
        schedule = await runner.set(
            chat_id=chat_key(chat),
            channel_ref=channel,
            rule=rule,
            quiz_names=[name for name in args[2].split(",") if name],
            player=player_of(user),
        )
    except UnknownQuizError as error:
        await reply(
            update, STYLE.escape(quiz_texts.unknown_quiz(error.name, error.known, language))
        )
        return
    quizzes = await runner.service.quizzes_of(schedule.quiz_ids)
    await reply(update, daily_texts.schedule_summary(schedule, quizzes, language, STYLE))


async def status_text(
    runner: DailyRunner, chat_id: str, channel_ref: str, language: Language
) -> str:
    schedule = await runner.schedule(chat_id, channel_ref)
    if schedule is None:
        return STYLE.escape(t(language, "daily.none", example=_example(language)))
    quizzes = await runner.service.quizzes_of(schedule.quiz_ids)
    summary = daily_texts.schedule_summary(schedule, quizzes, language, STYLE)
    removed = upload_texts.removed_quizzes_line(schedule.quiz_ids, quizzes, language)
    if removed is not None:
        summary = f"{summary}\n{STYLE.escape(removed)}"
    reason = await runner.paused_reason(chat_id, channel_ref)
    if reason is None:
        return summary
    return f"{summary}\n{STYLE.escape(daily_texts.paused_line(reason, language))}"
