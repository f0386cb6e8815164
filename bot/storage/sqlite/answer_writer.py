"""Group commit for answers: one writer commits queued answers together, then acknowledges.

A burst of presses would otherwise pay one fsync'd COMMIT each. Here every caller queues
its answer and awaits a future; a single writer task drains the queue into one transaction
on its own connection, and resolves each future only after that COMMIT returned, so an
acknowledged answer is always durable. If the batch fails, every caller in it gets the
error; later batches are unaffected.

A short batch's statements run on the event loop and only its COMMIT, the one call that
waits for the disk, in the writer's thread. The statements are CPU work that needs the GIL;
in the thread, every row's step let go of the GIL and then waited for it behind the busy
loop, so a burst's commits took many times longer than a quiet one's (figures in
docs/performance.md, `python bench/telegram_burst.py`).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

from bot.domain.entities import Answer
from bot.domain.review import Reviewer
from bot.storage.group_commit import MAX_BATCH, GroupCommitter, Outcome, PendingAnswer
from bot.storage.interface import PostClosedError
from bot.storage.sql.answers import ADD_SCORES, UPSERT_PLAYER, score_rows
from bot.storage.sql.item_counts import ADD_ITEM_COUNTS, item_rows
from bot.storage.sql.report_counts import REPORT_COUNTS, count_rows
from bot.storage.sql.rows import to_ms
from bot.storage.sqlite.card_upsert import UPSERT_CARDS, CardFunctions, card_arguments
from bot.storage.sqlite.errors import as_store_error

INSERT_ANSWER = (
    "INSERT INTO answers (post_id, user_id, chat_id, quiz_id, choice, correct, answered_at, "
    "elapsed_ms, response) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (post_id, user_id) DO NOTHING"
)
INSERT_OPEN_ANSWER = (
    "INSERT INTO answers (post_id, user_id, chat_id, quiz_id, choice, correct, answered_at, "
    "elapsed_ms, response) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM posts "
    "WHERE post_id = ? AND closed_at IS NULL) ON CONFLICT (post_id, user_id) DO NOTHING"
)
"""Only into an open post: in SQLite's serialised write transaction, atomic with closing."""
SELECT_ANSWER = (
    "SELECT choice, correct, answered_at, elapsed_ms, response FROM answers "
    "WHERE post_id = ? AND user_id = ?"
)


LOOP_BATCH = 64
"""Batches up to this many answers run their statements on the event loop (a couple of
milliseconds of CPU); longer ones in the thread, so a large burst never holds the loop for
long: every batch on the loop made `bench/answers.py`'s 10,000-press p50 worse
(docs/performance.md)."""


class AnswerWriter(GroupCommitter):
    """The single writer of answers and score tables for one database file."""

    def __init__(
        self, path: Path, max_batch: int = MAX_BATCH, busy_timeout_ms: int = 5000
    ) -> None:
        self._path = path
        self._busy_timeout_ms = int(busy_timeout_ms)
        self._connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        # No waiting for a lock by default: only the thread may wait, never the event loop.
        for pragma in ("busy_timeout = 0", "synchronous = FULL", "foreign_keys = ON"):
            self._connection.execute(f"PRAGMA {pragma}")
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="answer-writer")
        self.reviewer = Reviewer()
        """Schedules the review cards the answers update (fuzzing on; tests swap it)."""
        CardFunctions(lambda: self.reviewer).install(self._connection)
        super().__init__(max_batch)

    async def close(self) -> None:
        """Commit what is queued, then stop the writer and close its connection."""
        await super().close()
        self._thread.shutdown(wait=True)
        self._connection.close()

    def failure(self, error: Exception) -> Exception:
        return as_store_error(error, self._path)

    async def commit_batch(self, items: Sequence[PendingAnswer]) -> list[Outcome]:
        loop = asyncio.get_running_loop()
        if len(items) > LOOP_BATCH or not self._begin_if_free():
            # A long batch, or another connection writing (perhaps across awaits on this
            # very loop): all of it in the thread, where waiting stops nothing else.
            return await loop.run_in_executor(self._thread, self._wait_and_commit, items)
        try:
            results = _write(self._connection.cursor(), items, self.reviewer)
        except BaseException:
            self._rollback()
            raise
        await loop.run_in_executor(self._thread, self._commit)
        return results

    def _begin_if_free(self) -> bool:
        """BEGIN IMMEDIATE if no other connection holds the write lock, without waiting."""
        try:
            self._connection.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY:
                return False
            raise
        return True

    def _commit(self) -> None:
        """In the writer thread: COMMIT (the fsync), or ROLLBACK if it fails."""
        try:
            self._connection.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        """ROLLBACK, unless SQLite already rolled back (it does on some I/O errors)."""
        if self._connection.in_transaction:
            self._connection.execute("ROLLBACK")

    def _wait_and_commit(self, items: Sequence[PendingAnswer]) -> list[Outcome]:
        """In the writer thread: the whole transaction, waiting up to the busy timeout for
        the write lock as the other connections do."""
        self._connection.execute(f"PRAGMA busy_timeout = {self._busy_timeout_ms}")
        try:
            self._connection.execute("BEGIN IMMEDIATE")
            try:
                results = _write(self._connection.cursor(), items, self.reviewer)
            except BaseException:
                self._rollback()
                raise
            self._commit()
        finally:
            self._connection.execute("PRAGMA busy_timeout = 0")
        return results


