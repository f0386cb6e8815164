"""SQLite failures as one-line StoreErrors that say what happened and that nothing was kept.

SQLite rolls back a failed statement or transaction, so "nothing was recorded" is true of
every error raised through here; callers tell the user to try again.
"""

from __future__ import annotations

import contextlib
import sqlite3

from bot.storage.error_translation import ErrorTranslation, constraint_violations
from bot.storage.interface import StoreError

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


translate_errors = ErrorTranslation(sqlite3.DatabaseError, as_store_error, "path").translate_errors
"""Every public coroutine method of a store class turns low-level database errors (not
constraint violations) into StoreError."""


def constraints() -> contextlib.AbstractContextManager[None]:
    """A violated constraint as the backend-neutral ConstraintError."""
    return constraint_violations(sqlite3.IntegrityError)
