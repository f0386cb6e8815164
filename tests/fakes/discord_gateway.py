"""A loopback Discord: the REST routes and the gateway websocket the real `quizbot run discord`
uses, on 127.0.0.1, so a test can run the real process against it.

REST under /api/v10 (the doctor's two routes from discord_api.py, plus the gateway URL, the
command sync, interaction callbacks, webhook follow-ups and channel messages), answering
Discord's documented errors: 401 for another token, 404 10003 Unknown Channel for a deleted
channel, 10008 Unknown Message, 10015 Unknown Webhook, 10062 Unknown interaction, 400 40060
for a second initial response. The gateway at `/` (as wss://gateway.discord.gg/): HELLO, then
IDENTIFY → READY (guilds unavailable) and a GUILD_CREATE per server, heartbeat ACKs, RESUME
answered with INVALID_SESSION (the client identifies again), and the events a test
dispatches: INTERACTION_CREATE (slash commands, button presses, selects and modals submitted),
CHANNEL_DELETE and THREAD_DELETE. Components and modals past Discord's limits get 400 50035
(discord_components.py).
Frames are JSON text: discord.py decompresses only binary frames, so `compress=zlib-stream`
in its URL is ignored (Discord too may send uncompressed frames; zlib is a transport detail).
Every REST request is recorded as a `Call`; `wait_for` awaits one, so tests never sleep.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.fakes import discord_components as components
from tests.fakes import discord_payloads as payloads
from tests.fakes.discord_api import FakeDiscordAPI
from tests.fakes.discord_routes import Call, Pending, RestRoutes

JSONDict = dict[str, Any]
HEARTBEAT_MS = 41250


@dataclass
class Session:
    """One identified gateway connection and its sequence number."""

    socket: web.WebSocketResponse
    shard: list[int]
    intents: int
    sequence: int = 0


@dataclass
class World:
    """What the servers hold: channels, members, messages, interactions, synced commands."""

    guilds: dict[int, payloads.Guild] = field(default_factory=dict)
    messages: dict[str, JSONDict] = field(default_factory=dict)
    interactions: dict[str, Pending] = field(default_factory=dict)
    commands: dict[str, JSONDict] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)
    """What the CDN serves: attachments' bytes by url (discord_attachments.py)."""


