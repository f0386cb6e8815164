"""Time that moves only when a test says so: a settable clock and timers run by hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from bot.domain.clock import Clock
from bot.play.timers import Callback


@dataclass
class FakeClock:
    """The injected clock: time moves only when a test says so."""

    current: datetime = field(default_factory=lambda: datetime(2026, 3, 2, 9, 0, tzinfo=UTC))

    def now(self) -> datetime:
        return self.current

    def advance(self, seconds: float) -> None:
        self.current += timedelta(seconds=seconds)


class ManualTimers:
    """Timers (bot.play.timers.Timers) that fire only when a test says time has passed:
    `await timers.run_due()`."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._scheduled: dict[str, tuple[datetime, Callback]] = {}

    def call_at(self, key: str, when: datetime, callback: Callback) -> None:
        self._scheduled[key] = (when, callback)

    def cancel(self, key: str) -> None:
        self._scheduled.pop(key, None)

    def is_pending(self, key: str) -> bool:
        return key in self._scheduled

    def pending(self) -> list[str]:
        return sorted(self._scheduled)

    def next_due(self) -> datetime | None:
        """When the earliest scheduled callback is due, so a test can jump the clock there."""
        return min((when for when, _ in self._scheduled.values()), default=None)

    async def run_due(self) -> int:
        """Run every callback due at the clock's time, including ones they schedule."""
        ran = 0
        while True:
            now = self.clock.now()
            due = sorted((when, key) for key, (when, _) in self._scheduled.items() if when <= now)
            if not due:
                return ran
            _, key = due[0]
            _, callback = self._scheduled.pop(key)
            await callback()
            ran += 1
