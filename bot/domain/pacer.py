"""A token bucket that spreads platform calls under a rate limit, with the time passed in.

It never sleeps: `take` either grants the call now or says when to try again, and the caller
schedules a timer for that instant. Platforms' own limiters (PTB's AIORateLimiter, discord.py's
route buckets) stay in place; this keeps a burst of scheduled posts from ever reaching them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

TELEGRAM_RATE = 25.0
"""Messages per second; with a burst of 5, never more than Telegram's ~30 in any second."""
DISCORD_RATE = 40.0
"""Requests per second, below Discord's global 50/s."""


class Pacer:
    """`rate` calls per second on average, at most `burst` at once.

    In any one-second window it allows at most `burst + rate` calls: 5 + 25 stays within
    Telegram's 30 messages per second.
    """

    def __init__(self, rate: float, burst: int = 1) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("rate must be positive and burst at least 1")
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._updated: datetime | None = None

    def _refill(self, now: datetime) -> None:
        if self._updated is not None:
            elapsed = max(0.0, (now - self._updated).total_seconds())
            self._tokens = min(float(self.burst), self._tokens + elapsed * self.rate)
        self._updated = now

    def available(self, now: datetime) -> int:
        """How many calls may be made now: the size of the next batch worth fetching."""
        self._refill(now)
        return int(self._tokens + 1e-9)

    def take(self, now: datetime, cost: int = 1) -> datetime | None:
        """Spend `cost` tokens and return None, or return when enough tokens will be there."""
        self._refill(now)
        if self._tokens >= cost - 1e-9:  # float refill may land a hair short
            self._tokens -= cost
            return None
        missing = cost - self._tokens
        return now + timedelta(microseconds=int(missing / self.rate * 1_000_000) + 1)