class FakeDiscord(FakeDiscordAPI):
    """Servers, channels and members; the bot's process connects to it like to Discord."""

    def __init__(self, token: str) -> None:
        super().__init__(token)
        self.world = World()
        self.calls: list[Call] = []
        self.identifies: list[JSONDict] = []
        self.sessions: list[Session] = []
        self.bot_member = payloads.Member(self.bot_user)
        self._changed = asyncio.Event()

    @property
    def gateway_url(self) -> str:
        return self.api_url.removesuffix("/api/v10").replace("http://", "ws://", 1) + "/"

    def _add_routes(self, app: web.Application) -> None:
        super()._add_routes(app)
        app.router.add_get("/", self._gateway)
        RestRoutes(self).add_to(app)

    async def stop(self) -> None:
        for session in list(self.sessions):
            await session.socket.close()
        await super().stop()

    # The world a test builds.

    def guild(self, name: str, locale: str = "en-US") -> payloads.Guild:
        guild = payloads.Guild(payloads.snowflake(), name, locale)
        self.world.guilds[guild.id] = guild
        return guild

    def channel(self, guild: payloads.Guild, name: str) -> int:
        channel_id = payloads.snowflake()
        guild.channels[channel_id] = name
        return channel_id

    def thread(self, guild: payloads.Guild, parent_id: int, name: str) -> int:
        """A public thread of a text channel: a channel of its own for sends and commands."""
        thread_id = payloads.snowflake()
        guild.threads[thread_id] = (parent_id, name)
        return thread_id

    def member(
        self, guild: payloads.Guild, name: str, locale: str = "en-US", *, admin: bool = False
    ) -> payloads.Member:
        permissions = payloads.MEMBER_PERMISSIONS
        if admin:
            permissions |= payloads.PERMISSION_BITS["manage_guild"]
        member = payloads.Member(payloads.user(payloads.snowflake(), name), locale, permissions)
        guild.members[member.id] = member
        return member

    def guild_of(self, channel_id: int) -> payloads.Guild | None:
        for guild in self.world.guilds.values():
            if channel_id in guild.channels or channel_id in guild.threads:
                return guild
        return None

    # What members and admins do.

    async def slash(
        self, channel_id: int, member: payloads.Member, name: str, **options: Any
    ) -> Pending:
        """A member runs /name (or "/group sub") in a channel; options are checked against the
        synced command."""
        top, _, sub = name.partition(" ")
        command = self.world.commands.get(top)
        if command is None:
            raise LookupError(f"/{top} was never synced; synced: {sorted(self.world.commands)}")
        data = {
            "id": command["id"],
            "name": top,
            "type": 1,
            "options": payloads.command_options(command, options, sub),
        }
        return await self._interact(2, channel_id, member, data)

    async def press(self, member: payloads.Member, message: JSONDict, custom_id: str) -> Pending:
        """A member presses a button of a message."""
        if custom_id not in payloads.custom_ids(message):
            raise LookupError(f"no button {custom_id!r} on message {message['id']}")
        data = {"custom_id": custom_id, "component_type": 2}
        channel_id = int(message["channel_id"])
        return await self._interact(3, channel_id, member, data, message)

    async def select(
        self, member: payloads.Member, message: JSONDict, custom_id: str, values: list[str]
    ) -> Pending:
        """A member picks `values` in a select of a message (only offered ones, within its
        min_values and max_values, as the client allows) and closes it."""
        select = components.find(self.world.messages.get(message["id"], message), custom_id)
        data = {"custom_id": custom_id, "component_type": 3}
        data["values"] = components.picked(select, values)
        return await self._interact(3, int(message["channel_id"]), member, data, message)

    async def submit_modal(
        self, member: payloads.Member, opened: Pending, values: dict[str, str]
    ) -> Pending:
        """The member the modal was shown to submits it (MODAL_SUBMIT), once; with the
        message whose button opened it, as Discord sends it."""
        if opened.modal is None:
            raise LookupError("that interaction showed no modal, or it was submitted already")
        data = components.submitted(opened.modal, values)
        opened.modal = None
        message = self.world.messages.get(opened.message_id or "")
        return await self._interact(5, opened.channel_id, member, data, message)

    async def _interact(
        self,
        kind: int,
        channel_id: int,
        member: payloads.Member,
        data: JSONDict,
        message: JSONDict | None = None,
    ) -> Pending:
        guild = self.guild_of(channel_id)
        if guild is None:
            raise LookupError(f"channel {channel_id} is in no server (deleted?)")
        token = f"token-{payloads.snowflake()}"
        event = payloads.interaction(
            kind,
            application_id=self.application_id,
            guild=guild,
            channel_id=channel_id,
            member=member,
            data=data,
            token=token,
        )
        pending = Pending(event["id"], token, channel_id, kind=kind)
        if message is not None:
            event["message"] = self.world.messages.get(message["id"], message)
            pending.message_id = message["id"]
        self.world.interactions[pending.id] = pending
        await self.dispatch("INTERACTION_CREATE", event)
        return pending

    async def delete_channel(self, channel_id: int) -> None:
        """An admin deletes a channel: CHANNEL_DELETE, then 10003 on anything sent to it.
        A bot offline at that moment never hears of it (Discord does not replay events)."""
        guild = self.guild_of(channel_id)
        if guild is None:
            raise LookupError(f"no channel {channel_id}")
        channel = guild.channel_payload(channel_id)
        del guild.channels[channel_id]
        for thread_id in [t for t, (parent, _) in guild.threads.items() if parent == channel_id]:
            del guild.threads[thread_id]  # its threads go with it, without a THREAD_DELETE
        if self.sessions:
            await self.dispatch("CHANNEL_DELETE", channel)

    async def delete_thread(self, thread_id: int) -> None:
        """An admin deletes a thread: THREAD_DELETE with the fields Discord documents for it
        (id, guild_id, parent_id, type), then 10003 on anything sent to it."""
        guild = self.guild_of(thread_id)
        if guild is None or thread_id not in guild.threads:
            raise LookupError(f"no thread {thread_id}")
        parent_id, _ = guild.threads.pop(thread_id)
        event = {
            "id": str(thread_id),
            "guild_id": str(guild.id),
            "parent_id": str(parent_id),
            "type": payloads.PUBLIC_THREAD,
        }
        if self.sessions:
            await self.dispatch("THREAD_DELETE", event)

    # The gateway.

    async def dispatch(self, event: str, data: JSONDict) -> None:
        """Send an event to every identified connection (a shard would get its servers')."""
        if not self.sessions:
            raise RuntimeError(f"no bot is connected to the gateway to receive {event}")
        for session in list(self.sessions):
            await self.dispatch_to(session, event, data)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        await socket.send_json({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}})
        session: Session | None = None
        try:
            async for frame in socket:
                if frame.type is not WSMsgType.TEXT:
                    continue
                opened = await self._gateway_op(socket, json.loads(frame.data))
                session = session or opened
        finally:
            if session in self.sessions:
                self.sessions.remove(session)
            self.changed()
        return socket

    async def _gateway_op(self, socket: web.WebSocketResponse, frame: JSONDict) -> Session | None:
        op, data = frame.get("op"), frame.get("d")
        if op == 1:  # HEARTBEAT
            await socket.send_json({"op": 11})
        elif op == 2:  # IDENTIFY
            return await self._identify(socket, data)
        elif op == 6:  # RESUME: sessions are not kept; the client must identify again
            await socket.send_json({"op": 9, "d": False})
        return None

    async def _identify(self, socket: web.WebSocketResponse, data: JSONDict) -> Session | None:
        self.identifies.append(data)
        if data.get("token") != self.token:
            await socket.close(code=4004, message=b"Authentication failed.")
            return None
        session = Session(socket, data.get("shard", [0, 1]), data.get("intents", 0))
        ready = {
            "v": 10,
            "user": self.bot_user,
            "guilds": [{"id": str(g), "unavailable": True} for g in self.world.guilds],
            "session_id": f"session-{payloads.snowflake()}",
            "resume_gateway_url": self.gateway_url,
            "shard": session.shard,
            "application": {"id": str(self.application_id), "flags": 0},
        }
        self.sessions.append(session)
        await self.dispatch_to(session, "READY", ready)
        for guild in self.world.guilds.values():
            await self.dispatch_to(session, "GUILD_CREATE", guild.payload(self.bot_member))
        self.changed()
        return session

    async def dispatch_to(self, session: Session, event: str, data: JSONDict) -> None:
        session.sequence += 1
        frame = {"op": 0, "t": event, "s": session.sequence, "d": data}
        await session.socket.send_str(json.dumps(frame))

    # Waiting.

    def changed(self) -> None:
        """Wake whoever waits for a request or a connection."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, probe: Callable[[], Any], timeout: float) -> Any:  # noqa: ASYNC109
        """The first truthy `probe()`, re-checked after each change."""
        async with asyncio.timeout(timeout):
            while not (found := probe()):
                await self._changed.wait()
        return found

    async def wait_for(
        self,
        predicate: Callable[[Call], bool],
        *,
        timeout: float = 10.0,  # noqa: ASYNC109 - the deadline is the point of this helper
        since: int = 0,
    ) -> Call:
        """The first recorded call (from index `since`) matching; earlier ones count, so a
        fast bot cannot win a race against the test."""

        def probe() -> Call | None:
            return next((c for c in self.calls[since:] if predicate(c)), None)

        try:
            found: Call = await self.wait_until(probe, timeout)
        except TimeoutError:
            seen = [f"{c.method} {c.route} {c.status}" for c in self.calls[since:]][-15:]
            raise TimeoutError(f"no matching request within {timeout}s; last: {seen}") from None
        return found

    async def connected(self, count: int = 1, timeout: float = 30.0) -> None:  # noqa: ASYNC109
        """Until `count` IDENTIFYs have come in and a session is open."""

        def probe() -> bool:
            return len(self.identifies) >= count and bool(self.sessions)

        await self.wait_until(probe, timeout)

    def record(self, call: Call) -> None:
        self.calls.append(call)
        self.changed()
