"""Every process moves on the rounds another process left: no question outlives a dead worker.

A round's deadlines are timers in the process that posted its question. If that process
dies, its questions would stay open until a restart. So every process, every SWEEP_EVERY,
reads what is stalled (one indexed query, `Store.stalled_rounds`) and does it itself:

- a question open OVERDUE_SLACK past its deadline is closed (once: the store's close is a
  compare-and-set), its results shown and the round moved on;
- a question or a summary claimed and still unsent CLAIM_GRACE after its claim is taken over
  (once: a compare-and-set on the claim) and sent;
- a round with no open question for IDLE_SLACK gets its next question (once:
  UNIQUE(round_id, number)) or its summary (once: the round ends once).

A live owner's own timers act first; the slacks leave them that chance. So a question closes
at most OVERDUE_SLACK + SWEEP_EVERY (and the time to do it) after its deadline while any
process lives. Discord does not sweep: a shard process alone may serve its servers, and a
dead one's rounds resume when it restarts (README, "Known limits").
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import timedelta

from bot.play.claims import CLAIM_GRACE
from bot.play.rounds import RoundRunner
from bot.storage.interface import Stalled

log = logging.getLogger(__name__)
SWEEP_EVERY = timedelta(seconds=2)
OVERDUE_SLACK = timedelta(seconds=2)
"""How long past its deadline a question is left to the process that posted it."""
IDLE_SLACK = timedelta(seconds=5)
"""How long a round with no open question is left to the process that closed its last one
(showing the results can be held back by the platform's rate limits)."""
BATCH = 200
"""Stalled items of each kind read per sweep; more wait for the next sweep."""
SWEEP_KEY = "rounds:sweep"


class RoundSweep:
    """The periodic sweep of one process: `start` arms it; each run arms the next."""

    def __init__(
        self,
        runner: RoundRunner,
        every: timedelta = SWEEP_EVERY,
        owns: Callable[[str], bool] | None = None,
    ) -> None:
        self.runner = runner
        self.store = runner.store
        self.clock = runner.service.clock
        self.timers = runner.timers
        self.every = every
        self.owns = owns
        self._busy: set[Stalled] = set()

    def start(self) -> None:
        self.timers.call_at(SWEEP_KEY, self.clock.now() + self.every, self._run)

    async def _run(self) -> None:
        """Arm the next sweep first: one held up by slow sends must not delay the next."""
        self.start()
        try:
            await self.sweep()
        except Exception as error:  # e.g. the database away for a moment: try again later
            log.warning("could not sweep the stalled rounds: %r", error)

    async def sweep(self) -> int:
        """One pass; how many stalled items it found (another process may win some).

        Each is done side by side with the others (they are different rounds), so a send
        the rate limiter holds back in one chat delays no other chat's close; an item this
        process is still doing from an earlier sweep is left to it."""
        now = self.clock.now()
        found = await self.store.stalled_rounds(
            overdue=now - OVERDUE_SLACK, unsent=now - CLAIM_GRACE, idle=now - IDLE_SLACK,
            limit=BATCH,
        )  # fmt: skip
        mine = [
            item
            for item in found
            if item not in self._busy and (self.owns is None or self.owns(item.chat_id))
        ]
        self._busy.update(mine)
        try:
            await asyncio.gather(*(self._resolve(item) for item in mine))
        finally:
            self._busy.difference_update(mine)
        return len(found)

    async def _resolve(self, item: Stalled) -> None:
        """Do what the round waits on; one round's failure is logged, the others go on."""
        try:
            if item.kind == "close" and item.post_id is not None:
                await self.runner.close_overdue(item.post_id)
            elif item.kind == "unsent" and item.post_id is not None:
                await self.runner.take_over_unsent(item.round_id, item.post_id)
            elif item.kind == "idle":
                await self.runner.move_on(item.round_id)
            elif item.kind == "summary":
                await self.runner.take_over_summary(item.round_id)
        except Exception as error:
            log.warning(
                "could not move on round %s in %s (%s): %r",
                item.round_id,
                item.chat_id,
                item.kind,
                error,
            )
