"""The bot's HTTP client (adapters/telegram_bot/http_client.py) through the real
python-telegram-bot: what `quizbot run telegram` builds, and a client that outlives a
shutdown."""

from __future__ import annotations

from pathlib import Path

from httpx_aiohttp import AiohttpTransport
from telegram import Bot

from adapters.telegram_bot.app import TelegramSetup, build_application
from adapters.telegram_bot.http_client import AiohttpRequest
from tests.fakes.telegram_api import FakeTelegramAPI

TOKEN = "4242424242:HTTP-test-token"


async def test_the_bot_sends_its_requests_and_polls_over_aiohttp(
    fake: FakeTelegramAPI, tmp_path: Path
) -> None:
    app = build_application(
        TelegramSetup(token=TOKEN, database=tmp_path / "q.db", quizzes={}, api_url=fake.url)
    )
    requests = [app.bot._request[0], app.bot._request[1]]  # getUpdates', then the rest's
    assert all(isinstance(request, AiohttpRequest) for request in requests)
    await app.bot.initialize()
    try:
        assert (await app.bot.get_me()).is_bot
        assert isinstance(app.bot.request._client._transport, AiohttpTransport)  # type: ignore[attr-defined]
    finally:
        await app.bot.shutdown()


async def test_a_request_initialised_again_after_a_shutdown_still_works(
    fake: FakeTelegramAPI,
) -> None:
    """PTB rebuilds its client then; a closed aiohttp session cannot be reused."""
    request = AiohttpRequest(connection_pool_size=4)
    bot = Bot(TOKEN, base_url=f"{fake.url}/bot", request=request)
    for _ in range(2):
        await bot.initialize()
        assert (await bot.get_me()).is_bot
        await bot.shutdown()
    assert [call.method for call in fake.calls].count("getMe") == 4  # initialize asks too
