"""Discord start-up and stop with the real discord.py: a command sync Discord refuses costs
a warning, not the bot; a stop lets the handlers in flight finish (adapters/discord_bot/
shutdown.py), and those are found by the task names discord.py really gives them."""

from __future__ import annotations

import asyncio
import inspect
import logging
from typing import Any

import discord
import discord.app_commands.tree
import discord.client
import discord.ui.view
import pytest
from simcord.backend import errors

from adapters.discord_bot.client import make_bot
from adapters.discord_bot.shutdown import HANDLER_TASKS, settle_handlers
from bot.domain.models import Quiz
from bot.storage.sqlite.store import SQLiteStore
from tests.e2e.discord_helpers import World, letters, post_id_of

UNKNOWN_SERVER = 424242
"""A DISCORD_GUILD_ID the bot is not in: Discord answers the sync 403 50001 Missing Access."""


def refuse_syncs_to_unknown_servers(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """simcord's backend registers commands anywhere; Discord refuses a server the bot is
    not in, as modelled here."""
    backend = world.env.backend
    register = backend.register_commands

    def register_or_refuse(guild_id: int | None, payloads: list[dict[str, Any]]) -> Any:
        if guild_id is not None and guild_id not in backend.guilds:
            raise errors.missing_access()
        return register(guild_id, payloads)

    monkeypatch.setattr(backend, "register_commands", register_or_refuse)


async def test_a_refused_command_sync_is_a_warning_and_the_rounds_go_on(
    world: World,
    store: SQLiteStore,
    quizzes: dict[str, Quiz],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    ana, ben = world.members["ana"], world.members["ben"]
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    question = world.channel.last_message
    view = await world.bot.service.view(post_id_of(question))
    assert view is not None
    refuse_syncs_to_unknown_servers(world, monkeypatch)

    with caplog.at_level(logging.WARNING, logger="adapters.discord_bot.client"):
        await world.env.restart_bot(make_bot(store, quizzes, guild_id=UNKNOWN_SERVER))
    assert "could not sync the slash commands: 403 Forbidden (error code: 50001)" in caplog.text
    right, _ = letters(view)
    clicked = await ben.click(question, label=right)
    assert clicked.response.content.startswith("**✅ Right!")
    await world.env.advance_time(30)  # the round, resumed, still closes and sums up
    assert "Round over" in world.channel.last_message.embeds[0].description


async def test_a_stop_waits_for_the_handlers_in_flight() -> None:
    finished: list[str] = []

    async def handler(name: str) -> None:
        for _ in range(3):  # a few turns of the loop: answering, committing, replying
            await asyncio.sleep(0)
        finished.append(name)

    handlers = [asyncio.create_task(handler(p), name=f"{p}test") for p in HANDLER_TASKS]
    other = asyncio.create_task(asyncio.Event().wait(), name="not a handler")
    assert await settle_handlers(timeout=30) == len(HANDLER_TASKS)  # `other` is not awaited
    assert sorted(finished) == sorted(HANDLER_TASKS)
    assert all(task.done() for task in handlers)
    other.cancel()


async def test_a_handler_that_does_not_finish_is_left_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    stuck = asyncio.create_task(asyncio.Event().wait(), name="discord.py: on_interaction")
    with caplog.at_level(logging.WARNING, logger="adapters.discord_bot.shutdown"):
        assert await settle_handlers(timeout=0.01) == 1
    assert "stopping with 1 interactions still being handled" in caplog.text
    stuck.cancel()


def test_the_handler_task_names_are_discord_pys() -> None:
    """If discord.py renamed its tasks, a stop would no longer wait for them."""
    sources = "".join(
        inspect.getsource(module)
        for module in (discord.client, discord.ui.view, discord.app_commands.tree)
    )
    for prefix in HANDLER_TASKS:
        assert f"name=f'{prefix}" in sources or f"name='{prefix}" in sources, prefix
    assert discord.__version__.startswith("2.")
