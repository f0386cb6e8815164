"""How the Telegram Application schedules updates: presses at once, the rest in order."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

MAX_CONCURRENT_PRESSES = 64
"""Enough that a burst's presses do not queue for a turn: each one waits for its commit and
its answerCallbackQuery, mostly not on the CPU, and over aiohttp (http_client.py) a press
costs the same however many are in flight. Well under BOT_CONNECTIONS, so no press waits
for a connection either. Figures (64 against 4): docs/performance.md, telegram_burst."""


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
