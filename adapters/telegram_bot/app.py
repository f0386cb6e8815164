"""The python-telegram-bot Application around the quiz service: handlers, services, errors."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from telegram import BotCommand, Update
from telegram.error import Conflict, NetworkError, TelegramError, TimedOut
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from adapters.formula_pool import drawing_pool, formula_folder
from adapters.platform_ids import TELEGRAM
from adapters.telegram_bot import commands as handlers
from adapters.telegram_bot import (
    flags,
    gate,
    gone,
    lifecycle,
    polling,
    presses,
    typed,
    uploads,
    weak,
)
from adapters.telegram_bot.daily import TelegramDailyPublisher, daily_command
from adapters.telegram_bot.endpoints import bot_api_url, file_url
from adapters.telegram_bot.http_client import AiohttpRequest
from adapters.telegram_bot.photos import Photos
from adapters.telegram_bot.publisher import TelegramPublisher
from adapters.telegram_bot.report import handlers as report_handlers
from adapters.telegram_bot.review import (
    START_ARGUMENT,
    TelegramReminderSender,
    TelegramReviewPublisher,
    review_command,
)
from adapters.telegram_bot.timezone import timezone_command
from adapters.telegram_bot.updates import PressesConcurrently
from bot.domain.clock import Clock, SystemClock
from bot.domain.models import LANGUAGES, Quiz
from bot.domain.pacer import TELEGRAM_RATE
from bot.domain.report_links import LinkSigner
from bot.play.gone import ChatGoneError
from bot.play.round_sweep import SWEEP_EVERY
from bot.play.runners import Publishers, build_runners, resume
from bot.play.service import QuizService
from bot.play.timers import AsyncioTimers, Timers
from bot.storage.opening import open_store
from bot.text.i18n import t
from bot.text.math_picture import FormulaPictures

log = logging.getLogger(__name__)
TelegramApp = Application[Any, Any, Any, Any, Any, Any]
COMMANDS = (
    "quiz",
    "stop",
    "quizzes",
    "leaderboard",
    "stats",
    "practice",
    "daily",
    "review",
    "timezone",
    "help",
    "forgetme",
    "report",
)
ErrorHook = Callable[[BaseException], None]
BOT_CONNECTIONS = 256
"""PTB's default for the bot's own requests; getUpdates keeps its one connection."""


@dataclass
class TelegramSetup:
    """Everything `build_application` needs; tests swap the clock, timers and server."""

    token: str
    database: Path | str
    quizzes: Mapping[str, Quiz]
    api_url: str | None = None
    clock: Clock = field(default_factory=SystemClock)
    timers: Timers | None = None
    rng: random.Random | None = None
    on_error: ErrorHook | None = None
    """Called with every error a handler raises (tests fail on them)."""
    rate_limit_retries: int = 3
    report_links: LinkSigner | None = None
    """Signs `/report` links (QUIZBOT_WEB_URL, QUIZBOT_WEB_SECRET); None: `/report` is off."""
    file_url: str | None = None
    """TELEGRAM_FILE_URL: the server uploaded files are downloaded from; None: `api_url`'s."""
    sweep_every: timedelta | None = SWEEP_EVERY
    """How often this worker moves on rounds another worker left (bot/play/round_sweep.py);
    None for tests that run timers by hand."""
    cache: Path | None = None
    """QUIZBOT_CACHE: formula pictures are kept under `<cache>/formulas` across restarts;
    None: in memory only."""
    formula_processes: int = 1
    """Processes that draw formula pictures; 0: the event loop's thread pool instead."""


def formula_pictures(setup: TelegramSetup) -> tuple[FormulaPictures, Executor | None]:
    """The process's one FormulaPictures, and the executor to shut down with the bot: the
    worker processes of adapters/formula_pool.py (a thread stalled the event loop up to 56 ms
    against 10 ms from a process: bench/formulas.py, docs/performance.md)."""
    folder = formula_folder(setup.cache)
    if setup.formula_processes <= 0:
        return FormulaPictures(folder), None
    executor = drawing_pool(setup.formula_processes)
    return FormulaPictures(folder, executor), executor


