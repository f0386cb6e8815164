"""`quizbot doctor` on Discord: the token, the application, and the invite link to use.

Two plain GETs over aiohttp (the HTTP library under discord.py): /users/@me and
/oauth2/applications/@me. Not discord.py's HTTPClient, whose base URL is a class constant
that a test could only move by patching the library. QUIZBOT_TEST_DISCORD_API_URL points
these two calls at the tests' loopback fake; it is for tests only and the bot ignores it.
"""

from __future__ import annotations

from typing import Any

import aiohttp
import discord

from bot.health.findings import Finding, fail, note, ok

DISCORD_API = "https://discord.com/api/v10"
TEST_API_ENV = "QUIZBOT_TEST_DISCORD_API_URL"
INVITE_SCOPES = ("bot", "applications.commands")
"""The bot user (to post and edit) and its slash commands; nothing else is asked for."""
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)
"""See the channel, post the questions, as embeds with their pictures attached, and find them
again to edit them."""
PERMISSION_NAMES = "View Channel, Send Messages, Embed Links, Attach Files, Read Message History"


class _RejectedError(Exception):
    """401: the token is not a valid bot token."""


class _FailedError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def invite_link(application_id: int | str) -> str:
    """The OAuth2 link that adds the bot with exactly the scopes and permissions it needs."""
    return discord.utils.oauth_url(
        application_id, permissions=INVITE_PERMISSIONS, scopes=INVITE_SCOPES
    )


async def discord_findings(token: str, api_url: str | None = None) -> list[Finding]:
    base = (api_url or DISCORD_API).rstrip("/")
    headers = {
        "Authorization": f"Bot {token}",
        "User-Agent": f"DiscordBot (https://github.com/Rapptz/discord.py, {discord.__version__})",
    }
    timeout = aiohttp.ClientTimeout(total=20)
    try:
        async with aiohttp.ClientSession(headers=headers, timeout=timeout) as session:
            user = await _get(session, f"{base}/users/@me")
            application = await _get(session, f"{base}/oauth2/applications/@me")
    except _RejectedError:
        return [fail("doctor.dc_token_rejected")]
    except _FailedError as error:
        return [fail("doctor.dc_failed", status=error.status, error=error)]
    except (aiohttp.ClientError, TimeoutError) as error:
        return [fail("doctor.dc_unreachable", error=str(error) or type(error).__name__)]
    return _application_findings(user, application)


async def _get(session: aiohttp.ClientSession, url: str) -> dict[str, Any]:
    async with session.get(url) as response:
        if response.status == 401:
            raise _RejectedError
        body = await response.json(content_type=None)
        if response.status != 200 or not isinstance(body, dict):
            message = body.get("message", "") if isinstance(body, dict) else str(body)
            raise _FailedError(response.status, str(message)[:200])
        return body


def _application_findings(user: dict[str, Any], application: dict[str, Any]) -> list[Finding]:
    found = [
        ok("doctor.dc_token_ok", name=user.get("username", "?"), id=user.get("id", "?")),
        ok("doctor.dc_application", name=application.get("name", "?"), id=application["id"]),
    ]
    if application.get("bot_require_code_grant"):
        found.append(fail("doctor.dc_code_grant"))
    if application.get("bot_public") is False:
        found.append(note("doctor.dc_private"))
    link = invite_link(application["id"])
    scopes = ", ".join(INVITE_SCOPES)
    found.append(ok("doctor.dc_invite", scopes=scopes, permissions=PERMISSION_NAMES, link=link))
    return found
