"""Discord without permissions, end to end with simcord: `/quiz`, `/practice` and `/daily set`
check the bot's permissions in the target channel first and tell the invoker, privately and
in their language, which are missing; nothing is announced and nothing is stored. `/daily off`
can name a channel; `/daily status` lists every channel's schedule of the server.
"""

from __future__ import annotations

from typing import Any

import discord

from tests.e2e.discord_helpers import World, locales


def plain(text: str) -> str:
    return text.replace("\\", "")


def locked_channel(world: World, name: str, **denied: bool) -> Any:
    """A channel where the bot is denied the given permissions (an overwrite on its member)."""
    overwrite = discord.PermissionOverwrite(**denied)
    return world.guild.create_text_channel(name, overwrites={world.env.bot.user: overwrite})


async def test_quiz_in_a_channel_the_bot_cannot_post_in_announces_nothing(world: World) -> None:
    ana = world.members["ana"]
    channel = locked_channel(world, "read-only", send_messages=False, embed_links=False)
    answer = await ana.slash(channel, "quiz", quiz="parallelism")
    assert answer.ephemeral
    assert plain(answer.response.content) == (
        f"I can't post in <#{channel.id}>: I'm missing these permissions "
        "there: Send Messages, Embed Links. "
        "A server admin can grant them in the channel's settings."
    )
    assert channel.history() == []
    assert await world.bot.store.running_rounds() == []
    with locales({ana.id: discord.Locale.french}):
        practice = await ana.slash(channel, "practice", quiz="parallelism")
    assert practice.ephemeral
    assert plain(practice.response.content).startswith(
        f"Je ne peux pas poster dans <#{channel.id}>\u00a0: il me manque ces permissions\u00a0: "
        "Envoyer des messages, Intégrer des liens."
    )
    assert await world.bot.store.running_rounds() == []


async def test_each_required_permission_is_checked(world: World) -> None:
    ana = world.members["ana"]
    names = {
        "view_channel": "View Channel",
        "send_messages": "Send Messages",
        "embed_links": "Embed Links",
        "attach_files": "Attach Files",
        "read_message_history": "Read Message History",
    }
    for flag, shown in names.items():
        channel = locked_channel(world, f"no-{flag}", **{flag: False})
        answer = await ana.slash(channel, "quiz", quiz="parallelism")
        assert answer.ephemeral, flag
        assert f"permissions there: {shown}." in plain(answer.response.content), flag
    started = await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    assert not started.ephemeral  # where nothing is missing, the round starts


async def test_daily_set_checks_the_channel_it_names(world: World) -> None:
    admin, guild_chat = world.admin, f"dc:{world.guild.id}"
    locked = locked_channel(world, "announcements", send_messages=False)
    refused = await admin.slash(
        world.channel,
        "daily set",
        time="09:00",
        timezone="UTC",
        quiz="parallelism",
        channel=locked,
    )
    assert refused.ephemeral
    said = plain(refused.response.content)
    assert said.startswith(f"I can't post in <#{locked.id}>: I'm missing these permissions")
    assert "there: Send Messages, Embed Links, Attach Files." in said  # discord.py: implied
    assert await world.bot.store.chat_schedules(guild_chat) == []

    other = world.guild.create_text_channel("daily")
    for target in (world.channel, other):
        done = await admin.slash(
            world.channel,
            "daily set",
            time="09:00",
            timezone="UTC",
            quiz="parallelism",
            channel=target,
        )
        assert not done.ephemeral
    status = await admin.slash(world.channel, "daily status")
    lines = plain(status.response.content).splitlines()
    assert sorted(line.split()[0] for line in lines) == sorted(
        [f"<#{world.channel.id}>", f"<#{other.id}>"]
    )
    off = await admin.slash(world.channel, "daily off", channel=other)
    assert off.response.content.startswith(f"📅 No more question of the day in <#{other.id}>.")
    left = await world.bot.store.chat_schedules(guild_chat)
    assert [s.channel_ref for s in left] == [str(world.channel.id)]