def build_application(setup: TelegramSetup) -> TelegramApp:
    bot = lifecycle.FollowingBot(  # sends follow a group upgraded to a supergroup (lifecycle.py)
        setup.token,
        base_url=api_base_url(setup, "bot"),
        base_file_url=file_url(setup.api_url, setup.file_url),
        request=AiohttpRequest(connection_pool_size=BOT_CONNECTIONS),
        get_updates_request=AiohttpRequest(connection_pool_size=1),
        rate_limiter=AIORateLimiter(max_retries=setup.rate_limit_retries),
    )
    builder: ApplicationBuilder[Any, Any, Any, Any, Any, Any] = ApplicationBuilder()
    builder = builder.bot(bot).concurrent_updates(PressesConcurrently())
    formulas, drawing = formula_pictures(setup)

    async def post_init(application: TelegramApp) -> None:
        store = await open_store(setup.database)
        service = QuizService(store, setup.quizzes, clock=setup.clock, rng=setup.rng)
        timers = setup.timers or AsyncioTimers(setup.clock)
        photos = Photos(application.bot, store, formulas, setup.clock)
        application.bot_data["photos"] = photos
        publishers = _publishers(application, setup, photos)
        runners = build_runners(
            service, publishers, timers, TELEGRAM_RATE, TELEGRAM.prefix, setup.sweep_every
        )
        quiz = handlers.QuizApp(
            service, runners.rounds, runners.daily, runners.review, runners.reminders
        )
        application.bot_data["quiz"] = quiz
        bot.follow_moves(lambda old, new: lifecycle.move_chat(quiz, old, new))
        try:
            await register_commands(application)
        except TelegramError as error:  # menus are a convenience: the bot serves without them
            log.warning("could not set the command menus: %s", error)
        await resume(runners)

    async def post_stop(application: TelegramApp) -> None:
        """No deadline may fire once the bot can no longer send."""
        app: handlers.QuizApp | None = application.bot_data.get("quiz")
        if app is not None and isinstance(app.runner.timers, AsyncioTimers):
            await app.runner.timers.close()

    async def post_shutdown(application: TelegramApp) -> None:
        app: handlers.QuizApp | None = application.bot_data.pop("quiz", None)
        if app is not None:
            await app.service.store.close()
        if drawing is not None:
            drawing.shutdown(wait=False, cancel_futures=True)

    builder = builder.post_init(post_init).post_stop(post_stop).post_shutdown(post_shutdown)
    application = builder.build()
    application.add_handler(gate.UpdateGate().handler(), group=gate.GROUP)  # each update once
    application.add_handlers(flags.handlers())  # flags' link, reasons, sentences, /flags
    application.add_handler(CallbackQueryHandler(presses.button))  # the hot path
    review_link = filters.Regex(rf"^/start {START_ARGUMENT}$")  # before /start's own handler
    application.add_handler(CommandHandler("start", review_command, filters=review_link))
    typed_start, typed_lines = typed.handlers()  # /start ans_<post>, before /start's own
    application.add_handler(typed_start)
    report_data, report_commands = report_handlers(setup.report_links)  # before /start
    application.bot_data.update(report_data)
    application.add_handlers(report_commands)
    application.add_handler(CommandHandler("quiz", weak.weak_command, filters=weak.WEAK_COMMAND))
    for name, callback in handlers.handler_names().items():
        application.add_handler(CommandHandler(name, callback))
    application.add_handler(CommandHandler("daily", daily_command))
    application.add_handler(CommandHandler("review", review_command))
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, lifecycle.chat_migrated))
    application.add_handler(
        ChatMemberHandler(lifecycle.bot_removed, ChatMemberHandler.MY_CHAT_MEMBER)
    )
    application.add_handler(CommandHandler("timezone", timezone_command))
    application.add_handlers(uploads.handlers())  # /import, /removequiz: chat quizzes
    application.add_handler(typed_lines)  # last: any other text in a private chat
    application.add_error_handler(_error_handler(setup.on_error))
    return application


def _publishers(application: TelegramApp, setup: TelegramSetup, photos: Photos) -> Publishers:
    bot = application.bot
    return Publishers(
        rounds=TelegramPublisher(bot, photos, setup.clock),
        daily=TelegramDailyPublisher(bot, photos),
        review=TelegramReviewPublisher(bot, photos, setup.clock),
        reminders=TelegramReminderSender(bot),
    )


async def register_commands(application: TelegramApp) -> None:
    """The command menu in English (default) and French; admins and private chats (where
    the user owns the chat) also see the chat quiz commands and /flags."""
    for language in LANGUAGES:
        code = None if language == "en" else language
        commands = [BotCommand(name, t(language, f"command.{name}")) for name in COMMANDS]
        await application.bot.set_my_commands(commands, language_code=code)
        admins = (*uploads.COMMANDS, "flags")  # and /flags (issue 29)
        managing = [BotCommand(name, t(language, f"command.{name}")) for name in admins]
        for scope in uploads.SCOPES:
            await application.bot.set_my_commands(commands + managing, scope, code)


def _error_handler(hook: ErrorHook | None) -> Callable[[object, Any], Any]:
    async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        error = context.error
        if error is None:
            return
        if isinstance(error, Conflict):  # another process polls this token
            polling.stop_on_conflict(context.application)
            return
        if type(error) is NetworkError or isinstance(error, TimedOut):
            # Connection trouble (not a refused request): PTB retries the polling itself.
            log.warning("Telegram could not be reached: %s", error)
            return
        if isinstance(error, ChatGoneError) or gone.is_gone(error):  # e.g. a closed topic
            log.info("could not answer in %s: %s", gone.place(update), error)
            return
        log.error("a handler failed", exc_info=error)
        if hook is not None:
            hook(error)
        if isinstance(update, Update):
            await _apologise(update)

    return on_error


async def _apologise(update: Update) -> None:
    language = handlers.language_of(update)
    try:
        if update.callback_query is not None:
            await update.callback_query.answer(t(language, "error.generic"), show_alert=True)
        elif update.effective_message is not None:
            await update.effective_message.reply_text(t(language, "error.generic"))
    except Exception:  # the apology is best effort; the error is already logged
        log.warning("could not tell the user about the error")


def api_base_url(setup: TelegramSetup, kind: str) -> str:
    return bot_api_url(setup.api_url, kind)
