"""A database put back to an earlier schema version, as the quizbot before a migration left it,
on either backend: what a migration's test reopens to see the migration run."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]

from bot.storage.schema import MIGRATIONS
from bot.storage.sql.answers import RESPONSES_MIGRATION
from bot.storage.sql.flags import FLAG_TABLES, FLAGS_MIGRATION
from bot.storage.sql.item_counts import ITEM_COUNTS_MIGRATION, ITEM_TABLES
from bot.storage.sql.picks import PICK_TABLES, PICKS_MIGRATION
from bot.storage.sql.pictures import PICTURE_TABLES, PICTURES_MIGRATION
from bot.storage.sql.report_counts import COUNT_TABLES, REPORT_COUNTS_MIGRATION
from bot.storage.sql.round_sweep import ROUND_SWEEP_MIGRATION
from bot.storage.sql.sent_files import SENT_FILE_TABLES, SENT_FILES_MIGRATION

UNDO: dict[str, str] = {
    REPORT_COUNTS_MIGRATION: "; ".join(f"DROP TABLE {table}" for table in COUNT_TABLES),
    ROUND_SWEEP_MIGRATION: (
        "DROP INDEX idle_rounds; DROP INDEX unsent_summaries; DROP INDEX unsent_posts; "
        "ALTER TABLE rounds DROP COLUMN idle_since; ALTER TABLE rounds DROP COLUMN summary_due"
    ),
    RESPONSES_MIGRATION: "ALTER TABLE answers DROP COLUMN response",
    ITEM_COUNTS_MIGRATION: "; ".join(f"DROP TABLE {table}" for table in ITEM_TABLES),
    FLAGS_MIGRATION: "; ".join(f"DROP TABLE {table}" for table in reversed(FLAG_TABLES)),
    PICKS_MIGRATION: "; ".join(f"DROP TABLE {table}" for table in PICK_TABLES),
    PICTURES_MIGRATION: "; ".join(f"DROP TABLE {t}" for t in reversed(PICTURE_TABLES)),
    SENT_FILES_MIGRATION: "; ".join(f"DROP TABLE {table}" for table in SENT_FILE_TABLES),
}
"""SQL both backends read that undoes a migration, for each migration a test rolls back over."""


async def roll_back_to_before(database: Path | str, migration: str) -> None:
    """The database as it was before `migration` ran: it and every later migration undone,
    newest first, and the schema version set back."""
    version = MIGRATIONS.index(migration)
    later = MIGRATIONS[version:]
    missing = [MIGRATIONS.index(step) + 1 for step in later if step not in UNDO]
    assert not missing, f"tests/support/migrations.py: UNDO lacks migration(s) {missing}"
    undo = "; ".join(UNDO[step] for step in reversed(later))
    if isinstance(database, Path):
        with sqlite3.connect(database) as connection:
            connection.executescript(f"{undo}; PRAGMA user_version = {version};")
        return
    connection = await asyncpg.connect(database)
    try:
        await connection.execute(undo)
        await connection.execute("DELETE FROM schema_version WHERE version > $1", version)
    finally:
        await connection.close()
