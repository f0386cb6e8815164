"""Process-wide settings for the long-running bot processes."""

from __future__ import annotations

import gc


def settle_startup_objects() -> None:
    """Take what start-up loaded out of the garbage collector's full passes.

    The quizzes, the platform library and the settings live as long as the process, yet
    every full collection would walk them again: with 100 quizzes of 100 questions loaded
    (~150,000 objects), a burst of 4,000 presses ran at 8.4k answers/s, and at 12.0k once
    they were frozen (bench/answers.py's burst, same run). Garbage made before is collected
    first, so none of it is kept for good.
    """
    gc.collect()
    gc.freeze()
