"""Database faults seen from the command line: one clear line, and the file left intact."""

from __future__ import annotations

import hashlib
import os
import random
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.domain.entities import Player
from bot.domain.models import Quiz
from bot.domain.rules import Accepted
from bot.play.service import QuizService
from bot.storage.interface import StoreError
from bot.storage.schema import SCHEMA_VERSION
from bot.storage.sqlite.store import SQLiteStore
from tests.support.clocks import FakeClock
from tests.support.paths import ROOT

ANA = Player("tg:1", "Ana", "en")


def play(
    database: Path, answers: str = "a\n", preexec_fn: Callable[[], None] | None = None
) -> subprocess.CompletedProcess[str]:
    """`quizbot play` with answers on stdin; one question unless more answers are given."""
    env = {**os.environ, "QUIZBOT_DB": str(database)}
    count = str(answers.count("\n"))
    command = ["play", "parallelism", "--lang", "en", "--questions", count, "--name", "Ana"]
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli", *command],
        input=answers,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
        preexec_fn=preexec_fn,
    )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def immutable(tmp_path: Path) -> Iterator[Path]:
    """A database file nobody may write, not even root (chattr +i)."""
    database = tmp_path / "quiz.db"
    assert play(database).returncode == 0
    if (
        shutil.which("chattr") is None
        or subprocess.run(
            ["chattr", "+i", str(database)], capture_output=True, check=False
        ).returncode
    ):
        pytest.skip("chattr +i is not available on this file system")
    yield database
    subprocess.run(["chattr", "-i", str(database)], check=False)


def test_a_read_only_database_is_one_clear_line(immutable: Path) -> None:
    before = digest(immutable)
    result = play(immutable)
    assert result.returncode == 1
    assert result.stderr == (
        f"quizbot: {immutable}: the database file is read-only; nothing was recorded "
        "(attempt to write a readonly database)\n"
    )
    assert result.stderr.count("\n") == 1
    assert digest(immutable) == before


def test_a_newer_schema_is_refused_without_touching_the_file(tmp_path: Path) -> None:
    database = tmp_path / "future.db"
    assert play(database).returncode == 0
    connection = sqlite3.connect(database)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    connection.close()  # the last connection checkpoints the WAL into the file
    before = digest(database)
    result = play(database)
    assert result.returncode == 1
    assert result.stderr.strip() == (
        f"quizbot: the database {database} was written by a newer quizbot (schema "
        f"{SCHEMA_VERSION + 5}; this version knows up to {SCHEMA_VERSION}). Upgrade quizbot "
        "to use it."
    )
    assert digest(database) == before


async def test_a_locked_database_records_nothing_then_recovers(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    path = tmp_path / "quiz.db"
    store = await SQLiteStore.open(path, busy_timeout_ms=50)
    try:
        service = QuizService(store, quizzes, clock=clock, rng=random.Random(1))
        started = await service.start_round(
            chat_id="c", player=ANA, quiz_id="parallelism", mode="group", seconds=30
        )
        view = await service.post_next(started.round_id)
        assert view is not None
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")  # another program writing
        with pytest.raises(StoreError, match="locked by another program; nothing was recorded"):
            await service.press(chat_id="c", player=ANA, post_id=view.post.post_id, letter_index=0)
        locker.execute("ROLLBACK")
        locker.close()
        assert await store.post_answers(view.post.post_id) == []
        retried = await service.press(
            chat_id="c", player=ANA, post_id=view.post.post_id, letter_index=0
        )
        assert isinstance(retried.outcome, Accepted)
        assert len(await store.post_answers(view.post.post_id)) == 1
    finally:
        await store.close()


def play_with_file_limit(database: Path, limit: int) -> subprocess.CompletedProcess[str]:
    """A real full disk for this process: files may not grow past `limit` bytes."""

    def limit_file_size() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # fail the write (EFBIG), do not kill
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return play(database, "a\n" * 8, limit_file_size)


@pytest.mark.parametrize("room", [-30_000, 12_000], ids=["full-at-start", "fills-mid-game"])
def test_a_full_disk_is_one_clear_line_and_loses_nothing(tmp_path: Path, room: int) -> None:
    database = tmp_path / "quiz.db"
    assert play(database).returncode == 0
    result = play_with_file_limit(database, database.stat().st_size + room)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("quizbot: ")
    assert str(database) in result.stderr
    assert result.stderr.count("\n") == 1
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        kept = connection.execute("SELECT user_id FROM answers").fetchall()
    told = result.stdout.count("✅ Right!") + result.stdout.count("❌ Not quite.")
    assert len(kept) == 1 + told  # every verdict shown before the disk filled up is kept
    assert play(database).returncode == 0  # and the bot works again once there is room
