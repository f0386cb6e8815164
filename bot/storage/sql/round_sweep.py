"""What lets any live process move on a round another process left (bot/play/round_sweep.py).

A round waits on one of four things, each found through an index in one query, so a sweep
every few seconds costs about nothing while nothing is stalled:

- an open question past its deadline (`open_posts`, on `deadline`);
- a question stored but never sent (`unsent_posts`, on `opened_at`, its claim time);
- a running round with no open question (`idle_rounds`, on `rounds.idle_since`: set when a
  question closes or the round starts, cleared when the next question is stored);
- a finished round whose summary was claimed but not posted (`unsent_summaries`, on
  `rounds.summary_due`, the claim time; cleared once the summary is out).
"""

from __future__ import annotations

from datetime import datetime

from bot.storage.interface import Stalled, StalledKind
from bot.storage.sql.queries import SqlQueries
from bot.storage.sql.rows import Select, to_moment, to_ms

ROUND_SWEEP_MIGRATION = """
    ALTER TABLE rounds ADD COLUMN idle_since INTEGER;
    ALTER TABLE rounds ADD COLUMN summary_due INTEGER;
    UPDATE rounds SET idle_since = COALESCE(
        (SELECT MAX(p.closed_at) FROM posts p WHERE p.round_id = rounds.round_id), started_at)
        WHERE status = 'running' AND NOT EXISTS (
            SELECT 1 FROM posts p WHERE p.round_id = rounds.round_id AND p.closed_at IS NULL);
    CREATE INDEX idle_rounds ON rounds (idle_since)
        WHERE status = 'running' AND mode = 'group' AND idle_since IS NOT NULL;
    CREATE INDEX unsent_summaries ON rounds (summary_due) WHERE summary_due IS NOT NULL;
    CREATE INDEX unsent_posts ON posts (opened_at)
        WHERE closed_at IS NULL AND message_ref IS NULL;
"""
"""Appended to `schema.MIGRATIONS`: two columns of `rounds` and the indexes the sweep reads."""

_STALLED = (
    "SELECT * FROM (SELECT 'close', round_id, post_id, chat_id FROM posts "
    "WHERE closed_at IS NULL AND deadline < ? AND round_id IS NOT NULL "
    "AND message_ref IS NOT NULL ORDER BY deadline LIMIT ?) AS overdue "
    "UNION ALL SELECT * FROM (SELECT 'unsent', round_id, post_id, chat_id FROM posts "
    "WHERE closed_at IS NULL AND message_ref IS NULL AND opened_at < ? "
    "AND round_id IS NOT NULL ORDER BY opened_at LIMIT ?) AS unsent "
    "UNION ALL SELECT * FROM (SELECT 'idle', round_id, CAST(NULL AS BIGINT), chat_id "
    "FROM rounds WHERE status = 'running' AND mode = 'group' AND idle_since < ? "
    "ORDER BY idle_since LIMIT ?) AS idle "
    "UNION ALL SELECT * FROM (SELECT 'summary', round_id, CAST(NULL AS BIGINT), chat_id "
    "FROM rounds WHERE summary_due IS NOT NULL AND summary_due < ? "
    "ORDER BY summary_due LIMIT ?) AS summaries"
)
_SUMMARY_DUE = Select("SELECT summary_due FROM rounds", to_moment)
_KINDS: dict[object, StalledKind] = {
    "close": "close",
    "unsent": "unsent",
    "idle": "idle",
    "summary": "summary",
}


class RoundSweepQueries(SqlQueries):
    """The sweep's read and the summary's claim, in SQL both backends share."""

    async def stalled_rounds(
        self, overdue: datetime, unsent: datetime, idle: datetime, limit: int
    ) -> list[Stalled]:
        """Questions whose deadline passed before `overdue`; questions and summaries claimed
        before `unsent` and still not sent; rounds idle since before `idle`; `limit` each."""
        rows = await self._rows(
            _STALLED,
            to_ms(overdue),
            limit,
            to_ms(unsent),
            limit,
            to_ms(idle),
            limit,
            to_ms(unsent),
            limit,
        )
        return [
            Stalled(_KINDS[kind], int(str(round_id)), _optional_id(post_id), str(chat_id))
            for kind, round_id, post_id, chat_id in rows
        ]

    async def summary_claim(self, round_id: int) -> datetime | None:
        """When the round's unsent summary was claimed; None if none is waiting."""
        return await self._one(_SUMMARY_DUE, "WHERE round_id = ?", round_id)

    async def take_over_summary(self, round_id: int, claimed_at: datetime, now: datetime) -> bool:
        changed = await self._write(
            "UPDATE rounds SET summary_due = ? WHERE round_id = ? AND summary_due = ?",
            to_ms(now),
            round_id,
            to_ms(claimed_at),
        )
        return changed == 1

    async def summary_sent(self, round_id: int) -> None:
        await self._write("UPDATE rounds SET summary_due = NULL WHERE round_id = ?", round_id)


def _optional_id(value: object) -> int | None:
    return None if value is None else int(str(value))
