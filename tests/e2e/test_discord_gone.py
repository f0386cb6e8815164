"""Discord servers that delete a channel or a question: the real discord.py through simcord,
whose backend answers 404 10003 (Unknown Channel) and 404 10008 (Unknown Message)."""

from __future__ import annotations

from typing import Any

import discord

from bot.domain.models import Quiz
from bot.storage.sqlite.store import SQLiteStore
from tests.e2e.discord_helpers import World, build_bot


def other_server(world: World) -> tuple[Any, Any]:
    guild = world.env.create_guild("Other server")
    channel = guild.create_text_channel("quiz")
    return channel, guild.add_member(world.env.create_user("dora"))


def delete_channel(world: World, channel: Any) -> None:
    """A server admin deletes the channel (simcord's backend, as the DELETE route does)."""
    world.env.backend.delete_channel(channel.id)


async def test_a_deleted_channel_does_not_stop_another_servers_round_at_start_up(
    world: World, store: SQLiteStore, quizzes: dict[str, Quiz]
) -> None:
    channel, dora = other_server(world)
    await world.members["ana"].slash(world.channel, "quiz", quiz="parallelism", questions=2)
    await dora.slash(channel, "quiz", quiz="parallelism", questions=2)
    for post in await store.open_posts():  # the process dies between two questions
        assert await store.close_post(post.post_id, world.bot.clock.now())
    delete_channel(world, world.channel)

    await world.env.restart_bot(build_bot(store, quizzes, seed=9))
    assert "Question 2/2" in channel.last_message.embeds[0].description
    assert [r.channel_ref for r in await store.running_rounds()] == [str(channel.id)]
    await world.env.advance_time(30)
    assert "Round over" in channel.last_message.embeds[0].description
    assert await store.running_rounds() == []


async def test_a_channel_deleted_mid_round_ends_its_round_and_not_the_others(
    world: World, store: SQLiteStore
) -> None:
    channel, dora = other_server(world)
    await world.members["ana"].slash(world.channel, "quiz", quiz="parallelism", questions=2)
    await dora.slash(channel, "quiz", quiz="parallelism", questions=2)
    delete_channel(world, world.channel)
    await world.env.advance_time(30)
    assert "Question 2/2" in channel.last_message.embeds[0].description
    assert [r.channel_ref for r in await store.running_rounds()] == [str(channel.id)]


async def test_a_deleted_question_still_gets_results_and_the_round_ends(world: World) -> None:
    mods = world.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    moderator = world.guild.add_member(world.env.create_user("moderator"), roles=[mods])
    ana = world.members["ana"]
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=2)
    question = world.channel.last_message
    await ana.click(question, label="A")
    await moderator.delete(question)
    await world.env.advance_time(30)
    results, second = list(world.channel.history())[-2:]
    assert "Question 1/2" in results.embeds[0].description
    assert "1 answer" in results.embeds[0].description
    assert "Question 2/2" in second.embeds[0].description
    await world.env.advance_time(30)
    assert "Round over" in world.channel.last_message.embeds[0].description
    again = await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    assert not again.ephemeral
    assert "Question 1/1" in world.channel.last_message.embeds[0].description


async def test_a_deleted_channel_does_not_stop_another_servers_daily_question(
    world: World, store: SQLiteStore
) -> None:
    channel, _ = other_server(world)
    admins = channel.guild.create_role(
        "Admins", permissions=discord.Permissions(manage_guild=True)
    )
    other_admin = channel.guild.add_member(world.env.create_user("olga"), roles=[admins])
    for admin, where in ((world.admin, world.channel), (other_admin, channel)):
        done = await admin.slash(
            where, "daily set", time="09:00", timezone="Europe/Paris", quiz="parallelism"
        )
        assert not done.ephemeral
    delete_channel(world, world.channel)
    await world.env.advance_time(8 * 3600)  # 09:00 in Paris (simcord starts at 00:00Z)
    assert channel.last_message.embeds[0].description.startswith("**☀️ Question of the day")
    assert await store.get_schedule(f"dc:{channel.guild.id}", str(channel.id)) is not None
