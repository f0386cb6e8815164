"""The Telegram bot's HTTP client: python-telegram-bot's HTTPXRequest over aiohttp.

PTB speaks HTTP through httpx, whose own connection pool (httpcore and h11, pure Python)
was a large part of the cost of a button press: with several presses in flight the bot
holds several connections, and httpcore scans all of them on every request. httpx-aiohttp
gives httpx an aiohttp transport (aiohttp's C parser and connector; aiohttp already comes
with discord.py). PTB keeps building the requests and reading the replies as before: only
the bytes on the wire travel differently. Instructions a press, before and after:
docs/performance.md, `python bench/telegram_burst.py`.
"""

from __future__ import annotations

import httpx
from httpx_aiohttp import AiohttpTransport
from telegram.request import HTTPXRequest

CONNECT_SECONDS = 5.0
POOL_SECONDS = 1.0


class AiohttpRequest(HTTPXRequest):
    """HTTPXRequest with PTB's defaults, each client it builds on a new aiohttp transport."""

    def __init__(self, connection_pool_size: int) -> None:
        self._pool_size = connection_pool_size
        super().__init__(
            connection_pool_size=connection_pool_size,
            connect_timeout=CONNECT_SECONDS,
            # aiohttp's `connect` limit, which the transport sets from this one, covers the wait
            # for a free connection *and* connecting: so it must leave time for both.
            pool_timeout=POOL_SECONDS + CONNECT_SECONDS,
        )

    def _build_client(self) -> httpx.AsyncClient:
        """PTB builds a client again when it is initialised after a shutdown; a closed aiohttp
        session cannot be reopened, so every client gets a transport of its own."""
        limits = httpx.Limits(max_connections=self._pool_size)
        return httpx.AsyncClient(
            **{**self._client_kwargs, "transport": AiohttpTransport(limits=limits)}
        )
