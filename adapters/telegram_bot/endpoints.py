"""Where the Bot API is: Telegram's, or TELEGRAM_API_URL (a self-hosted server, the test fake).

Its own module so `quizbot doctor` finds the same address as the bot without importing the
whole application (telegram.ext and its HTTP stack).
"""

from __future__ import annotations

TELEGRAM_API = "https://api.telegram.org"


def bot_api_url(api_url: str | None, kind: str = "bot") -> str:
    """The base URL python-telegram-bot appends `{token}/{method}` to ("bot" or "file/bot")."""
    return f"{(api_url or TELEGRAM_API).rstrip('/')}/{kind}"


def file_url(api_url: str | None, files_url: str | None) -> str:
    """Where files are downloaded (PTB appends `{token}/{file_path}`): TELEGRAM_FILE_URL's
    server when set (files served apart from the API), else the Bot API's own server."""
    return bot_api_url(files_url or api_url, "file/bot")
