"""Deadlines as scheduled callbacks, never sleeping tasks (tests run theirs by hand:
tests/support/clocks.py)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Protocol

from bot.domain.clock import Clock

log = logging.getLogger(__name__)

Callback = Callable[[], Awaitable[None]]
ErrorHook = Callable[[BaseException], None]


class Timers(Protocol):
    def call_at(self, key: str, when: datetime, callback: Callback) -> None:
        """Run `callback` at `when`, replacing any callback already scheduled under `key`."""
        ...

    def cancel(self, key: str) -> None: ...

    def is_pending(self, key: str) -> bool: ...


def _log_error(error: BaseException) -> None:
    log.error("a scheduled callback failed", exc_info=error)


class AsyncioTimers:
    """Timers on the running event loop; the delay is measured with the injected clock."""

    def __init__(self, clock: Clock, on_error: ErrorHook = _log_error) -> None:
        self.clock = clock
        self.on_error = on_error
        self._handles: dict[str, asyncio.TimerHandle] = {}
        self._running: set[asyncio.Task[None]] = set()

    def call_at(self, key: str, when: datetime, callback: Callback) -> None:
        self.cancel(key)
        delay = max(0.0, (when - self.clock.now()).total_seconds())
        loop = asyncio.get_running_loop()
        self._handles[key] = loop.call_later(delay, self._start, key, callback)

    def _start(self, key: str, callback: Callback) -> None:
        self._handles.pop(key, None)
        task = asyncio.ensure_future(self._run(callback))
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _run(self, callback: Callback) -> None:
        try:
            await callback()
        except Exception as error:  # a failed close must not stop later deadlines
            self.on_error(error)

    def cancel(self, key: str) -> None:
        handle = self._handles.pop(key, None)
        if handle is not None:
            handle.cancel()

    def is_pending(self, key: str) -> bool:
        return key in self._handles

    async def close(self) -> None:
        """Cancel what is scheduled and wait for callbacks already running."""
        for key in list(self._handles):
            self.cancel(key)
        if self._running:
            await asyncio.gather(*self._running, return_exceptions=True)
