"""The REST routes of the loopback Discord (discord_gateway.py), with Discord's errors.

Each handler takes the path parameters, the JSON body (or a multipart request's
`payload_json`, its files in `discord_attachments.UPLOADS`) and the query, and returns a status
and a JSON body (None: 204 No Content). Messages keep attachments as discord_attachments.py
says.
Interaction callbacks and webhook follow-ups carry their own token and need no bot token, as
on Discord; every other route answers 401 to another token.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from aiohttp import web

from tests.fakes import discord_attachments as attachments
from tests.fakes import discord_components as components
from tests.fakes import discord_payloads as payloads
from tests.fakes.discord_api import json_response

if TYPE_CHECKING:
    from tests.fakes.discord_gateway import FakeDiscord

JSONDict = dict[str, Any]
Answer = tuple[int, Any]
Handler = Callable[[dict[str, str], Any, dict[str, str]], Awaitable[Answer]]
API = "/api/v10"
EDITS = ("GET", "PATCH", "DELETE")
LOADING = 128
"""Message flag of a deferred response's "is thinking…" message."""
EPHEMERAL = 64


class Call(NamedTuple):
    """One REST request the fake answered: route template, path parameters, JSON body."""

    method: str
    route: str
    params: dict[str, str]
    body: Any
    status: int
    response: Any


@dataclass
class Pending:
    """An interaction Discord created: its token answers once, then posts follow-ups."""

    id: str
    token: str
    channel_id: int
    message_id: str | None = None
    """The message whose button was pressed."""
    responded: bool = False
    original: str | None = None
    """The initial response's message, once there is one (`@original`)."""
    kind: int = 2
    """The interaction's type: 2 a command, 3 a component, 5 a modal submitted."""
    modal: JSONDict | None = None
    """The modal this interaction answered with (type 9), which its member may submit once."""


def error(status: int, code: int, message: str) -> Answer:
    return status, {"code": code, "message": message}


invalid_form = attachments.invalid_form
"""400 50035, with what was wrong, nested by field as Discord does."""


