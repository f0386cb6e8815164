"""Where the bot downloads files sent in a chat: TELEGRAM_FILE_URL, else TELEGRAM_API_URL's
server, else Telegram's (issue 19: uploads follow a self-hosted Bot API)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.telegram_bot.app import TelegramSetup, build_application
from adapters.telegram_bot.endpoints import file_url
from bot.config import load_settings

TOKEN = "4242424242:file-url-token"


def test_the_file_server_is_the_file_url_else_the_api_server_else_telegram() -> None:
    assert file_url(None, None) == "https://api.telegram.org/file/bot"
    assert file_url("http://127.0.0.1:8081/", None) == "http://127.0.0.1:8081/file/bot"
    assert file_url("http://api.local", "https://files.local/") == "https://files.local/file/bot"


@pytest.mark.parametrize(
    ("files", "expected"),
    [(None, "http://api.local/file/bot"), ("https://files.local", "https://files.local/file/bot")],
)
def test_the_application_downloads_from_the_configured_server(
    tmp_path: Path, files: str | None, expected: str
) -> None:
    setup = TelegramSetup(
        token=TOKEN, database=tmp_path / "q.db", quizzes={}, api_url="http://api.local",
        file_url=files,
    )  # fmt: skip
    assert build_application(setup).bot.base_file_url == expected + TOKEN


def test_settings_read_telegram_file_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TELEGRAM_FILE_URL", " https://files.local ")
    assert load_settings(tmp_path / "no.env").telegram_file_url == "https://files.local"
    monkeypatch.setenv("TELEGRAM_FILE_URL", "")
    assert load_settings(tmp_path / "no.env").telegram_file_url is None
