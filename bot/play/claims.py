"""How long a question stored but not yet sent is left to the process that stored it.

A round's next question, a round's summary and a daily question are stored (claimed) first,
then sent, then recorded as sent. A process that finds one claimed but unsent cannot tell a
claimant still sending it from one that died: it leaves it to its claimant for CLAIM_GRACE
after the claim, then takes it over (a compare-and-set on the claim time: one process wins)
and sends it. A claimant renews its claim while it sends (`renewing`), so only one that died
leaves it longer.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import datetime, timedelta

from bot.domain.clock import Clock
from bot.play.timers import Timers

CLAIM_GRACE = timedelta(seconds=60)
"""A claimant renews its claim while it sends (rate limits can hold a send for minutes), so
only one that died leaves it longer."""
CLAIM_RENEWAL = CLAIM_GRACE / 3
"""How often a claimant still sending renews its claim: twice more before the grace ends."""

Renew = Callable[[datetime, datetime], Awaitable[bool]]
"""Move a claim from its time (first argument) to now (second); False if it is no longer
there to move (sent, or taken over)."""


@contextlib.asynccontextmanager
async def renewing(
    timers: Timers, clock: Clock, key: str, claimed_at: datetime, renew: Renew
) -> AsyncIterator[None]:
    """Hold a claim while the block sends: every CLAIM_RENEWAL it is moved to now, as taking
    it over does, so a process that waited for the old claim finds a fresh one and leaves
    the send alone."""

    def arm(since: datetime) -> None:
        async def again() -> None:
            now = clock.now()
            if await renew(since, now):
                arm(now)

        timers.call_at(key, since + CLAIM_RENEWAL, again)

    arm(claimed_at)
    try:
        yield
    finally:
        timers.cancel(key)
