"""The one FormulaPictures of a bot process: a disk cache under QUIZBOT_CACHE and a worker
process that draws.

A process pool rather than the loop's thread pool: mathtext parses in pure Python, and in a
thread it takes the GIL from the event loop (bench/formulas.py counts the stalls). The worker
is started by `spawn` (a fresh interpreter: forking a process that already runs threads can
copy a held lock), and warmed at once, so the first formula of a round does not also pay for
starting Python and importing matplotlib within FormulaPictures' time limit. The worker ends
with the bot, even a bot killed outright (SIGKILL, OOM), rather than wait forever for work.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from bot.text.math_picture import FormulaPictures, check

log = logging.getLogger(__name__)
FOLDER = "formulas"
"""The formula pictures' folder inside the cache folder."""
WORKERS = 1
"""Pictures are drawn once and cached: one worker is enough, and leaves the cores to players."""


@contextlib.contextmanager
def formula_pictures(cache: Path | None) -> Iterator[FormulaPictures]:
    """FormulaPictures cached in `cache`/formulas (memory only when the cache is off), drawn in
    a worker process that is stopped on the way out."""
    pool = drawing_pool()
    try:
        yield FormulaPictures(formula_folder(cache), pool)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def formula_folder(cache: Path | None) -> Path | None:
    return cache / FOLDER if cache is not None else None


def drawing_pool(workers: int = WORKERS) -> ProcessPoolExecutor:
    """Worker processes that draw formulas: spawned, warmed at once, ending with the bot."""
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_exit_with_parent
    )
    pool.submit(check, "x").add_done_callback(_warmed)
    return pool


def _warmed(done: Future[None]) -> None:
    """The worker has matplotlib loaded, or could not start (said once; each formula is then
    shown in Unicode, adapters/discord_bot/pictures.py)."""
    error = done.exception() if not done.cancelled() else None
    if error is not None:
        log.warning("the formula worker could not start: %s", error)


def _exit_with_parent() -> None:
    """In the worker: a thread that ends the process once the bot's process is gone (its
    sentinel becomes ready), however the bot ended."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()