def _write(
    cursor: sqlite3.Cursor, items: Sequence[PendingAnswer], reviewer: Reviewer
) -> list[Outcome]:
    """Every statement of a batch, inside its transaction: players, answers, score tables,
    the report's counts, review cards."""
    players = {item.player.user_id: item.player for item in items if item.player}
    cursor.executemany(UPSERT_PLAYER, [(p.user_id, p.name, p.language) for p in players.values()])
    results = _insert_all(cursor, items)
    created = [
        item
        for item, result in zip(items, results, strict=True)
        if not isinstance(result, PostClosedError) and result[1]
    ]
    _add_score_rows(cursor, created)
    _add_report_counts(cursor, created)
    _update_cards(cursor, created, reviewer)
    return results


def _insert_all(cursor: sqlite3.Cursor, items: Sequence[PendingAnswer]) -> list[Outcome]:
    """The whole batch in one statement when every answer is new and its post open (a
    burst's usual case); otherwise answer by answer, to tell repeats and closed posts apart.

    The posts are checked once, not per row: the write transaction is already held, so no
    other connection can close them before COMMIT.
    """
    post_ids = {item.answer.post_id for item in items}
    if _open_posts(cursor, post_ids) == post_ids:
        cursor.execute("SAVEPOINT whole_batch")
        cursor.executemany(INSERT_ANSWER, [_row(item) for item in items])
        if cursor.rowcount == len(items):
            cursor.execute("RELEASE whole_batch")
            return [(item.answer, True) for item in items]
        cursor.execute("ROLLBACK TO whole_batch")
        cursor.execute("RELEASE whole_batch")
    return [_insert(cursor, item) for item in items]


def _open_posts(cursor: sqlite3.Cursor, post_ids: set[int]) -> set[int]:
    found: set[int] = set()
    ordered = sorted(post_ids)
    for start in range(0, len(ordered), _IDS_A_QUERY):
        chunk = ordered[start : start + _IDS_A_QUERY]
        marks = ", ".join("?" * len(chunk))
        found.update(
            post_id
            for (post_id,) in cursor.execute(
                f"SELECT post_id FROM posts WHERE closed_at IS NULL AND post_id IN ({marks})",
                chunk,
            )
        )
    return found


_IDS_A_QUERY = 500
"""Well under SQLite's bound on parameters in one statement."""


def _row(item: PendingAnswer) -> tuple[object, ...]:
    answer = item.answer
    return (
        answer.post_id,
        answer.user_id,
        item.chat_id,
        item.quiz_id,
        answer.choice,
        int(answer.correct),
        to_ms(answer.answered_at),
        answer.elapsed_ms,
        answer.response,
    )


def _insert(cursor: sqlite3.Cursor, item: PendingAnswer) -> Outcome:
    answer = item.answer
    cursor.execute(INSERT_OPEN_ANSWER, (*_row(item), answer.post_id))
    if cursor.rowcount == 1:
        return answer, True
    row = cursor.execute(SELECT_ANSWER, (answer.post_id, answer.user_id)).fetchone()
    if row is None:
        return PostClosedError(answer.post_id)
    choice, correct, stored_ms, elapsed, response = row
    stored_at = datetime.fromtimestamp(stored_ms / 1000, tz=UTC)
    stored = Answer(
        answer.post_id, answer.user_id, choice, bool(correct), stored_at, elapsed, response
    )
    return stored, False


def _add_score_rows(cursor: sqlite3.Cursor, created: Sequence[PendingAnswer]) -> None:
    """Keep every score table equal to sums over the answers table."""
    for sql, rows in zip(ADD_SCORES, score_rows(created), strict=True):
        cursor.executemany(sql, rows)


def _add_report_counts(cursor: sqlite3.Cursor, created: Sequence[PendingAnswer]) -> None:
    """Keep the report's question, member and round counts equal to the answers'
    (bot/storage/sql/report_counts.py); members' days in order."""
    for sql, rows in zip(REPORT_COUNTS, count_rows(created), strict=True):
        cursor.executemany(sql, rows)
    for sql, rows in zip(ADD_ITEM_COUNTS, item_rows(created), strict=True):
        cursor.executemany(sql, rows)


def _update_cards(
    cursor: sqlite3.Cursor, created: Sequence[PendingAnswer], reviewer: Reviewer
) -> None:
    """Each new answer reviews its card: one upsert a batch, no read (card_upsert.py)."""
    cursor.executemany(UPSERT_CARDS, card_arguments(created, reviewer))
