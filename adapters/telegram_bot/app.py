"""`quizbot run telegram`: the python-telegram-bot Application around the quiz service."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import random
import re
import signal
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from telegram import Bot, BotCommand, Update
from telegram.error import InvalidToken, NetworkError, TimedOut
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    filters,
)

from adapters.logs import redact_secrets
from adapters.telegram_bot import commands as handlers
from adapters.telegram_bot import presses
from adapters.telegram_bot.daily import TelegramDailyPublisher, daily_command
from adapters.telegram_bot.http_client import AiohttpRequest
from adapters.telegram_bot.publisher import TelegramPublisher
from adapters.telegram_bot.review import (
    START_ARGUMENT,
    TelegramReminderSender,
    TelegramReviewPublisher,
    review_command,
)
from adapters.telegram_bot.updates import PressesConcurrently
from bot.domain.clock import Clock, SystemClock
from bot.domain.models import LANGUAGES, Quiz
from bot.domain.pacer import TELEGRAM_RATE, Pacer
from bot.play.daily_runner import DailyRunner
from bot.play.review import ReviewRunner
from bot.play.review_reminders import ReminderRunner
from bot.play.rounds import RoundRunner
from bot.play.service import QuizService
from bot.play.timers import AsyncioTimers, Timers
from bot.storage.opening import open_store
from bot.text.i18n import t

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
    "help",
    "forgetme",
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


def build_application(setup: TelegramSetup) -> TelegramApp:
    builder: ApplicationBuilder[Any, Any, Any, Any, Any, Any] = ApplicationBuilder()
    builder = builder.token(setup.token).rate_limiter(
        AIORateLimiter(max_retries=setup.rate_limit_retries)
    )
    builder = builder.base_url(_base_url(setup, "bot"))
    builder = builder.base_file_url(_base_url(setup, "file/bot"))
    builder = builder.concurrent_updates(PressesConcurrently())
    builder = builder.request(AiohttpRequest(connection_pool_size=BOT_CONNECTIONS))
    builder = builder.get_updates_request(AiohttpRequest(connection_pool_size=1))

    async def post_init(application: TelegramApp) -> None:
        store = await open_store(setup.database)
        service = QuizService(store, setup.quizzes, clock=setup.clock, rng=setup.rng)
        timers = setup.timers or AsyncioTimers(setup.clock)
        runner = RoundRunner(service, TelegramPublisher(application.bot), timers)
        pacer = Pacer(TELEGRAM_RATE, burst=5)
        daily = DailyRunner(service, TelegramDailyPublisher(application.bot), timers, pacer)
        review = ReviewRunner(service, TelegramReviewPublisher(application.bot, setup.clock))
        sender = TelegramReminderSender(application.bot)
        reminders = ReminderRunner(service, sender, timers, pacer, "tg")  # daily's pacer
        application.bot_data["quiz"] = handlers.QuizApp(service, runner, daily, review, reminders)
        await register_commands(application)
        await runner.resume()
        await daily.resume()
        await reminders.resume()

    async def post_stop(application: TelegramApp) -> None:
        """No deadline may fire once the bot can no longer send."""
        app: handlers.QuizApp | None = application.bot_data.get("quiz")
        if app is not None and isinstance(app.runner.timers, AsyncioTimers):
            await app.runner.timers.close()

    async def post_shutdown(application: TelegramApp) -> None:
        app: handlers.QuizApp | None = application.bot_data.pop("quiz", None)
        if app is not None:
            await app.service.store.close()

    builder = builder.post_init(post_init).post_stop(post_stop).post_shutdown(post_shutdown)
    application = builder.build()
    application.add_handler(CallbackQueryHandler(presses.button))  # first: the hot path
    review_link = filters.Regex(rf"^/start {START_ARGUMENT}$")  # before /start's own handler
    application.add_handler(CommandHandler("start", review_command, filters=review_link))
    for name, callback in handlers.handler_names().items():
        application.add_handler(CommandHandler(name, callback))
    application.add_handler(CommandHandler("daily", daily_command))
    application.add_handler(CommandHandler("review", review_command))
    application.add_error_handler(_error_handler(setup.on_error))
    return application


async def register_commands(application: TelegramApp) -> None:
    """The command menu in English (default) and French."""
    for language in LANGUAGES:
        commands = [BotCommand(name, t(language, f"command.{name}")) for name in COMMANDS]
        await application.bot.set_my_commands(
            commands, language_code=None if language == "en" else language
        )


def _error_handler(hook: ErrorHook | None) -> Callable[[object, Any], Any]:
    async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        error = context.error
        if error is None:
            return
        if type(error) is NetworkError or isinstance(error, TimedOut):
            # Connection trouble (not a refused request): PTB retries the polling itself.
            log.warning("Telegram could not be reached: %s", error)
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


WEBHOOK_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")
"""What Telegram accepts as a webhook's secret token."""


@dataclass(frozen=True)
class Webhook:
    url: str
    listen: str
    port: int
    secret: str
    """Sent back by Telegram with every update; a request without it is refused (403)."""


def webhook_secret(given: str | None, token: str) -> str:
    """The secret given, or one derived from the token: never a webhook anyone who finds its
    URL can feed forged updates to, and the same in every worker that shares the token."""
    if given is not None:
        if not WEBHOOK_SECRET.fullmatch(given):
            raise ValueError(
                "the webhook secret must be 1 to 256 letters, digits, _ or - (Telegram's rule)"
            )
        return given
    return hmac.new(token.encode(), b"quizbot webhook secret", hashlib.sha256).hexdigest()


def check_connection(setup: TelegramSetup) -> str | None:
    """Ask Telegram who we are before starting: a bad token or URL becomes one clear line."""

    async def get_me() -> None:
        async with Bot(setup.token, base_url=_base_url(setup, "bot")) as bot:
            await bot.get_me()

    try:
        asyncio.run(get_me())
    except InvalidToken:
        return "quizbot: Telegram rejected TELEGRAM_TOKEN; check it with @BotFather."
    except NetworkError as error:
        return f"quizbot: cannot reach the Telegram Bot API ({error}); check TELEGRAM_API_URL."
    return None


def _base_url(setup: TelegramSetup, kind: str) -> str:
    base = (setup.api_url or "https://api.telegram.org").rstrip("/")
    return f"{base}/{kind}"


def run(setup: TelegramSetup, webhook: Webhook | None = None) -> int:
    """Run until SIGINT/SIGTERM; one clear line instead of a traceback for a bad token."""
    redact_secrets([setup.token, webhook.secret if webhook else ""])
    problem = check_connection(setup)
    if problem is not None:
        print(problem)
        return 1
    application = build_application(setup)
    stop_signals = (signal.SIGINT, signal.SIGTERM)
    updates = [Update.MESSAGE, Update.CALLBACK_QUERY]
    try:
        if webhook is None:
            application.run_polling(allowed_updates=updates, stop_signals=stop_signals)
        else:
            application.run_webhook(
                listen=webhook.listen,
                port=webhook.port,
                url_path=urlparse(webhook.url).path.lstrip("/"),
                webhook_url=webhook.url,
                secret_token=webhook.secret,
                allowed_updates=updates,
                stop_signals=stop_signals,
            )
    except InvalidToken:
        print("quizbot: Telegram rejected TELEGRAM_TOKEN; check it with @BotFather.")
        return 1
    return 0
