"""A database put back to an earlier schema version, as the quizbot before a migration left it,
on either backend: what a migration's test reopens to see the migration run."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]

from bot.storage.sql.picks import PICK_TABLES

UNDO_PICKS = "; ".join(f"DROP TABLE {table}" for table in PICK_TABLES)
"""Undoes migration 12 (answers in progress): what a test of an earlier one runs first."""


async def roll_back(database: Path | str, version: int, undo: str) -> None:
    """Run `undo` (SQL both backends read: the later migrations' tables and columns dropped)
    and set the schema version back to `version`."""
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
