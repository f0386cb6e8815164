"""End-to-end fixtures: the Discord bot on a simcord world, the loopback Telegram Bot API.

Any ERROR log record (our reporter, discord.py's "dynamic item callback" handler, a failed
deadline) fails the test unless the test claims it with `error_logs.claim()`: simcord does
not see errors raised in `DynamicItem` callbacks, so the log is where they would hide.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord
import pytest
import simcord
from discord.gateway import DiscordWebSocket

from adapters.discord_bot import run
from adapters.discord_bot.client import QuizBot
from adapters.discord_bot.doctor import TEST_API_ENV
from bot.domain.models import Quiz
from bot.storage.sqlite.store import SQLiteStore
from tests.e2e.discord_helpers import SETTLE_SECONDS, World, build_bot
from tests.e2e.discord_process import TOKEN as DISCORD_PROCESS_TOKEN
from tests.e2e.error_logs import ErrorLogs
from tests.e2e.telegram_harness import GROUP
from tests.fakes.discord_gateway import FakeDiscord
from tests.fakes.telegram_api import FakeTelegramAPI


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        uses_simcord = "simcord_env" in getattr(item, "fixturenames", ())
        if uses_simcord and item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=SETTLE_SECONDS))


@pytest.fixture(autouse=True)
def error_logs() -> Iterator[ErrorLogs]:
    handler = ErrorLogs()
    root = logging.getLogger()
    root.addHandler(handler)
    yield handler
    root.removeHandler(handler)
    unexpected = [f"{r.name}: {r.getMessage()} {r.exc_info!r}" for r in handler.records]
    assert unexpected == [], "errors were logged during the test"


@pytest.fixture
def simcord_bot(store: SQLiteStore, quizzes: dict[str, Quiz]) -> QuizBot:
    return build_bot(store, quizzes)


@pytest.fixture
def world(simcord_env: simcord.Env) -> World:
    env = simcord_env
    guild = env.create_guild("Study group")
    channel = guild.create_text_channel("quiz")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("teacher"), roles=[admins])
    found = World(env, guild, channel, admin)
    for name in ("ana", "ben", "chloe"):
        found.members[name] = guild.add_member(env.create_user(name))
    return found


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegramAPI]:
    """The loopback Bot API for the Telegram tests; a module may supply its own."""
    async with FakeTelegramAPI() as api:
        yield api
        assert api.violations == [], "the bot sent requests Telegram would reject"


@pytest.fixture
def group(fake: FakeTelegramAPI) -> dict[str, Any]:
    return fake.group(GROUP, "Study group", chat_type="supergroup")


@pytest.fixture
async def discord_server() -> AsyncIterator[FakeDiscord]:
    """The loopback Discord the real `quizbot run discord` process connects to."""
    async with FakeDiscord(DISCORD_PROCESS_TOKEN) as server:
        yield server


@pytest.fixture
def pointed(discord_server: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py in this process pointed at the discord_server exactly as `quizbot run
    discord` does it."""
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)
    monkeypatch.setenv(TEST_API_ENV, discord_server.api_url)
    run._use_test_server()
