"""Process-wide settings for the long-running bot processes."""

from __future__ import annotations

import gc


def settle_startup_objects() -> None:
    """Take what start-up loaded out of the garbage collector's full passes.

    The quizzes, the platform library and the settings live as long as the process, yet
    every full collection would walk them again, which slows a burst of presses by a third
    with a large catalog loaded (docs/performance.md, `bench/answers.py`). Garbage made
    before is collected first, so none of it is kept for good.
    """
    gc.collect()
    gc.freeze()
