"""The bots start with the quiz files that load and log each broken one in one warning line:
the real `quizbot run telegram` and `quizbot run discord` processes, on their fakes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.text.i18n import t
from tests.e2e.bot_process import BotProcess, start_bot
from tests.e2e.discord_process import posted, start_discord
from tests.fakes.discord_gateway import FakeDiscord
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.paths import folder_with_a_broken_file


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegramAPI]:
    async with FakeTelegramAPI() as api:
        yield api


def settings(tmp_path: Path) -> tuple[dict[str, str], str]:
    folder, problem = folder_with_a_broken_file(tmp_path / "quizzes")
    return {"QUIZBOT_QUIZZES": str(folder), "QUIZBOT_CACHE": "off"}, problem


def warned_once(bot: BotProcess, problem: str) -> None:
    """The broken file is one WARNING line of the log, naming it, its line and its problem."""
    lines = [line for line in bot.output().splitlines() if "answer-out-of-range" in line]
    assert len(lines) == 1, lines
    assert "WARNING" in lines[0]
    assert lines[0].endswith(t("en", "catalog.skipped", problem=problem))


async def test_telegram_starts_with_the_good_quizzes(
    fake: FakeTelegramAPI, tmp_path: Path
) -> None:
    env, problem = settings(tmp_path)
    group, ana = fake.group(-100710, "Study group"), fake.user(11, "Ana", "en")
    bot = await start_bot(fake, tmp_path / "quiz.db", **env)
    try:
        await fake.wait_for("setMyCommands", timeout=30)
        fake.send_command(group, ana, "/quiz parallelism 1")
        await fake.wait_for("sendMessage", lambda p: "Question 1/1" in p["text"], timeout=10)
    finally:
        assert await bot.stop() == 0, bot.output()
    warned_once(bot, problem)
    assert "Traceback" not in bot.output()


async def test_discord_starts_with_the_good_quizzes(
    discord_server: FakeDiscord, tmp_path: Path
) -> None:
    env, problem = settings(tmp_path)
    guild = discord_server.guild("Physics", "en-US")
    channel = discord_server.channel(guild, "quiz")
    ana = discord_server.member(guild, "ana", "en-US")
    bot = await start_discord(discord_server, tmp_path / "quiz.db", **env)
    try:
        await discord_server.slash(channel, ana, "quiz", quiz="parallelism", questions=1)
        await posted(discord_server, channel, "1/1**")
    finally:
        assert await bot.stop() == 0, bot.output()
    warned_once(bot, problem)
    assert "Traceback" not in bot.output()
