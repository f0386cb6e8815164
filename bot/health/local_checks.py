"""`quizbot doctor`'s checks that need no chat platform: versions, the database, quiz files."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from bot.catalog.loader import validate
from bot.health.findings import Finding, fail, note, ok
from bot.health.versions import library_versions, python_version, quizbot_version
from bot.storage.interface import StoreError
from bot.storage.opening import open_store
from bot.storage.postgres.errors import redact
from bot.storage.postgres.store import PostgresStore
from bot.storage.schema import SCHEMA_VERSION

PROBE_KEY = "doctor.last_check"
"""The meta row the write probe sets: a real write, harmless, and a record of the check."""


def version_findings() -> list[Finding]:
    """Python, quizbot and the main libraries; a missing library is a broken install."""
    libraries = library_versions()
    missing = [name for name, version in libraries.items() if version is None]
    shown = ", ".join(f"{name} {version}" for name, version in libraries.items() if version)
    found = [
        ok(
            "doctor.versions",
            python=python_version(),
            quizbot=quizbot_version(),
            libraries=shown,
        )
    ]
    return found + [fail("doctor.library_missing", name=name) for name in missing]


async def database_findings(target: Path | str) -> list[Finding]:
    """Reachable (opens, migrates like the bot would), writable, schema version, WAL."""
    where = redact(target) if isinstance(target, str) else str(target)
    try:
        store = await open_store(target)
    except StoreError as error:
        return [fail("doctor.db_unusable", error=error)]
    try:
        try:
            await store.set_meta(PROBE_KEY, datetime.now(UTC).isoformat(timespec="seconds"))
        except StoreError as error:
            return [fail("doctor.db_not_writable", where=where, error=error)]
        if isinstance(store, PostgresStore):
            version = await store.schema_version()
            return [
                ok("doctor.db_postgres_ok", where=where, version=version, current=SCHEMA_VERSION)
            ]
    finally:
        await store.close()
    return _sqlite_findings(Path(target), where)


def _sqlite_findings(path: Path, where: str) -> list[Finding]:
    """Read back the file's schema version and journal mode, on a read-only connection."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        mode = str(connection.execute("PRAGMA journal_mode").fetchone()[0]).upper()
    finally:
        connection.close()
    found = [ok("doctor.db_sqlite_ok", where=where, version=version, current=SCHEMA_VERSION)]
    if mode != "WAL":
        found.append(note("doctor.db_not_wal", where=where, mode=mode))
    return found


def quiz_findings(folder: Path) -> list[Finding]:
    """Every quiz file valid, or one line per problem (file, line, question, what to fix)."""
    quizzes, problems = validate([folder])
    if problems:
        return [fail("doctor.quiz_problem", problem=problem) for problem in problems]
    if not quizzes:
        return [fail("doctor.no_quizzes", folder=folder)]
    names = ", ".join(sorted(quiz.id for quiz in quizzes))
    return [ok("doctor.quizzes_ok", folder=folder, count=len(quizzes), names=names)]
