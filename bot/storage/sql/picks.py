"""Per-member state of answers in progress: the letters picked on a `multiple` or `order`
post (a shared group message holds none), and the post a member was sent to the private chat
to answer by typing. Both live here, not in memory, so a restart or another worker loses
nothing. Picks of a post go when it closes; a typed answer's post is checked when it comes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.domain.selections import picks_of, picks_text
from bot.storage.sql.queries import SqlQueries
from bot.storage.sql.rows import from_ms, to_ms

PICKS_MIGRATION = """
    CREATE TABLE picks (
        post_id INTEGER NOT NULL REFERENCES posts (post_id),
        user_id TEXT NOT NULL,
        letters TEXT NOT NULL,
        changed_at INTEGER NOT NULL,
        PRIMARY KEY (post_id, user_id)
    ) WITHOUT ROWID;
    CREATE TABLE awaited_answers (
        user_id TEXT PRIMARY KEY,
        post_id INTEGER NOT NULL REFERENCES posts (post_id),
        since INTEGER NOT NULL
    ) WITHOUT ROWID;
"""
"""Migration: a member's picks per open post (letters in the order picked), and the one
post each member is answering by typing in the private chat."""
PICK_TABLES = ("picks", "awaited_answers")

Change = Callable[[tuple[int, ...]], tuple[int, ...]]


class PickQueries(SqlQueries):
    """The picks and awaited answers of the Store protocol, in SQL both backends share."""

    async def change_picks(
        self, post_id: int, user_id: str, change: Change, now: datetime
    ) -> tuple[int, ...]:
        """Apply `change` to the member's picks on a post in one transaction (two quick
        taps cannot lose one); the picks after it."""
        async with self._transaction() as transaction:
            await transaction.lock(f"picks:{post_id}:{user_id}")
            rows = await transaction.rows(
                "SELECT letters FROM picks WHERE post_id = ? AND user_id = ?", post_id, user_id
            )
            picks = change(picks_of(str(rows[0][0])) if rows else ())
            await transaction.write(
                "INSERT INTO picks (post_id, user_id, letters, changed_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (post_id, user_id) DO UPDATE SET letters = excluded.letters, "
                "changed_at = excluded.changed_at",
                post_id,
                user_id,
                picks_text(picks),
                to_ms(now),
            )
        return picks

    async def picks(self, post_id: int, user_id: str) -> tuple[int, ...]:
        rows = await self._rows(
            "SELECT letters FROM picks WHERE post_id = ? AND user_id = ?", post_id, user_id
        )
        return picks_of(str(rows[0][0])) if rows else ()

    async def await_typed(self, user_id: str, post_id: int, now: datetime) -> None:
        """The member's next typed line in the private chat answers this post."""
        await self._write(
            "INSERT INTO awaited_answers (user_id, post_id, since) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET post_id = excluded.post_id, "
            "since = excluded.since",
            user_id,
            post_id,
            to_ms(now),
        )

    async def awaited(self, user_id: str) -> tuple[int, datetime] | None:
        """The post the member's typed line answers, and since when; None if none."""
        rows = await self._rows(
            "SELECT post_id, since FROM awaited_answers WHERE user_id = ?", user_id
        )
        if not rows:
            return None
        post_id, since = rows[0]
        return int(str(post_id)), from_ms(int(str(since)))

    async def stop_awaiting(self, user_id: str, post_id: int) -> None:
        """Forget the awaited post, unless the member has since opened another."""
        await self._write(
            "DELETE FROM awaited_answers WHERE user_id = ? AND post_id = ?", user_id, post_id
        )