UNKNOWN_CHANNEL = error(404, 10003, "Unknown Channel")
UNKNOWN_MESSAGE = error(404, 10008, "Unknown Message")
UNKNOWN_WEBHOOK = error(404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION = error(404, 10062, "Unknown interaction")
ACKNOWLEDGED = error(400, 40060, "Interaction has already been acknowledged.")
MODAL = 9
UNAUTHORIZED = (401, {"code": 0, "message": "401: Unauthorized"})


class RestRoutes:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.world = fake.world
        self.files = attachments.Files(fake.world.files)

    def routes(self) -> list[tuple[str, str, Handler, bool]]:
        """(method, path under /api/v10, handler, whether the bot token is required)."""
        hook = "/webhooks/{application_id}/{token}"
        return [
            ("GET", "/gateway/bot", self.gateway_bot, True),
            ("PUT", "/applications/{application_id}/commands", self.sync, True),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.sync, True),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback, False),
            ("POST", hook, self.followup, False),
            *[(m, hook + "/messages/{message_id}", self.webhook_message, False) for m in EDITS],
            ("POST", "/channels/{channel_id}/messages", self.channel_messages, True),
            *[(m, "/channels/{channel_id}/messages/{message_id}", self.channel_messages, True)
              for m in EDITS],
        ]  # fmt: skip

    def add_to(self, app: web.Application) -> None:
        for method, route, handler, bot_token in self.routes():
            app.router.add_route(method, API + route, self._recorded(route, handler, bot_token))

    def _recorded(self, route: str, handler: Handler, bot_token: bool) -> Any:
        async def serve(request: web.Request) -> web.StreamResponse:
            body = await _body(request)  # and the request's files, in attachments.UPLOADS
            if bot_token and request.headers.get("Authorization") != f"Bot {self.fake.token}":
                status, answer = UNAUTHORIZED
            else:
                status, answer = await handler(dict(request.match_info), body, dict(request.query))
            params = dict(request.match_info)
            self.fake.record(Call(request.method, route, params, body, status, answer))
            if answer is None:
                return web.Response(status=204)
            return json_response(answer, status)

        return serve

    async def gateway_bot(
        self, params: dict[str, str], body: Any, query: dict[str, str]
    ) -> Answer:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return 200, {"url": self.fake.gateway_url, "shards": 1, "session_start_limit": limit}

    async def sync(self, params: dict[str, str], body: Any, query: dict[str, str]) -> Answer:
        """Bulk overwrite: the commands as Discord stores them, ids included."""
        synced = []
        for command in body:
            known = self.world.commands.get(command["name"])
            stored = {
                "type": 1,
                "nsfw": False,
                "default_member_permissions": None,
                "contexts": None,
                "integration_types": [0],
                **command,
                "id": known["id"] if known else str(payloads.snowflake()),
                "application_id": str(self.fake.application_id),
                "version": str(payloads.snowflake()),
            }
            if "guild_id" in params:
                stored["guild_id"] = params["guild_id"]
            synced.append(stored)
        self.world.commands = {command["name"]: command for command in synced}
        return 200, synced

    async def callback(self, params: dict[str, str], body: Any, query: dict[str, str]) -> Answer:
        """The initial response, once, within the interaction's token."""
        pending = self.world.interactions.get(params["interaction_id"])
        if pending is None or pending.token != params["token"]:
            return UNKNOWN_INTERACTION
        if pending.responded:
            return ACKNOWLEDGED
        kind, data = body["type"], body.get("data") or {}
        problems = self._refused(pending, kind, data)
        if problems:
            return invalid_form(problems)
        created = self._respond(pending, kind, data)
        if isinstance(created, tuple):  # refused attachments
            return created
        pending.responded = True
        message = created
        resource: JSONDict = {"type": kind}
        if message is not None:
            resource["message"] = message
            pending.original = message["id"] if kind in (4, 5) else pending.original
        if kind in (6, 7):  # `@original` is then the message whose component was used
            pending.original = pending.message_id
        flags = (message or {}).get("flags", 0)
        interaction = {
            "id": pending.id,
            "type": pending.kind,
            "response_message_id": message["id"] if message else None,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(flags & EPHEMERAL),
        }
        return 200, {"interaction": interaction, "resource": resource}

    def _refused(self, pending: Pending, kind: int, data: JSONDict) -> list[str]:
        """Why Discord would refuse this response: a modal answering a modal submission
        (documented as not available; Discord's exact code is not, the generic one stands
        in), or components past their limits."""
        if kind != MODAL:
            return components.message_problems(data)
        if pending.kind == 5:
            return ["type: a modal cannot answer a modal submission"]
        problems = components.modal_problems(data)
        if not problems:
            pending.modal = data
        return problems

    def _respond(self, pending: Pending, kind: int, data: JSONDict) -> JSONDict | Answer | None:
        """4: a new message; 5: a "thinking" one; 7: the pressed message changes; 6: none."""
        if kind == 4:
            return self._created(pending.channel_id, data)
        if kind == 5:
            loading = payloads.message(pending.channel_id, self.fake.bot_user, {}, LOADING)
            loading["flags"] |= data.get("flags") or 0
            return self._store(loading)
        if kind == 7 and pending.message_id in self.world.messages:
            return self._changed(self.world.messages[pending.message_id], data)
        return None

    def _created(self, channel_id: int, body: JSONDict) -> JSONDict | Answer:
        """A new message, stored, with its files attached; or Discord's refusal."""
        message = payloads.message(channel_id, self.fake.bot_user, body)
        return self._with_files(message, body, [])

    def _changed(self, stored: JSONDict, body: JSONDict) -> JSONDict | Answer:
        """A message edited, stored, its attachments as the edit says; or the refusal."""
        return self._with_files(payloads.edited(stored, body), body, stored["attachments"])

    def _with_files(
        self, message: JSONDict, body: JSONDict, before: list[JSONDict]
    ) -> JSONDict | Answer:
        after = self.files.attachments(int(message["channel_id"]), body, before)
        if isinstance(after, tuple):
            return after
        embeds = attachments.shown(message["embeds"], after)
        if isinstance(embeds, tuple):
            return embeds
        return self._store({**message, "attachments": after, "embeds": embeds})

    def _store(self, message: JSONDict) -> JSONDict:
        self.world.messages[message["id"]] = message
        return message

    def _pending_by_token(self, token: str) -> Pending | None:
        found = [p for p in self.world.interactions.values() if p.token == token]
        return found[0] if found and found[0].responded else None

    async def followup(self, params: dict[str, str], body: Any, query: dict[str, str]) -> Answer:
        pending = self._pending_by_token(params["token"])
        if pending is None:
            return UNKNOWN_WEBHOOK
        if components.message_problems(body):
            return invalid_form(components.message_problems(body))
        message = self._created(pending.channel_id, body)
        if isinstance(message, tuple):
            return message
        waits = query.get("wait", "").lower() in ("true", "1")  # discord.py sends 1
        return (200, message) if waits else (204, None)

    async def webhook_message(
        self, params: dict[str, str], body: Any, query: dict[str, str]
    ) -> Answer:
        """GET, PATCH or DELETE the original response (`@original`) or a follow-up."""
        pending = self._pending_by_token(params["token"])
        if pending is None:
            return UNKNOWN_WEBHOOK
        message_id = params["message_id"]
        if message_id == "@original":
            message_id = pending.original or ""
        return self._message_action(message_id, body)

    async def channel_messages(
        self, params: dict[str, str], body: Any, query: dict[str, str]
    ) -> Answer:
        """POST a new message, or GET/PATCH/DELETE one: 10003 once the channel is deleted."""
        channel_id = int(params["channel_id"])
        if self.fake.guild_of(channel_id) is None:
            return UNKNOWN_CHANNEL
        if "message_id" not in params:
            if components.message_problems(body):
                return invalid_form(components.message_problems(body))
            message = self._created(channel_id, body)
            return message if isinstance(message, tuple) else (200, message)
        stored = self.world.messages.get(params["message_id"])
        if stored is None or int(stored["channel_id"]) != channel_id:
            return UNKNOWN_MESSAGE
        return self._message_action(params["message_id"], body)

    def _message_action(self, message_id: str, body: Any) -> Answer:
        stored = self.world.messages.get(message_id)
        if stored is None:
            return UNKNOWN_MESSAGE
        if components.message_problems(body):
            return invalid_form(components.message_problems(body))
        if body is _DELETE:
            del self.world.messages[message_id]
            return 204, None
        if body is None:
            return 200, stored
        changed = self._changed(stored, body)
        if isinstance(changed, tuple):
            return changed
        changed["flags"] = changed.get("flags", 0) & ~LOADING
        return 200, changed


_DELETE = object()
"""The body of a DELETE request (it has none), told apart from a GET's."""


async def _body(request: web.Request) -> Any:
    """JSON, a multipart request's `payload_json`, nothing (GET) or _DELETE; the request's
    files (none but a multipart's) in attachments.UPLOADS, set anew for every request (one
    connection's requests may share a task)."""
    attachments.UPLOADS.set(())
    if request.method == "DELETE":
        return _DELETE
    if request.content_type.startswith("multipart/"):
        body, uploads = await attachments.read(request)
        attachments.UPLOADS.set(uploads)
        return body
    if not request.can_read_body:
        return None
    return await request.json()
