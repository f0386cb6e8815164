"""How the Telegram Application schedules updates: presses at once, the rest in order."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

MAX_CONCURRENT_PRESSES = 4
"""Enough for a burst to share commits. Over httpx's own pool more cost CPU, as httpcore
scanned every connection on every request (callgrind: 9.3M instructions a press at 16, 7.5M
at 4); over aiohttp (adapters/telegram_http.py) 4, 8 and 16 cost the same (4.97-5.02M), and
no latency difference between them stood out of the noise."""


class PressesConcurrently(BaseUpdateProcessor):
    """Button presses are handled concurrently; other updates one at a time, in order.

    PTB's default handles every update after the previous one finished, so each press would
    wait for the commit of the one before it. Handled together, a burst of presses shares
    the store's group commits. Commands keep the default order, so `/quiz` then `/stop`
    from one chat still run in that order.
    """

    def __init__(self, max_concurrent_updates: int = MAX_CONCURRENT_PRESSES) -> None:
        super().__init__(max_concurrent_updates)
        self._in_order = asyncio.Lock()

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        if isinstance(update, Update) and update.callback_query is not None:
            await coroutine
            return
        async with self._in_order:
            await coroutine

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""
