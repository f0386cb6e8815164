"""`quizbot run telegram`: checks the token, then polls or serves a webhook until a signal."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import signal
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlparse

from telegram import Bot, Update
from telegram.error import InvalidToken, NetworkError

from adapters.logs import redact_secrets
from adapters.telegram_bot.app import TelegramSetup, api_base_url, build_application
from adapters.telegram_bot.polling import exit_status
from bot.catalog.field_reader import Problem
from bot.catalog.installed import log_skipped

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
        async with Bot(setup.token, base_url=api_base_url(setup, "bot")) as bot:
            await bot.get_me()

    try:
        asyncio.run(get_me())
    except InvalidToken:
        return "quizbot: Telegram rejected TELEGRAM_TOKEN; check it with @BotFather."
    except NetworkError as error:
        return f"quizbot: cannot reach the Telegram Bot API ({error}); check TELEGRAM_API_URL."
    return None


def run(
    setup: TelegramSetup, webhook: Webhook | None = None, skipped: Sequence[Problem] = ()
) -> int:
    """Run until SIGINT/SIGTERM; one clear line instead of a traceback for a bad token.
    `skipped`: the quiz files left out, one warning each once logging is set up."""
    redact_secrets([setup.token, webhook.secret if webhook else ""])
    log_skipped(skipped)
    problem = check_connection(setup)
    if problem is not None:
        print(problem)
        return 1
    application = build_application(setup)
    stop_signals = (signal.SIGINT, signal.SIGTERM)
    updates = [Update.MESSAGE, Update.CALLBACK_QUERY, Update.MY_CHAT_MEMBER]  # removed: pause
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
    return exit_status(application)  # 1 after a polling conflict (polling.py)
