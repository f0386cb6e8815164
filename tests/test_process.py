"""The bot processes freeze what start-up loaded before serving (adapters/process.py)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adapters import cli
from adapters.discord_bot import run as discord_run
from adapters.telegram_bot import run as telegram_run


@pytest.fixture
def frozen_at_start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[list[int]]:
    """Objects frozen when the bot starts serving; the process state is restored after."""
    monkeypatch.setenv("QUIZBOT_DB", str(tmp_path / "quiz.db"))
    monkeypatch.setenv("QUIZBOT_CACHE", "off")
    monkeypatch.setenv("TELEGRAM_TOKEN", "4242:test-token")
    monkeypatch.setenv("DISCORD_TOKEN", "discord-test-token")
    gc.unfreeze()
    seen: list[int] = []
    yield seen
    gc.unfreeze()


def test_telegram_starts_with_the_loaded_quizzes_frozen(
    frozen_at_start: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    def serve(*args: Any) -> int:
        frozen_at_start.append(gc.get_freeze_count())
        return 0

    monkeypatch.setattr(telegram_run, "run", serve)
    assert cli.main(["run", "telegram"]) == 0
    assert len(frozen_at_start) == 1
    assert frozen_at_start[0] > 1000


def test_discord_starts_with_the_loaded_quizzes_frozen(
    frozen_at_start: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def serve(*args: Any) -> int:
        frozen_at_start.append(gc.get_freeze_count())
        return 0

    monkeypatch.setattr(discord_run, "_with_store", serve)
    assert cli.main(["run", "discord"]) == 0
    assert len(frozen_at_start) == 1
    assert frozen_at_start[0] > 1000
