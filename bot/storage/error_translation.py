"""What both backends do with a driver's errors, given which errors and how to word them.

A driver's low-level failure becomes a one-line StoreError (the words are the backend's:
sqlite/errors.py, postgres/errors.py), and a violated constraint the backend-neutral
ConstraintError, so the shared SQL (bot/storage/sql/) and its callers see one set of errors.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Generic, ParamSpec, TypeVar

from bot.storage.interface import ConstraintError, StoreError

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T", bound=type)
E = TypeVar("E", bound=BaseException)


@contextlib.contextmanager
def constraint_violations(violation: type[Exception]) -> Iterator[None]:
    """A violated constraint (the driver's `violation`) as ConstraintError."""
    try:
        yield
    except violation as error:
        raise ConstraintError(str(error)) from error


@contextlib.asynccontextmanager
async def closed_on_failure(
    close: Callable[[], Awaitable[None]],
    failures: type[BaseException] | tuple[type[BaseException], ...],
    where: str,
) -> AsyncIterator[None]:
    """Preparing a store just opened: on failure close it, so nothing is left open, and say
    which database could not be used (a driver's `failures` as a one-line StoreError)."""
    try:
        yield
    except failures as error:
        await close()
        raise StoreError(f"cannot use the database {where}: {error}") from None
    except StoreError:
        await close()
        raise


class ErrorTranslation(Generic[E]):
    """Methods raising `caught` raise `convert(error, store.<where>)` instead (or the error
    itself, where `convert` gives it back: a constraint violation, say)."""

    def __init__(
        self,
        caught: type[E] | tuple[type[E], ...],
        convert: Callable[[E, object], BaseException],
        where: str,
    ) -> None:
        self.caught = caught
        self.convert = convert
        self.where = where
        """The store's attribute naming its database in messages (a path, a redacted URL)."""

    def translated(self, method: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
        @functools.wraps(method)
        async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return await method(*args, **kwargs)
            except self.caught as error:
                failure = self.convert(error, getattr(args[0], self.where, None) if args else None)
                if failure is error:
                    raise
                raise failure from error

        return wrapper

    def translate_errors(self, cls: T) -> T:
        """Apply `translated` to every public coroutine method of a store class (inherited
        ones too: the shared SQL mixins)."""
        for name, member in inspect.getmembers(cls, inspect.iscoroutinefunction):
            if not name.startswith("_"):
                setattr(cls, name, self.translated(member))
        return cls
