"""Group commit: many callers, one transaction a batch, each caller answered after COMMIT.

The queueing is the same whatever the database; a backend only says how to commit a batch.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.domain.entities import Answer, Player, Post
from bot.storage.interface import PostClosedError

MAX_BATCH = 4096
"""Answers a transaction at most: a 10,000-press burst commits in three."""

Result = tuple[Answer, bool]
Outcome = Result | PostClosedError
"""What a commit decided for one answer: stored (or already there), or refused as closed."""


@dataclass(frozen=True, slots=True)
class PendingAnswer:
    """An answer queued for the writer's next batch, with what that transaction writes
    besides it: the post's chat and quiz key its score rows, so no post is read again."""

    answer: Answer
    chat_id: str
    quiz_id: str
    player: Player | None = None
    """Saved in the same transaction, so a burst of new players costs no extra commit."""
    question_id: str = ""
    """The post's question: its review card is updated in the same transaction."""


_Queued = tuple[PendingAnswer, "asyncio.Future[Result]"]


class GroupCommitter:
    """A single writer task draining a queue of answers into batch transactions.

    A failed batch fails every caller in it; later batches carry on.
    """

    def __init__(self, max_batch: int = MAX_BATCH, name: str = "answer-writer") -> None:
        self._max_batch = max_batch
        self._name = name
        self._queue: list[_Queued] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self.batches = 0
        """How many transactions were committed (for tests and benchmarks)."""

    async def commit_batch(self, items: Sequence[PendingAnswer]) -> list[Outcome]:
        """One transaction for the whole batch, in the order given."""
        raise NotImplementedError

    def failure(self, error: Exception) -> Exception:
        """What the callers of a failed batch get: the backend's error as a StoreError."""
        return error

    def start(self) -> None:
        """Start the writer task now, with the store: not lazily inside the first handler,
        where a harness that waits for a handler's tasks would wait for it forever."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=self._name)

    def submit(self, pending: PendingAnswer) -> asyncio.Future[Result]:
        """Queue an answer; the future is settled once the transaction holding it committed.

        A plain function handing back the future, not a coroutine awaiting it: with the
        stores' `add_answer`, two coroutine frames less a press (docs/performance.md).
        """
        if self._closing:
            raise RuntimeError("the answer writer is closed")
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        self._queue.append((pending, future))
        self.start()
        self._wake.set()
        return future

    async def close(self) -> None:
        """Commit what is queued, then stop the writer task."""
        self._closing = True
        if self._task is not None:
            self._wake.set()
            await self._task

    async def _run(self) -> None:
        while not self._closing or self._queue:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                batch = self._queue[: self._max_batch]
                del self._queue[: self._max_batch]
                try:
                    outcomes = await self.commit_batch([pending for pending, _ in batch])
                except Exception as error:
                    _settle(batch, [self.failure(error)] * len(batch))
                    continue
                self.batches += 1
                _settle(batch, outcomes)


def _settle(batch: Sequence[_Queued], outcomes: Sequence[Outcome | Exception]) -> None:
    for (_, future), outcome in zip(batch, outcomes, strict=True):
        if future.done():
            continue
        if isinstance(outcome, Exception):
            future.set_exception(outcome)
        else:
            future.set_result(outcome)


class _HasWriter(Protocol):
    @property
    def writer(self) -> GroupCommitter: ...


class GroupCommitAnswers:
    """`Store.add_answer` for every backend: it only queues the answer on the store's writer,
    and the queueing is the backend-neutral part (the batch's SQL is the writer's)."""

    def add_answer(
        self: _HasWriter, answer: Answer, post: Post, player: Player | None = None
    ) -> Awaitable[Result]:
        """Group commit: settled once the transaction holding this answer has committed.

        Not a coroutine, so `translate_errors` leaves it alone: each writer turns a failed
        batch into StoreError itself (`failure`), and a press pays no wrapper frame."""
        return self.writer.submit(
            PendingAnswer(answer, post.chat_id, post.quiz_id, player, post.question_id)
        )
