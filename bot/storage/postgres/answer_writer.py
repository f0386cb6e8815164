"""Group commit for answers on PostgreSQL: queued answers share one transaction, then resolve.

One transaction per answer costs a commit and five round trips each, which a burst of
presses waits for in turn (docs/performance.md, `bench/answers_postgres.py`). Here a writer
task drains the queue into one transaction of a few set-based statements, and resolves each
caller only after COMMIT.

Several processes write at once, so every batch takes its row locks in one global order
(posts, users, answers, score rows, review cards; each sorted by key): two batches can wait
for each other but never deadlock. The posts of the batch are share-locked first, so a concurrent
close waits for this commit (and its results include these answers), and an answer to a
post closed before is refused with PostClosedError.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.domain.entities import Answer
from bot.domain.review import Reviewer
from bot.storage.group_commit import GroupCommitter, Outcome, PendingAnswer
from bot.storage.interface import PostClosedError
from bot.storage.postgres.errors import FAILURES, as_store_error
from bot.storage.sql.answers import ADD_SCORES, UPSERT_PLAYER, score_rows
from bot.storage.sql.item_counts import ADD_ITEM_COUNTS, item_rows
from bot.storage.sql.report_counts import ADD_CHOICE, ADD_MEMBER_DAY, ADD_TIME, count_rows
from bot.storage.sql.review import CARD_TYPES, UPSERT_CARD, card_keys, card_rows, to_stored
from bot.storage.sql.rows import from_ms, to_ms

MAX_BATCH = 2048
_Key = tuple[int, str]

_LOCK_OPEN_POSTS = (
    "SELECT post_id FROM posts WHERE post_id = ANY($1::bigint[]) AND closed_at IS NULL "
    "ORDER BY post_id FOR SHARE"
)
_INSERT_ANSWERS = (
    "INSERT INTO answers (post_id, user_id, chat_id, quiz_id, choice, correct, answered_at, "
    "elapsed_ms, response) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], "
    "$4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::text[]) "
    "ON CONFLICT (post_id, user_id) DO NOTHING RETURNING post_id, user_id"
)


def _from_arrays(sql: str, types: Sequence[str]) -> str:
    """A shared one-row upsert (`VALUES (?, …)`) as one statement over arrays, one per column."""
    arrays = ", ".join(f"${n}::{kind}[]" for n, kind in enumerate(types, start=1))
    values = "VALUES (" + ", ".join("?" * len(types)) + ")"
    assert values in sql, sql
    return sql.replace(values, f"SELECT * FROM unnest({arrays})")


_UPSERT_PLAYERS = _from_arrays(UPSERT_PLAYER, ["text"] * 3)
_BUCKET_KEY = ["text", "bigint", "text", "text"]
_ADD_SCORES = tuple(
    _from_arrays(sql, key + ["bigint"] * 3)
    for sql, key in zip(ADD_SCORES, (["text"] * 3, _BUCKET_KEY, _BUCKET_KEY), strict=True)
)
_QUESTION_KEY = ["text", "text", "text", "bigint"]
_ADD_COUNTS = (
    _from_arrays(ADD_CHOICE, _QUESTION_KEY + ["bigint"] * 2),
    _from_arrays(ADD_TIME, [*_QUESTION_KEY, "bigint"]),
)
_ADD_MEMBER_DAYS = _from_arrays(ADD_MEMBER_DAY, ["text", "text"] + ["bigint"] * 6)
_ADD_ITEMS = (
    _from_arrays(ADD_ITEM_COUNTS[0], ["text"] * 4 + ["bigint"] * 4),
    _from_arrays(ADD_ITEM_COUNTS[1], ["text", "text", "bigint", "text"] + ["bigint"] * 3),
)
_ADD_ROUND_SCORES = (
    "INSERT INTO round_scores (round_id, user_id, points, answered, total_ms) "
    "SELECT p.round_id, k.user_id, SUM(k.points), COUNT(*), SUM(k.total_ms) "
    "FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[]) "
    "AS k (user_id, points, total_ms, post_id) JOIN posts p ON p.post_id = k.post_id "
    "WHERE p.round_id IS NOT NULL GROUP BY p.round_id, k.user_id ORDER BY 1, 2 "
    "ON CONFLICT (round_id, user_id) DO UPDATE SET points = round_scores.points + "
    "excluded.points, answered = round_scores.answered + excluded.answered, "
    "total_ms = round_scores.total_ms + excluded.total_ms"
)
"""ADD_ROUND_SCORE over arrays: a player's answers to one round's posts summed first (a
statement may touch a row once), rows in key order."""
_UPSERT_CARDS = _from_arrays(UPSERT_CARD, CARD_TYPES)
_LOCK_CARDS = (
    "SELECT c.user_id, c.quiz_id, c.question_id, c.card, c.missed FROM review_cards c "
    "JOIN unnest($1::text[], $2::text[], $3::text[]) AS k (user_id, quiz_id, question_id) "
    "ON c.user_id = k.user_id AND c.quiz_id = k.quiz_id AND c.question_id = k.question_id "
    "ORDER BY c.user_id, c.quiz_id, c.question_id FOR UPDATE OF c"
)
_SELECT_ANSWERS = (
    "SELECT a.post_id, a.user_id, a.choice, a.correct, a.answered_at, a.elapsed_ms, a.response "
    "FROM answers a JOIN unnest($1::bigint[], $2::text[]) AS k (post_id, user_id) "
    "ON a.post_id = k.post_id AND a.user_id = k.user_id"
)


class PostgresAnswerWriter(GroupCommitter):
    """The answers of one process, committed in groups on a pooled connection."""

    def __init__(self, pool: Any, where: str, max_batch: int = MAX_BATCH) -> None:
        super().__init__(max_batch, name="postgres-answer-writer")
        self._pool = pool
        self._where = where
        self.reviewer = Reviewer()
        """Schedules the review cards the answers update (fuzzing on; tests swap it)."""

    def failure(self, error: Exception) -> Exception:
        return as_store_error(error, self._where) if isinstance(error, FAILURES) else error

    async def commit_batch(self, items: Sequence[PendingAnswer]) -> list[Outcome]:
        """One transaction for the batch; locks taken in the global order (see above)."""
        async with self._pool.acquire() as connection, connection.transaction():
            post_ids = sorted({item.answer.post_id for item in items})
            open_posts = {row[0] for row in await connection.fetch(_LOCK_OPEN_POSTS, post_ids)}
            players = {item.player.user_id: item.player for item in items if item.player}
            rows = [(p.user_id, p.name, p.language) for _, p in sorted(players.items())]
            await _upsert(connection, _UPSERT_PLAYERS, rows)
            candidates = sorted(
                (item for item in items if item.answer.post_id in open_posts), key=_key
            )
            created: set[_Key] = set()
            if candidates:
                inserted = await connection.fetch(_INSERT_ANSWERS, *_columns(candidates))
                created = {(int(row[0]), str(row[1])) for row in inserted}
            outcomes = await _outcomes(connection, items, created)
            fresh = [item for item, o in zip(items, outcomes, strict=True) if o and o[1]]
            scores = score_rows(sorted(fresh, key=_key))
            for sql, sums in zip(_ADD_SCORES, scores, strict=True):
                await _upsert(connection, sql, sorted(sums))
            await _add_report_counts(connection, fresh)
            await self._update_cards(connection, fresh)
        return [PostClosedError(item.answer.post_id) if o is None else o for item, o in
                zip(items, outcomes, strict=True)]  # fmt: skip

    async def _update_cards(self, connection: Any, fresh: Sequence[PendingAnswer]) -> None:
        """Each new answer reviews its card: the batch's cards locked and read in one query,
        the new states computed here and written in one statement."""
        keys = card_keys(fresh)
        if not keys:
            return
        columns = [[key[n] for key in keys] for n in range(3)]
        found = await connection.fetch(_LOCK_CARDS, *columns)
        rows = card_rows(fresh, to_stored([tuple(row) for row in found]), self.reviewer)
        await _upsert(connection, _UPSERT_CARDS, rows)


async def _add_report_counts(connection: Any, fresh: Sequence[PendingAnswer]) -> None:
    """The report's question, member and round counts (bot/storage/sql/report_counts.py):
    one statement a table, members one a day (a statement may touch a row once), keys sorted."""
    choices, times, member_days, round_lines = count_rows(fresh)
    for sql, rows in zip(_ADD_COUNTS, (choices, times), strict=True):
        await _upsert(connection, sql, sorted(rows))
    by_day: dict[object, list[tuple[object, ...]]] = {}
    for row in member_days:
        by_day.setdefault(row[4], []).append(row)
    for rows in by_day.values():
        await _upsert(connection, _ADD_MEMBER_DAYS, sorted(rows))
    await _upsert(connection, _ADD_ROUND_SCORES, round_lines)
    for sql, rows in zip(_ADD_ITEMS, item_rows(fresh), strict=True):
        await _upsert(connection, sql, rows)


async def _upsert(connection: Any, sql: str, rows: Sequence[tuple[object, ...]]) -> None:
    """One statement for all rows (keys unique, in lock order), none if there are none."""
    if rows:
        await connection.execute(sql, *[list(column) for column in zip(*rows, strict=True)])


def _key(item: PendingAnswer) -> _Key:
    return item.answer.post_id, item.answer.user_id


def _columns(items: Sequence[PendingAnswer]) -> list[list[object]]:
    """The batch as one array per answers column, for unnest()."""
    rows = [
        (
            item.answer.post_id, item.answer.user_id, item.chat_id, item.quiz_id,
            item.answer.choice, int(item.answer.correct), to_ms(item.answer.answered_at),
            item.answer.elapsed_ms, item.answer.response,
        )
        for item in items
    ]  # fmt: skip
    return [list(column) for column in zip(*rows, strict=True)]


async def _outcomes(
    connection: Any, items: Sequence[PendingAnswer], created: set[_Key]
) -> list[tuple[Answer, bool] | None]:
    """Each item: created (first of its key only), the stored answer, or None (closed)."""
    others = sorted({_key(item) for item in items} - created)
    stored: dict[_Key, Answer] = {}
    if others:
        rows = await connection.fetch(
            _SELECT_ANSWERS, [key[0] for key in others], [key[1] for key in others]
        )
        for post_id, user_id, choice, correct, at_ms, elapsed, response in rows:
            at = from_ms(int(at_ms))
            answer = Answer(
                int(post_id), str(user_id), int(choice), bool(correct), at, elapsed, response
            )
            stored[int(post_id), str(user_id)] = answer
    outcomes: list[tuple[Answer, bool] | None] = []
    for item in items:
        key = _key(item)
        if key in created:
            created.discard(key)  # a repeat in the same batch is "already answered"
            stored[key] = item.answer
            outcomes.append((item.answer, True))
        else:
            outcomes.append((stored[key], False) if key in stored else None)
    return outcomes
