"""The plain discord.py client against the loopback Discord (tests/fakes/discord_gateway.py):
logged in, connected and ready, recording the events the fake's tests await."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from tests.e2e.discord_process import TOKEN


class Client(discord.Client):
    """The plain discord.py client, recording what it is told."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.ready = asyncio.Event()
        self.deleted: asyncio.Queue[discord.abc.GuildChannel] = asyncio.Queue()
        self.threads_deleted: asyncio.Queue[discord.RawThreadDeleteEvent] = asyncio.Queue()

    async def on_ready(self) -> None:
        self.ready.set()

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.deleted.put(channel)

    async def on_raw_thread_delete(self, event: discord.RawThreadDeleteEvent) -> None:
        await self.threads_deleted.put(event)


@asynccontextmanager
async def connected(client: Client, guild_id: int) -> AsyncIterator[discord.Guild]:
    """The client logged in, connected and ready, and the server it sees; closed after."""
    async with client:
        await client.login(TOKEN)
        connection = asyncio.create_task(client.connect(reconnect=False))
        await asyncio.wait_for(client.ready.wait(), timeout=30)
        seen = client.get_guild(guild_id)
        assert seen is not None
        yield seen
        await client.close()
        await connection
