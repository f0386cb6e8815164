"""Pictures through the project's loopback Discord (tests/fakes/discord_attachments.py): the
fake keeps files as Discord documents them, checked with the plain discord.py client and raw
requests; then the real QuizBot, over real HTTP and the gateway, posts a question with its
picture, keeps it through a count edit, and closes it with the explanation's picture."""

from __future__ import annotations

import asyncio
import io
import json
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from PIL import Image

from adapters.discord_bot.client import QuizBot
from bot.domain.models import Quiz, Text
from bot.pictures.clean import clean
from bot.storage.sqlite.store import SQLiteStore
from tests.e2e.discord_client import Client, connected
from tests.e2e.discord_process import CREATE, EDIT, FOLLOWUP, TOKEN
from tests.fakes import discord_payloads as payloads
from tests.fakes.discord_attachments import CDN, FILE_LIMIT
from tests.fakes.discord_gateway import Call, FakeDiscord
from tests.fakes.discord_payloads import custom_ids, message_text


def png(colour: str, size: tuple[int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


DIAGRAM = png("navy", (64, 48))
SCHEDULE = clean(DIAGRAM, "schedule.png").picture(Text("A 1F1B schedule"), "schedule.png")
BUBBLE = clean(png("orange", (80, 40)), "bubble.png").picture(Text("The bubble"), "bubble.png")


def file(data: bytes, name: str, alt: str = "") -> discord.File:
    return discord.File(io.BytesIO(data), filename=name, description=alt or None)


async def test_files_are_attached_shown_kept_replaced_and_dropped_as_discord_says(
    discord_server: FakeDiscord, pointed: None
) -> None:
    fake = discord_server
    guild = fake.guild("Study group")
    channel_id = fake.channel(guild, "quiz")
    async with connected(Client(), guild.id) as seen:
        channel = seen.text_channels[0]
        embed = discord.Embed(description="Which schedule?")
        embed.set_image(url="attachment://schedule.png")
        sent = await channel.send(embed=embed, file=file(DIAGRAM, "schedule.png", "A schedule"))
        [attachment] = sent.attachments
        assert (attachment.filename, attachment.size) == ("schedule.png", len(DIAGRAM))
        assert (attachment.width, attachment.height, attachment.content_type) == (
            64,
            48,
            "image/png",
        )
        assert attachment.description == "A schedule"
        assert attachment.url.startswith(f"{CDN}/attachments/{channel_id}/")
        assert fake.world.files[attachment.url] == DIAGRAM
        assert sent.embeds[0].image.url == attachment.url  # attachment:// became the CDN url

        embed.description = "Which schedule? 1 answer so far"
        kept = await sent.edit(embed=embed)  # no `attachments` key: the file stays
        assert [a.id for a in kept.attachments] == [attachment.id]
        assert kept.embeds[0].image.url == attachment.url
        added = await kept.edit(attachments=[attachment, file(b"notes", "notes.txt")])
        assert [a.filename for a in added.attachments] == ["schedule.png", "notes.txt"]
        replaced = await added.edit(attachments=[file(DIAGRAM, "again.png")])
        assert [a.filename for a in replaced.attachments] == ["again.png"]
        dropped = await replaced.edit(attachments=[])
        assert dropped.attachments == []

        with pytest.raises(discord.HTTPException) as too_large:
            await channel.send(file=file(b"\0" * (FILE_LIMIT + 1), "big.png"))
        assert (too_large.value.status, too_large.value.code) == (413, 40005)
        with pytest.raises(discord.HTTPException) as unknown:
            await channel.send(embed=embed)  # attachment://schedule.png, attached to nothing
        assert (unknown.value.status, unknown.value.code) == (400, 50035)
        assert "embeds.0.image.url" in str(unknown.value)  # discord.py reads the nested errors
        assert [c.status for c in fake.calls if c.status >= 400] == [413, 400]


async def test_more_than_ten_files_or_an_unknown_attachment_id_is_refused(
    discord_server: FakeDiscord,
) -> None:
    """Raw requests: discord.py itself refuses an eleventh file before sending it."""
    fake = discord_server
    guild = fake.guild("Study group")
    channel_id = fake.channel(guild, "quiz")
    url = f"{fake.api_url}/channels/{channel_id}/messages"
    headers = {"Authorization": f"Bot {fake.token}"}

    async def send(count: int, attachments: list[dict[str, Any]]) -> tuple[int, Any]:
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps({"content": "x", "attachments": attachments}))
        for index in range(count):
            form.add_field(f"files[{index}]", b"data", filename=f"f{index}.txt")
        async with (
            aiohttp.ClientSession() as session,
            session.post(url, data=form, headers=headers) as response,
        ):
            return response.status, await response.json()

    eleven = [{"id": index} for index in range(11)]
    status, refused = await send(11, eleven)
    assert (status, refused["code"]) == (400, 50035)
    assert refused["errors"]["attachments"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
    status, unknown = await send(1, [{"id": 0}, {"id": 7}])
    assert (status, unknown["code"]) == (400, 50035)
    assert "7" in unknown["errors"]["attachments"]["1"]["id"]["_errors"][0]["message"]
    status, ten = await send(10, [{"id": index} for index in range(10)])
    assert status == 200
    assert [a["filename"] for a in ten["attachments"]] == [f"f{i}.txt" for i in range(10)]


@dataclass
class Server:
    fake: FakeDiscord
    bot: QuizBot
    channel_id: int
    ana: payloads.Member


@pytest.fixture
async def server(
    pointed: None, discord_server: FakeDiscord, tmp_path: Path, quizzes: dict[str, Quiz]
) -> AsyncIterator[Server]:
    """The QuizBot on the loopback Discord, its quiz's one question pictured."""
    del pointed
    quiz = quizzes["parallelism"]
    question = replace(quiz.questions[0], image=SCHEDULE, explanation_image=BUBBLE)
    pictured = replace(quiz, questions=(question,))
    guild = discord_server.guild("Study group")
    channel_id = discord_server.channel(guild, "quiz")
    ana = discord_server.member(guild, "ana")
    store = await SQLiteStore.open(tmp_path / "quiz.db")
    client = QuizBot(store, {pictured.id: pictured}, rng=random.Random(3))
    await client.login(TOKEN)
    connection = asyncio.create_task(client.connect(reconnect=False))
    try:
        await asyncio.wait_for(client.wait_until_ready(), timeout=30)
        yield Server(discord_server, client, channel_id, ana)
    finally:
        await client.close()
        await connection
        await store.close()


async def request(fake: FakeDiscord, route: str, since: int = 0, **params: str) -> Call:
    def matches(call: Call) -> bool:
        return call.route == route and all(call.params.get(k) == v for k, v in params.items())

    return await fake.wait_for(matches, timeout=30, since=since)


async def test_the_bot_posts_keeps_and_closes_a_question_with_its_picture(
    server: Server,
) -> None:
    fake, ana = server.fake, server.ana
    await fake.slash(server.channel_id, ana, "quiz", quiz="parallelism", questions=1)
    call = await fake.wait_for(
        lambda c: c.route == CREATE and "Question 1/1" in message_text(c.body), timeout=30
    )
    posted = call.response
    [attachment] = posted["attachments"]
    assert (attachment["filename"], attachment["description"]) == (
        SCHEDULE.filename,
        "A 1F1B schedule",
    )
    assert fake.world.files[attachment["url"]] == SCHEDULE.data
    assert posted["embeds"][0]["image"]["url"] == attachment["url"]
    message_id = posted["id"]
    view = await server.bot.service.view(int(custom_ids(posted)[0].split(":")[2]))
    assert view is not None
    right = view.post.correct_letter_index(view.question)
    since = len(fake.calls)
    press = await fake.press(ana, posted, custom_ids(posted)[right])
    verdict = await request(fake, FOLLOWUP, token=press.token)
    assert [a["filename"] for a in verdict.response["attachments"]] == [BUBBLE.filename]
    counted = await request(fake, EDIT, since, message_id=message_id)
    assert "attachments" not in counted.body  # nothing said: Discord keeps the file
    assert counted.response["attachments"] == [attachment]
    since = len(fake.calls)
    await fake.press(ana, fake.world.messages[message_id], f"v1:r:{view.post.post_id}")
    closed = await request(fake, EDIT, since, message_id=message_id)
    after = closed.response
    assert [a["filename"] for a in after["attachments"]] == [SCHEDULE.filename, BUBBLE.filename]
    shown = [embed["image"]["url"] for embed in after["embeds"]]
    assert shown == [a["url"] for a in after["attachments"]]
    assert [fake.world.files[url] for url in shown] == [SCHEDULE.data, BUBBLE.data]
    assert [c.status for c in fake.calls if c.status >= 400] == []
