"""A typed answer's modal checked by the project's loopback Discord as well as simcord: the
real QuizBot, in this process, over real HTTP and the gateway websocket to
tests/fakes/discord_gateway.py, which refuses what Discord refuses (a modal after a defer,
components past their limits: 400 50035 or 40060)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from adapters.discord_bot.client import QuizBot
from bot.catalog.loader import load_quiz
from bot.storage.sqlite.store import SQLiteStore
from tests.e2e.discord_process import CREATE, TOKEN
from tests.fakes import discord_payloads as payloads
from tests.fakes.discord_gateway import Call, FakeDiscord
from tests.fakes.discord_payloads import custom_ids, message_text
from tests.support.paths import TYPES

QUIZ = load_quiz(TYPES / "every-type.yaml")
CALLBACK = "/interactions/{interaction_id}/{token}/callback"
FOLLOWUP = "/webhooks/{application_id}/{token}"


@dataclass
class Server:
    """The loopback Discord with one server, its quiz channel and a member, and the bot."""

    fake: FakeDiscord
    bot: QuizBot
    channel_id: int
    ana: payloads.Member


@pytest.fixture
async def server(
    pointed: None, discord_server: FakeDiscord, tmp_path: Path
) -> AsyncIterator[Server]:
    """The QuizBot connected to the loopback Discord, playing the every-type quiz."""
    del pointed
    guild = discord_server.guild("Study group")
    channel_id = discord_server.channel(guild, "quiz")
    ana = discord_server.member(guild, "ana")
    store = await SQLiteStore.open(tmp_path / "quiz.db")
    client = QuizBot(store, {QUIZ.id: QUIZ}, rng=random.Random(3))
    await client.login(TOKEN)  # syncs the commands (setup_hook)
    connection = asyncio.create_task(client.connect(reconnect=False))
    try:
        await asyncio.wait_for(client.wait_until_ready(), timeout=30)
        yield Server(discord_server, client, channel_id, ana)
    finally:
        await client.close()
        await connection
        await store.close()


async def on_token(fake: FakeDiscord, token: str, route: str) -> Call:
    """The bot's request on an interaction's token to `route` (its verdict, its picker)."""

    def matches(call: Call) -> bool:
        return call.route == route and call.params.get("token") == token

    return await fake.wait_for(matches, timeout=30)


async def posted(server: Server, text: str) -> dict[str, Any]:
    """The question message the bot posted whose text holds `text`."""

    def matches(call: Call) -> bool:
        return call.route == CREATE and call.status == 200 and text in message_text(call.body)

    return dict((await server.fake.wait_for(matches, timeout=30)).response)


async def test_a_modal_answer_counts_through_the_loopback_discord(server: Server) -> None:
    fake, ana = server.fake, server.ana
    await fake.slash(server.channel_id, ana, "quiz", quiz="every-type")
    text_post = await posted(server, "capital of France")
    [opener, _] = custom_ids(text_post)  # "Answer" and Reveal
    click = await fake.press(ana, text_post, opener)
    shown = await on_token(fake, click.token, CALLBACK)
    assert (shown.status, shown.body["type"]) == (200, 9)  # the modal, first and only response
    sent = await fake.submit_modal(ana, click, {"answer": "Pariss"})
    verdict = await on_token(fake, sent.token, FOLLOWUP)
    assert "Accepted — the spelling is Paris" in message_text(verdict.body)
    await fake.press(ana, text_post, custom_ids(text_post)[1])  # Reveal: the next question
    await posted(server, "bubble")
    refused = [f"{c.method} {c.route} {c.status}" for c in fake.calls if c.status >= 400]
    assert refused == []
