"""The loopback Discord's selects and modals behave as Discord documents them: a modal only as
an interaction's first response and never to a modal submission, submitted once by its member
with the message that opened it; components past their limits refused with 400 50035."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.e2e.discord_process import TOKEN
from tests.fakes import discord_payloads as payloads
from tests.fakes.discord_gateway import FakeDiscord

MODAL = {
    "custom_id": "v1:t:5",
    "title": "Your answer",
    "components": [
        {"type": 1, "components": [{"type": 4, "custom_id": "answer", "label": "A", "style": 1}]}
    ],
}
SELECT = {
    "type": 3,
    "custom_id": "v1:ms:5",
    "options": [{"label": "A. 2", "value": "A"}, {"label": "B. 4", "value": "B"}],
    "min_values": 1,
    "max_values": 2,
}


@pytest.fixture
async def gateway(discord_server: FakeDiscord) -> AsyncIterator[aiohttp.ClientWebSocketResponse]:
    """A bot connected to the fake, in one server, to receive the interactions dispatched."""
    discord_server.guild("Study group")
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(discord_server.gateway_url) as ws,
    ):
        await ws.receive_json()
        await ws.send_json({"op": 2, "d": {"token": TOKEN, "intents": 1}})
        assert (await ws.receive_json())["t"] == "READY"
        assert (await ws.receive_json())["t"] == "GUILD_CREATE"
        yield ws


async def post(fake: FakeDiscord, path: str, body: Any) -> tuple[int, Any]:
    headers = {"Authorization": f"Bot {TOKEN}"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(fake.api_url + path, json=body, headers=headers) as response,
    ):
        return response.status, await response.json()


def row(*components: Any) -> Any:
    return {"components": [{"type": 1, "components": list(components)}]}


def callback(pending: Any) -> str:
    return f"/interactions/{pending.id}/{pending.token}/callback"


async def test_a_modal_is_a_first_response_submitted_once_with_its_message(
    discord_server: FakeDiscord, gateway: aiohttp.ClientWebSocketResponse
) -> None:
    fake = discord_server
    guild = next(iter(fake.world.guilds.values()))
    channel_id = fake.channel(guild, "quiz")
    ana = fake.member(guild, "ana")
    button = {"type": 2, "style": 1, "label": "Answer", "custom_id": "v1:t:5"}
    status, post_message = await post(
        fake,
        f"/channels/{channel_id}/messages",
        {"components": [{"type": 1, "components": [button]}]},
    )
    assert status == 200
    click = await fake.press(ana, post_message, "v1:t:5")
    assert (await gateway.receive_json())["d"]["type"] == 3
    long_title = {**MODAL, "title": "x" * 46}
    assert (await post(fake, callback(click), {"type": 9, "data": long_title}))[1]["code"] == 50035
    status, answer = await post(fake, callback(click), {"type": 9, "data": MODAL})
    assert (status, answer["resource"]) == (200, {"type": 9})
    assert (await post(fake, callback(click), {"type": 9, "data": MODAL}))[1]["code"] == 40060
    sent = await fake.submit_modal(ana, click, {"answer": "Paris"})
    event = (await gateway.receive_json())["d"]
    assert event["type"] == 5
    assert event["data"]["custom_id"] == "v1:t:5"
    assert event["data"]["components"][0]["components"][0]["value"] == "Paris"
    assert event["message"]["id"] == post_message["id"]
    with pytest.raises(LookupError):
        await fake.submit_modal(ana, click, {"answer": "again"})
    refused = await post(fake, callback(sent), {"type": 9, "data": MODAL})
    assert refused[1]["code"] == 50035  # no modal answers a modal submission
    assert (await post(fake, callback(sent), {"type": 5, "data": {"flags": 64}}))[0] == 200


async def test_a_select_sends_offered_values_and_components_past_limits_are_refused(
    discord_server: FakeDiscord, gateway: aiohttp.ClientWebSocketResponse
) -> None:
    fake = discord_server
    guild = next(iter(fake.world.guilds.values()))
    channel_id = fake.channel(guild, "quiz")
    ben = fake.member(guild, "ben")
    path = f"/channels/{channel_id}/messages"
    status, menu = await post(fake, path, row(SELECT))
    assert status == 200
    picked = await fake.select(ben, menu, "v1:ms:5", ["B", "A"])
    event = (await gateway.receive_json())["d"]
    assert (event["type"], event["data"]["values"]) == (3, ["B", "A"])
    assert picked.kind == 3
    with pytest.raises(ValueError, match="not distinct options"):
        await fake.select(ben, menu, "v1:ms:5", ["C"])
    too_long = {**SELECT, "options": [{"label": "A. " + "x" * 98, "value": "A"}]}
    wide = {**SELECT, "placeholder": "x" * 151}
    for select in (too_long, wide, {**SELECT, "max_values": 3}):
        status, refused = await post(
            fake, path, {"components": [{"type": 1, "components": [select]}]}
        )
        assert (status, refused["code"]) == (400, 50035)
    assert payloads.custom_ids(menu) == ["v1:ms:5"]
