"""The loopback Discord (tests/fakes/discord_gateway.py) behaves as Discord documents it:
checked with the real discord.py client, raw requests, and Discord's OpenAPI description."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from tests.e2e.discord_client import Client, connected
from tests.e2e.discord_process import TOKEN
from tests.fakes import discord_payloads as payloads
from tests.fakes.discord_api import required_fields
from tests.fakes.discord_gateway import FakeDiscord
from tests.fakes.discord_routes import RestRoutes
from tests.fakes.telegram_api import find_specs_dir


@pytest.fixture
def specs() -> Path:
    found = find_specs_dir()
    if found is None or not (found / "discord-openapi.json").is_file():
        pytest.skip("discord-openapi.json not found (set QUIZBOT_SPECS_DIR or ../shared/specs)")
    return found


async def test_discord_py_connects_sees_its_servers_and_a_deleted_channel(
    discord_server: FakeDiscord, pointed: None
) -> None:
    guild = discord_server.guild("Study group", "fr")
    channel_id = discord_server.channel(guild, "quiz")
    client = Client()
    async with connected(client, guild.id) as seen:
        assert seen.preferred_locale is discord.Locale.french
        assert [c.id for c in seen.text_channels] == [channel_id]
        message = await seen.text_channels[0].send("hello")
        edited = await message.edit(content="hello again")
        assert edited.content == "hello again"

        await discord_server.delete_channel(channel_id)
        deleted = await asyncio.wait_for(client.deleted.get(), timeout=10)
        assert deleted.id == channel_id
        assert seen.text_channels == []
        partial = client.get_partial_messageable(channel_id)
        with pytest.raises(discord.NotFound) as unknown_channel:
            await partial.send("anyone?")
        assert unknown_channel.value.code == 10003
        with pytest.raises(discord.NotFound) as unknown_channel:
            await partial.get_partial_message(message.id).edit(content="gone")
        assert unknown_channel.value.code == 10003
    assert discord_server.identifies[0]["intents"] == discord.Intents(guilds=True).value


async def test_discord_py_sees_threads_and_their_deletion_and_a_deleted_channels_threads(
    discord_server: FakeDiscord, pointed: None
) -> None:
    """THREAD_DELETE as Discord sends it reaches `on_raw_thread_delete`; deleting a channel
    sends no THREAD_DELETE, and discord.py raises the event for its cached threads itself."""
    guild = discord_server.guild("Study group")
    channel_id = discord_server.channel(guild, "quiz")
    doomed, orphan = (discord_server.thread(guild, channel_id, name) for name in ("a", "b"))
    client = Client()
    async with connected(client, guild.id) as seen:
        assert sorted(t.id for t in seen.threads) == sorted([doomed, orphan])
        await discord_server.delete_thread(doomed)
        event = await asyncio.wait_for(client.threads_deleted.get(), timeout=10)
        assert (event.thread_id, event.guild_id, event.parent_id) == (doomed, guild.id, channel_id)
        assert event.thread_type is discord.ChannelType.public_thread
        with pytest.raises(discord.NotFound) as unknown_channel:
            await client.get_partial_messageable(doomed).send("anyone?")
        assert unknown_channel.value.code == 10003
        await discord_server.delete_channel(channel_id)
        event = await asyncio.wait_for(client.threads_deleted.get(), timeout=10)
        assert event.thread_id == orphan
        with pytest.raises(discord.NotFound):
            await client.get_partial_messageable(orphan).send("anyone?")


async def test_another_token_is_refused_at_login_and_at_identify(
    discord_server: FakeDiscord, pointed: None
) -> None:
    client = Client()
    async with client:
        with pytest.raises(discord.LoginFailure):
            await client.login("MTIz.another.token")
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(discord_server.gateway_url) as ws,
    ):
        assert (await ws.receive_json())["op"] == 10  # HELLO
        await ws.send_json({"op": 2, "d": {"token": "another", "intents": 1}})
        assert (await ws.receive()).type is aiohttp.WSMsgType.CLOSE
        assert ws.close_code == 4004


async def test_a_resume_gets_an_invalid_session_and_heartbeats_are_acknowledged(
    discord_server: FakeDiscord,
) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(discord_server.gateway_url) as ws,
    ):
        hello = await ws.receive_json()
        assert hello["d"]["heartbeat_interval"] > 0
        await ws.send_json({"op": 1, "d": None})
        assert (await ws.receive_json())["op"] == 11
        await ws.send_json({"op": 6, "d": {"token": TOKEN, "session_id": "old", "seq": 3}})
        assert await ws.receive_json() == {"op": 9, "d": False}


async def test_an_interaction_is_answered_once_and_follow_ups_need_its_token(
    discord_server: FakeDiscord,
) -> None:
    guild = discord_server.guild("Study group")
    channel_id = discord_server.channel(guild, "quiz")
    ana = discord_server.member(guild, "ana")
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(discord_server.gateway_url) as ws,
    ):
        await ws.receive_json()
        await ws.send_json({"op": 2, "d": {"token": TOKEN, "intents": 1}})
        assert (await ws.receive_json())["t"] == "READY"
        assert (await ws.receive_json())["t"] == "GUILD_CREATE"
        discord_server.world.commands["quiz"] = {"id": "1", "name": "quiz", "options": []}
        pending = await discord_server.slash(channel_id, ana, "quiz")
        event = await ws.receive_json()
        assert event["t"] == "INTERACTION_CREATE"
        assert event["d"]["member"]["permissions"]
        api = discord_server.api_url
        callback = f"{api}/interactions/{pending.id}/{pending.token}/callback"
        body = {"type": 4, "data": {"content": "hi", "flags": 64}}
        assert await post(session, callback, body) == (200, 64)
        assert await post(session, callback, body) == (400, 40060)
        wrong = f"{api}/interactions/{pending.id}/other-token/callback"
        assert await post(session, wrong, body) == (404, 10062)
        hook = f"{api}/webhooks/{discord_server.application_id}"
        followup = await post(session, f"{hook}/{pending.token}?wait=1", {"content": "more"})
        assert followup == (200, 0)
        assert await post(session, f"{hook}/nope?wait=1", {"content": "x"}) == (404, 10015)
        message = f"{api}/channels/{channel_id}/messages/1"
        async with session.patch(message, json={}, headers={"Authorization": f"Bot {TOKEN}"}) as r:
            assert (r.status, (await r.json())["code"]) == (404, 10008)
        async with session.patch(message, json={}, headers={"Authorization": "Bot x"}) as r:
            assert r.status == 401


async def post(session: aiohttp.ClientSession, url: str, body: Any) -> tuple[int, int]:
    """Status and Discord's error code (or, for a success, the message flags)."""
    async with session.post(url, json=body) as response:
        assert response.headers["Content-Type"] == "application/json"
        answer = await response.json()
    if response.status == 200:
        return 200, answer.get("flags", answer.get("resource", {}).get("message", {}).get("flags"))
    return response.status, answer["code"]


