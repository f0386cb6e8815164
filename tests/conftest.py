"""Shared fixtures (only fixtures: helpers live in tests/support/): the bundled quizzes, a
real store on each backend, a settable clock.

`store` (and `database`, what it opens) runs a test twice: on a SQLite file under tmp_path
and on a fresh schema of a real PostgreSQL (skipped, saying why, when none is configured).
`sqlite_store` is for the few tests about SQLite itself (WAL, its group-commit writer).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.catalog.installed import load_catalog
from bot.domain.models import Quiz
from bot.play.service import QuizService
from bot.storage.interface import Store
from bot.storage.opening import open_store
from bot.storage.sqlite.store import SQLiteStore
from tests.postgres import fresh_schema
from tests.support.clocks import FakeClock
from tests.support.paths import QUIZZES


@pytest.fixture(scope="session", autouse=True)
def quiz_cache_under_tmp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Commands run by the tests keep validated quizzes under pytest's tmp, not in the
    developer's cache folder (QUIZBOT_CACHE, inherited by subprocesses)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("QUIZBOT_CACHE", str(tmp_path_factory.mktemp("quiz-cache")))
        yield


@pytest.fixture(scope="session")
def quizzes() -> dict[str, Quiz]:
    return load_catalog(QUIZZES)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Path | str]:
    """Where a store lives: a SQLite file, or a PostgreSQL URL of a schema of its own."""
    if request.param == "sqlite":
        yield tmp_path / "quiz.db"
        return
    async with fresh_schema() as url:
        yield url


@pytest.fixture
async def store(database: Path | str) -> AsyncIterator[Store]:
    opened = await open_store(database)
    yield opened
    await opened.close()


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[SQLiteStore]:
    opened = await SQLiteStore.open(tmp_path / "quiz.db")
    yield opened
    await opened.close()


@pytest.fixture
def service(store: Store, quizzes: dict[str, Quiz], clock: FakeClock) -> QuizService:
    return QuizService(store, quizzes, clock=clock, rng=random.Random(7))
