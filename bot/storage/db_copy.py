"""`quizbot db copy SOURCE TARGET`: move a database between SQLite and PostgreSQL, checked.

Both ends are opened as stores, so the target gets the current schema by the usual
migrations; every table is copied as it is (keys included) in one target transaction; then
row counts and every chat's all-time leaderboard are compared, and printed, on both sides.
The target must be empty: a copy never merges into or overwrites a live database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from bot.domain.entities import ScoreLine
from bot.storage.opening import describe, open_store
from bot.storage.postgres.store import PostgresStore
from bot.storage.schema import TABLES
from bot.storage.sql.queries import TableRows
from bot.storage.sqlite.store import SQLiteStore

AnyStore = SQLiteStore | PostgresStore


class CopyError(Exception):
    """The copy cannot start (e.g. the target is not empty); nothing was written."""


class CopyProgress(Protocol):
    """Hears how far the copy is, for a progress bar: stages "read", "write", "check"."""

    def stage(self, name: str, total: int) -> None:
        """A stage begins, with `total` steps (rows, or tables and chats to check)."""

    def advance(self, steps: int) -> None:
        """`steps` more of the current stage are done."""


class NoProgress:
    """Nobody is watching (a pipe, a log, a test)."""

    def stage(self, name: str, total: int) -> None:
        pass

    def advance(self, steps: int) -> None:
        pass


@dataclass
class CopyReport:
    source: str
    target: str
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Per table: rows in the source, rows in the target."""
    boards: dict[str, tuple[list[ScoreLine], list[ScoreLine]]] = field(default_factory=dict)
    """Per chat: the all-time leaderboard read from the source and from the target."""

    @property
    def equal(self) -> bool:
        counts = all(source == target for source, target in self.counts.values())
        return counts and all(source == target for source, target in self.boards.values())

    def lines(self) -> list[str]:
        """The report as printed: both sides of every figure, then the verdict."""
        out = [
            f"copied {self.source} -> {self.target}",
            f"{'table':<16}{'source':>9}{'target':>9}",
        ]
        out += [f"{table:<16}{s:>9}{t:>9}" for table, (s, t) in self.counts.items()]
        for chat, (source, target) in self.boards.items():
            out.append(f"leaderboard {chat} (all time)")
            out.append(f"  source: {_board(source)}")
            out.append(f"  target: {_board(target)}")
        verdict = "equal" if self.equal else "DIFFERENT: do not use the target"
        out.append(f"row counts and leaderboards: {verdict}")
        return out


def _board(lines: list[ScoreLine]) -> str:
    return ", ".join(f"{s.name} {s.points}/{s.answered}" for s in lines) or "(empty)"


async def copy_database(
    source: Path | str, target: Path | str, progress: CopyProgress | None = None
) -> CopyReport:
    """Copy every table from `source` into the empty `target`, then compare them."""
    source_store = await open_store(source)
    try:
        target_store = await open_store(target)
        try:
            report = CopyReport(describe(source), describe(target))
            await _copy(source_store, target_store, report, progress or NoProgress())
            return report
        finally:
            await target_store.close()
    finally:
        await source_store.close()


async def _copy(
    source: AnyStore, target: AnyStore, report: CopyReport, progress: CopyProgress
) -> None:
    for table in TABLES:
        if await target.count_rows(table):
            raise CopyError(
                f"{report.target} is not empty (table {table} has rows); nothing copied"
            )
    sizes = [await source.count_rows(table) for table in TABLES]
    progress.stage("read", sum(sizes))
    tables = []
    for table in TABLES:
        columns = await source.table_columns(table)
        tables.append(TableRows(table, columns, await source.read_rows(table, columns)))
        progress.advance(len(tables[-1].rows))
    progress.stage("write", sum(len(each.rows) for each in tables))
    await target.insert_tables(tables, on_table=lambda each: progress.advance(len(each.rows)))
    chats = await source.chats()
    progress.stage("check", len(TABLES) + len(chats))
    for table in TABLES:
        report.counts[table] = (await source.count_rows(table), await target.count_rows(table))
        progress.advance(1)
    for chat in chats:
        report.boards[chat] = (
            sorted(await source.scores(chat, None), key=_rank),
            sorted(await target.scores(chat, None), key=_rank),
        )
        progress.advance(1)


def _rank(line: ScoreLine) -> tuple[int, int, str]:
    return (-line.points, line.total_ms, line.user_id)