def test_every_route_served_is_one_discord_documents(
    discord_server: FakeDiscord, specs: Path
) -> None:
    spec = json.loads((specs / "discord-openapi.json").read_text(encoding="utf-8"))
    documented = {
        (method.upper(), re.sub(r"\{[^}]+\}", "{}", path))
        for path, operations in spec["paths"].items()
        for method in operations
        if method != "parameters"
    }
    for method, route, _, _ in RestRoutes(discord_server).routes():
        assert (method, re.sub(r"\{[^}]+\}", "{}", route)) in documented, (method, route)


def test_the_objects_sent_have_the_fields_discord_requires(
    discord_server: FakeDiscord, specs: Path
) -> None:
    guild = discord_server.guild("Study group")
    channel_id = discord_server.channel(guild, "quiz")
    member = discord_server.member(guild, "ana")
    message = payloads.message(channel_id, discord_server.bot_user, {"content": "hi"})
    thread = guild.channel_payload(discord_server.thread(guild, channel_id, "week 1"))
    shown: dict[str, Any] = {
        "MessageResponse": message,
        "GuildChannelResponse": guild.channel_payload(channel_id),
        "ThreadResponse": thread,
        "ThreadMetadataResponse": thread["thread_metadata"],
        "GuildRoleResponse": guild.payload(discord_server.bot_member)["roles"][0],
        "GuildMemberResponse": member.payload(),
        "UserResponse": member.user,
    }
    for schema, shape in shown.items():
        assert required_fields(specs, schema) <= shape.keys(), schema
