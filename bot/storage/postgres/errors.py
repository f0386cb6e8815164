"""PostgreSQL failures as one-line StoreErrors; constraint violations as ConstraintError.

A failed statement rolls its transaction back, so "nothing was recorded" holds for every
error raised through here, as with SQLite (bot/storage/sqlite/errors.py).
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import re
from collections.abc import Awaitable, Callable, Iterator
from typing import ParamSpec, TypeVar

import asyncpg  # type: ignore[import-untyped]

from bot.storage.interface import ConstraintError, StoreError

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T", bound=type)

FAILURES: tuple[type[BaseException], ...] = (
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    OSError,
    TimeoutError,
)
"""What a lost server, a refused login or a failed statement raises."""


def redact(url: str) -> str:
    """The URL without its password, fit for logs and error messages."""
    return re.sub(r"(://[^:/@]*):[^@]*@", r"\1:***@", url)


@contextlib.contextmanager
def constraints() -> Iterator[None]:
    """A violated constraint as the backend-neutral ConstraintError."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as error:
        raise ConstraintError(str(error)) from error


def as_store_error(error: BaseException, where: str = "PostgreSQL") -> StoreError:
    translated_error = StoreError(f"{where}: the database failed; nothing was recorded ({error})")
    translated_error.__cause__ = error
    return translated_error


def translated(method: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    @functools.wraps(method)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await method(*args, **kwargs)
        except FAILURES as error:
            where = getattr(args[0], "where", "PostgreSQL") if args else "PostgreSQL"
            raise as_store_error(error, where) from error

    return wrapper


def translate_errors(cls: T) -> T:
    """Apply `translated` to every public coroutine method of a store class."""
    for name, member in inspect.getmembers(cls, inspect.iscoroutinefunction):
        if not name.startswith("_"):
            setattr(cls, name, translated(member))
    return cls
