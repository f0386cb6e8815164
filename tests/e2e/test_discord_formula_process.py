"""`quizbot run discord`, the real process, posts a formula Unicode cannot show as a picture:
drawn by its formula worker process (adapters/formula_pool.py), kept in the cache folder,
attached to the question and shown by its embed on the loopback Discord."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from tests.e2e.discord_process import posted, start_discord
from tests.fakes.discord_gateway import FakeDiscord

QUIZ = r"""format: 3
id: bubble
languages: [en]
title: {en: "Bubble"}
difficulty: easy
questions:
  - id: share
    type: truefalse
    prompt: {en: "Is the bubble $$\\frac{p-1}{m+p-1}$$ of an iteration?"}
    answer: true
    explanation: {en: "Each stage idles p - 1 slots."}
"""


async def test_a_stacked_fraction_is_posted_as_a_picture_by_the_real_process(
    discord_server: FakeDiscord, tmp_path: Path
) -> None:
    quizzes, cache = tmp_path / "quizzes", tmp_path / "cache"
    quizzes.mkdir()
    (quizzes / "bubble.yaml").write_text(QUIZ, encoding="utf-8")
    guild = discord_server.guild("Study group")
    channel_id = discord_server.channel(guild, "quiz")
    ana = discord_server.member(guild, "ana")
    process = await start_discord(
        discord_server,
        tmp_path / "quiz.db",
        QUIZBOT_QUIZZES=str(quizzes),
        QUIZBOT_CACHE=str(cache),
    )
    try:
        await discord_server.slash(channel_id, ana, "quiz", quiz="bubble", questions=1)
        question = await posted(discord_server, channel_id, "of an iteration?")
        [card] = question["attachments"]
        assert card["filename"].endswith(".png")
        assert card["description"] == r"\frac{p-1}{m+p-1}"
        assert question["embeds"][0]["image"]["url"] == card["url"]
        assert discord_server.world.files[card["url"]].startswith(b"\x89PNG")
        assert card["height"] > 40  # a stacked fraction: two lines and a bar
        assert await process.stop() == 0
    finally:
        if process.process.returncode is None:
            await process.kill()
    drawn = list((cache / "formulas").glob("*.png"))
    assert [path.read_bytes() for path in drawn] == [discord_server.world.files[card["url"]]]
    assert "Traceback" not in process.output()


async def test_the_formula_worker_ends_with_a_killed_bot(
    discord_server: FakeDiscord, tmp_path: Path
) -> None:
    """SIGKILL gives the bot no chance to stop its worker: the worker sees its parent gone."""
    process = await start_discord(discord_server, tmp_path / "quiz.db")
    try:
        started = children(process.process.pid)
        assert started  # the worker, and the resource tracker
        exited = [ended(pid) for pid in started]
    finally:
        await process.kill()
    await asyncio.wait_for(asyncio.gather(*exited), timeout=30)


def children(pid: int) -> list[int]:
    """The processes `pid` started (Linux's /proc). The pool starts its worker (and, with
    `spawn`, multiprocessing's resource tracker) when the warm-up is submitted, before the
    bot logs in, so they exist once it has identified."""
    listed = Path(f"/proc/{pid}/task/{pid}/children")
    if not listed.exists():
        pytest.skip("no /proc/<pid>/task/<pid>/children here")
    return [int(child) for child in listed.read_text().split()]


def ended(pid: int) -> asyncio.Future[None]:
    """Done when process `pid` (not our child) exits: its pidfd becomes readable."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()
    descriptor = os.pidfd_open(pid)

    def exited() -> None:
        loop.remove_reader(descriptor)
        os.close(descriptor)
        if not done.done():
            done.set_result(None)

    loop.add_reader(descriptor, exited)
    return done
