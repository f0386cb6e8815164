"""A typed answer's modal checked by the project's loopback Discord as well as simcord: the
real QuizBot, in this process, over real HTTP and the gateway websocket to
tests/fakes/discord_gateway.py, which refuses what Discord refuses (a modal after a defer,
components past their limits: 400 50035 or 40060)."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import re
from collections.abc import AsyncIterator, Callable
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
from tests.fakes.discord_routes import Pending
from tests.support.paths import TYPES

JSONDict = dict[str, Any]
QUIZ = load_quiz(TYPES / "every-type.yaml")
PRIMES = dataclasses.replace(
    QUIZ, id="primes", questions=tuple(q for q in QUIZ.questions if q.id == "primes")
)
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
    client = QuizBot(store, {QUIZ.id: QUIZ, PRIMES.id: PRIMES}, rng=random.Random(3))
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


async def shown_to(
    fake: FakeDiscord, pressed: Pending, holds: Callable[[JSONDict], bool]
) -> JSONDict:
    """The message the bot answered the interaction `pressed` with, once one `holds`: its
    initial response as later edited, the message whose component was used, or a follow-up
    (after a defer, the first follow-up is what the member sees)."""

    def probe() -> JSONDict | None:
        followups = [
            str(call.response["id"])
            for call in fake.calls
            if call.route == FOLLOWUP
            and call.status == 200
            and call.params.get("token") == pressed.token
        ]
        for message_id in [pressed.original or "", *followups]:
            found = fake.world.messages.get(message_id)
            if found is not None and holds(found):
                return found
        return None

    shown: JSONDict = await fake.wait_until(probe, timeout=30)
    return shown


def selects(message: JSONDict) -> list[JSONDict]:
    return [c for row in message.get("components") or [] for c in row["components"]]


async def test_a_multiple_select_counts_through_the_loopback_discord(server: Server) -> None:
    """`multiple`: "Answer" shows an ephemeral select (min 1, max every choice); the letters
    picked are judged, and the verdict names what was missed."""
    fake, ana = server.fake, server.ana
    guild = fake.guild_of(server.channel_id)
    assert guild is not None
    ben = fake.member(guild, "ben")
    await fake.slash(server.channel_id, ana, "quiz", quiz="primes")
    post = await posted(server, "Which are prime?")
    opener = custom_ids(post)[0]
    shown = dict(re.findall(r"\*\*([A-D])\*\*\. (\d)", message_text(post)))
    letter = {number: letter for letter, number in shown.items()}  # choices are shuffled
    verdicts = []
    for member, letters in ((ana, [letter["2"], letter["7"]]), (ben, [letter["2"]])):
        menu = await shown_to(fake, await fake.press(member, post, opener), selects)
        assert menu["flags"] & 64  # ephemeral: nobody sees another member's picks
        [select] = selects(menu)
        assert (select["type"], select["min_values"], select["max_values"]) == (3, 1, 4)
        picked = await fake.select(member, menu, select["custom_id"], letters)
        judged = await shown_to(
            fake, picked, lambda m: "✅" in message_text(m) or "❌" in message_text(m)
        )
        verdicts.append(message_text(judged))
    assert "✅" in verdicts[0]
    assert "❌" in verdicts[1]
    assert f"Missed\\: {letter['7']}. 7" in verdicts[1]  # the right choice Ben missed
    refused = [f"{c.method} {c.route} {c.status}" for c in fake.calls if c.status >= 400]
    assert refused == []
