"""Loopback fake of the two Discord REST endpoints `quizbot doctor` reads.

`GET /users/@me` (who the token is) and `GET /oauth2/applications/@me` (the application the bot
belongs to), served on 127.0.0.1 under `/api/v10`, answering 401 like Discord for a rejected
token. The answers carry every field Discord's OpenAPI description marks required for
UserPIIResponse and PrivateApplicationResponse (`required_fields` reads them from the spec, so
a test can check the fake has not drifted). Point the doctor at it with
QUIZBOT_TEST_DISCORD_API_URL=`fake.api_url`.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple, Self

from aiohttp import web

JSONDict = dict[str, Any]
SPEC_FILE = "discord-openapi.json"
JSON_TYPE = "application/json"
REQUEST_BYTES = 26 * 1024 * 1024
"""What the web server reads of a request: more than Discord's 25 MiB, so that the fake's
Discord-shaped 413 (discord_attachments.py) answers before aiohttp's own."""
_PERSONAL_FIELDS = {"mfa_enabled", "locale", "premium_type", "email", "verified"}
"""In UserPIIResponse (a token's own user) but not in UserResponse (anyone else)."""


class Request(NamedTuple):
    path: str
    authorization: str


class FakeDiscordAPI:
    """The bot user and its application, as Discord returns them to a bot token."""

    def __init__(self, token: str, *, application_id: int = 1234567890123456789) -> None:
        self.token = token
        self.application_id = application_id
        self.bot_user: JSONDict = {
            "id": str(application_id),
            "username": "QuizBot",
            "avatar": None,
            "discriminator": "0",
            "public_flags": 0,
            "flags": 0,
            "bot": True,
            "global_name": None,
            "mfa_enabled": True,
            "locale": "en-US",
            "premium_type": 0,
            "email": None,
            "verified": True,
        }
        self.application: JSONDict = self._application()
        self.requests: list[Request] = []
        self._runner: web.AppRunner | None = None
        self._port: int | None = None

    def _application(self) -> JSONDict:
        public = {k: v for k, v in self.bot_user.items() if k not in _PERSONAL_FIELDS}
        owner = {**public, "id": "42", "username": "teacher", "bot": False}
        return {
            "id": str(self.application_id),
            "name": "Quiz Bot",
            "icon": None,
            "description": "",
            "type": None,
            "bot": public,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "flags_new": "0",
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "owner": owner,
            "approximate_guild_count": 1,
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "team": None,
            "eligible_oauth2_scopes": ["bot", "applications.commands"],
        }

    @property
    def api_url(self) -> str:
        if self._port is None:
            raise RuntimeError("FakeDiscordAPI is not started")
        return f"http://127.0.0.1:{self._port}/api/v10"

    async def __aenter__(self) -> Self:
        app = web.Application(client_max_size=REQUEST_BYTES)
        self._add_routes(app)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self._port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        return self

    def _add_routes(self, app: web.Application) -> None:
        """The routes served; a richer fake (discord_gateway.py) adds its own."""
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_get("/api/v10/oauth2/applications/@me", self._my_application)

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    async def stop(self) -> None:
        """Stop serving; a richer fake closes its own connections first."""
        if self._runner is not None:
            await self._runner.cleanup()

    def _authorized(self, request: web.Request) -> bool:
        authorization = request.headers.get("Authorization", "")
        self.requests.append(Request(request.path, authorization))
        return authorization == f"Bot {self.token}"

    async def _me(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return _unauthorized()
        return json_response(self.bot_user)

    async def _my_application(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return _unauthorized()
        return json_response(self.application)


def json_response(body: Any, status: int = 200) -> web.Response:
    """JSON as Discord sends it: `Content-Type: application/json` exactly, without a charset
    (discord.py parses a body as JSON only then, else hands it on as a string)."""
    return web.Response(body=json.dumps(body).encode(), status=status, content_type=JSON_TYPE)


def _unauthorized() -> web.Response:
    return json_response({"message": "401: Unauthorized", "code": 0}, status=401)


def required_fields(specs_dir: Path, schema: str) -> set[str]:
    """The fields Discord's OpenAPI description requires in `schema`."""
    spec = json.loads((specs_dir / SPEC_FILE).read_text(encoding="utf-8"))
    return set(spec["components"]["schemas"][schema].get("required", []))
