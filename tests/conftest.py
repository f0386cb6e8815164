"""Shared fixtures: the bundled quizzes, a real SQLite store under tmp_path, a settable clock."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.catalog import load_catalog
from bot.models import Quiz
from bot.service import QuizService
from bot.sqlite_store import SQLiteStore

ROOT = Path(__file__).resolve().parent.parent
QUIZZES = ROOT / "quizzes"


@dataclass
class FakeClock:
    """The injected clock: time moves only when a test says so."""

    current: datetime = field(default_factory=lambda: datetime(2026, 3, 2, 9, 0, tzinfo=UTC))

    def now(self) -> datetime:
        return self.current

    def advance(self, seconds: float) -> None:
        self.current += timedelta(seconds=seconds)


@pytest.fixture(scope="session")
def quizzes() -> dict[str, Quiz]:
    return load_catalog(QUIZZES)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SQLiteStore]:
    opened = await SQLiteStore.open(tmp_path / "quiz.db")
    yield opened
    await opened.close()


@pytest.fixture
def service(store: SQLiteStore, quizzes: dict[str, Quiz], clock: FakeClock) -> QuizService:
    return QuizService(store, quizzes, clock=clock, rng=random.Random(7))
