"""The bot restarts mid-round; commands are synced only when they change; the CLI fails clearly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import simcord

from adapters.discord_bot.client import make_bot
from adapters.discord_bot.sharding import Sharding
from bot.domain.models import Quiz
from bot.storage.sqlite.store import SQLiteStore
from bot.text.i18n import t
from tests.e2e.discord_helpers import SETTLE_SECONDS, World, build_bot, letters, post_id_of


def command_syncs(env: simcord.Env) -> list[str]:
    return [e.path for e in env.http_requests if e.method == "PUT" and "commands" in e.path]


async def test_a_round_survives_a_restart_and_old_buttons_still_count_once(
    world: World, store: SQLiteStore, quizzes: dict[str, Quiz]
) -> None:
    ana, ben, chloe = (world.members[name] for name in ("ana", "ben", "chloe"))
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=2)
    old = world.channel.last_message
    post_id = post_id_of(old)
    view = await world.bot.service.view(post_id)
    assert view is not None
    right, wrong = letters(view)
    await ben.click(old, label=right)
    await world.env.advance_time(10)

    await world.env.restart_bot(build_bot(store, quizzes, seed=9))  # same database file
    again = await ben.click(old, label=wrong)
    assert f"You already answered {right}" in again.response.content
    late = await chloe.click(old, label=right)
    assert late.response.content.startswith("**✅ Right!")
    answers = await world.bot.store.post_answers(post_id)
    assert sorted(a.user_id for a in answers) == [f"dc:{ben.id}", f"dc:{chloe.id}"]

    await world.env.advance_time(20)  # the deadline set before the restart still holds
    closed = next(m for m in world.channel.history() if m.id == old.id)
    assert "2 answers" in closed.embeds[0].description
    second = world.channel.last_message
    assert "Question 2/2" in second.embeds[0].description
    await world.env.advance_time(30)
    assert "Round over" in world.channel.last_message.embeds[0].description
    assert await world.bot.store.running_rounds() == []
    assert len(command_syncs(world.env)) == 1  # the tree did not change: no second sync


async def test_run_discord_wiring_connects_and_syncs_to_the_setup_server(
    tmp_path: Path, quizzes: dict[str, Quiz]
) -> None:
    store = await SQLiteStore.open(tmp_path / "bot.db")
    env = simcord.Env(make_bot(store, quizzes, guild_id=4242), settle_timeout=SETTLE_SECONDS)
    try:
        with env.time_context():
            guild = env.create_guild("Setup server", id=4242)
            channel = guild.create_text_channel("quiz")
            member = guild.add_member(env.create_user("ana"))
            await env.start()
            assert env.bot.is_ready()
            assert command_syncs(env) == [
                f"/applications/{env.bot.application_id}/guilds/4242/commands"
            ]
            assert "quiz" in member.available_commands(channel)
            result = await member.slash(channel, "help")
            assert result.ephemeral
            await env.restart_bot(make_bot(store, quizzes, guild_id=4242))
            assert len(command_syncs(env)) == 1  # unchanged tree: the stored hash skips it
            await env.shutdown()
        env.raise_errors()
    finally:
        await store.close()


async def test_a_sharded_process_plays_a_round(tmp_path: Path, quizzes: dict[str, Quiz]) -> None:
    store = await SQLiteStore.open(tmp_path / "bot.db")
    bot = make_bot(store, quizzes, guild_id=4242, sharding=Sharding(2, (0, 1)))
    env = simcord.Env(bot, settle_timeout=SETTLE_SECONDS)
    try:
        with env.time_context():
            guild = env.create_guild("Setup server", id=4242)
            channel = guild.create_text_channel("quiz")
            member = guild.add_member(env.create_user("ana"))
            await env.start()
            assert (bot.shard_count, bot.shard_ids) == (2, [0, 1])
            await member.slash(channel, "quiz", quiz="parallelism", questions=1)
            clicked = await member.click(channel.last_message, label="A")
            assert clicked.ephemeral
            assert len(await store.post_answers(post_id_of(channel.last_message))) == 1
            await env.shutdown()
        env.raise_errors()
    finally:
        await store.close()


def run_cli(tmp_path: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "QUIZBOT_"))}
    env |= {"QUIZBOT_DB": str(tmp_path / "cli.db"), "LANG": "en_US.UTF-8", **extra}
    env["QUIZBOT_CACHE"] = str(tmp_path / "cache")  # not the developer's cache folder
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # no .env from the developer's checkout
        env=env,
        timeout=60,
        check=False,
        input="",
    )


def test_a_missing_token_is_one_clear_line(tmp_path: Path) -> None:
    for args in (("run", "discord"), ("discord", "sync", "--guild", "1")):
        result = run_cli(tmp_path, *args)
        assert result.returncode == 2
        assert result.stderr.strip() == t("en", "discord.token_missing")
        assert "Traceback" not in result.stderr
        assert result.stdout == ""


def test_the_cli_offers_run_discord_and_discord_sync(tmp_path: Path) -> None:
    result = run_cli(tmp_path, "discord", "sync", "--help")
    assert result.returncode == 0
    assert "--guild ID" in result.stdout
    assert "discord" in run_cli(tmp_path, "run", "--help").stdout


async def test_a_dead_shards_rounds_wait_for_it_and_resume_when_it_restarts(
    tmp_path: Path, quizzes: dict[str, Quiz]
) -> None:
    """A Discord shard process alone serves its servers (README, "Known limits"): while it is
    down, another shard's process leaves their rounds alone; restarted, it resumes them."""
    store = await SQLiteStore.open(tmp_path / "bot.db")

    def shard(number: int) -> Any:
        return make_bot(store, quizzes, guild_id=4242, sharding=Sharding(2, (number,)))

    env = simcord.Env(shard(0), settle_timeout=SETTLE_SECONDS)  # server 4242 is on shard 0
    try:
        with env.time_context():
            guild = env.create_guild("Setup server", id=4242)
            channel = guild.create_text_channel("quiz")
            member = guild.add_member(env.create_user("ana"))
            await env.start()
            await member.slash(channel, "quiz", quiz="parallelism", questions=2)
            first = channel.last_message
            assert "Question 1/2" in first.embeds[0].description
            await env.restart_bot(shard(1))  # shard 0's process died; shard 1's runs
            await env.advance_time(60)  # well past the question's 30 s
            [still_open] = await store.open_posts()
            assert still_open.post_id == post_id_of(first)
            assert channel.last_message.id == first.id
            await env.restart_bot(shard(0))  # shard 0 back: the overdue question closes at once
            await env.advance_time(1)
            assert "Question 2/2" in channel.last_message.embeds[0].description
            await env.advance_time(30)
            assert "Round over" in channel.last_message.embeds[0].description
            await env.shutdown()
        env.raise_errors()
    finally:
        await store.close()
