"""PostgreSQL failures as one-line StoreErrors; constraint violations as ConstraintError.

A failed statement rolls its transaction back, so "nothing was recorded" holds for every
error raised through here, as with SQLite (bot/storage/sqlite/errors.py).
"""

from __future__ import annotations

import contextlib
import re

import asyncpg  # type: ignore[import-untyped]

from bot.storage.error_translation import ErrorTranslation, constraint_violations
from bot.storage.interface import StoreError

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


def constraints() -> contextlib.AbstractContextManager[None]:
    """A violated constraint as the backend-neutral ConstraintError."""
    return constraint_violations(asyncpg.IntegrityConstraintViolationError)


def as_store_error(error: BaseException, where: object = None) -> StoreError:
    where = where or "PostgreSQL"
    translated_error = StoreError(f"{where}: the database failed; nothing was recorded ({error})")
    translated_error.__cause__ = error
    return translated_error


translate_errors = ErrorTranslation(FAILURES, as_store_error, "where").translate_errors
"""Every public coroutine method of a store class raises StoreError for FAILURES."""
