"""SQLite failures as one-line StoreErrors that say what happened and that nothing was kept.

SQLite rolls back a failed statement or transaction, so "nothing was recorded" is true of
every error raised through here; callers tell the user to try again.
"""

from __future__ import annotations

import functools
import inspect
import sqlite3
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

from bot.storage.interface import StoreError

P = ParamSpec("P")
R = TypeVar("R")

_CAUSES = (
    ("locked", "the database is locked by another program"),
    ("busy", "the database is locked by another program"),
    ("readonly", "the database file is read-only"),
    ("full", "the disk (or the database's size limit) is full"),
    ("disk i/o", "the disk reported an input/output error"),
    ("malformed", "the database file is damaged"),
)


def describe(error: sqlite3.Error, path: object = None) -> str:
    text = str(error).lower()
    cause = next((cause for clue, cause in _CAUSES if clue in text), "the database failed")
    where = f"{path}: " if path is not None else ""
    return f"{where}{cause}; nothing was recorded ({error})"


def as_store_error(error: Exception, path: object = None) -> Exception:
    """A low-level database error as StoreError; anything else (a constraint) unchanged."""
    if not isinstance(error, sqlite3.DatabaseError) or isinstance(error, sqlite3.IntegrityError):
        return error
    translated_error = StoreError(describe(error, path))
    translated_error.__cause__ = error
    return translated_error


def translated(method: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Turn low-level database errors (not constraint violations) into StoreError."""

    @functools.wraps(method)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await method(*args, **kwargs)
        except sqlite3.DatabaseError as error:
            failure = as_store_error(error, getattr(args[0], "path", None) if args else None)
            if failure is error:
                raise
            raise failure from error

    return wrapper


T = TypeVar("T", bound=type)


def translate_errors(cls: T) -> T:
    """Apply `translated` to every public coroutine method of a store class."""
    for name, member in inspect.getmembers(cls, inspect.iscoroutinefunction):
        if not name.startswith("_"):  # inherited ones too (the daily-question mixin)
            setattr(cls, name, translated(member))
    return cls
