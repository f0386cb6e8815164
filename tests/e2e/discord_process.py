"""`quizbot run discord` as a real process against the loopback Discord, and what tests await
from it: messages posted in a channel, the private reply to one press."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adapters.discord_bot.doctor import TEST_API_ENV
from tests.e2e.bot_process import BotProcess, start_process
from tests.fakes.discord_gateway import Call, FakeDiscord, Pending
from tests.fakes.discord_payloads import message_text

TOKEN = "MTIzNDU2.process.discord-secret-token"
CREATE = "/channels/{channel_id}/messages"
EDIT = "/channels/{channel_id}/messages/{message_id}"
FOLLOWUP = "/webhooks/{application_id}/{token}"


async def start_discord(fake: FakeDiscord, database: Path, **settings: str) -> BotProcess:
    """The real `quizbot run discord`, pointed at `fake`; returns once it has identified.
    `settings`: more environment (QUIZBOT_QUIZZES…)."""
    identified = len(fake.identifies)
    env = {"DISCORD_TOKEN": fake.token, TEST_API_ENV: fake.api_url, "DISCORD_GUILD_ID": ""}
    env.update(settings)
    bot = await start_process("discord", database, env)
    await fake.connected(identified + 1, timeout=60)
    return bot


def to_channel(channel_id: int, route: str | None = None) -> Any:
    """Matches the requests to one channel (to one of its routes, if given)."""

    def matches(call: Call) -> bool:
        in_channel = call.params.get("channel_id") == str(channel_id)
        return in_channel and (route is None or call.route == route)

    return matches


async def posted(fake: FakeDiscord, channel_id: int, text: str, since: int = 0) -> dict[str, Any]:
    """The message the bot posted in the channel whose text holds `text`."""

    def matches(call: Call) -> bool:
        return (
            to_channel(channel_id, CREATE)(call)
            and call.status == 200
            and text in message_text(call.response)
        )

    call = await fake.wait_for(matches, timeout=30, since=since)
    return dict(call.response)


async def reply(fake: FakeDiscord, pending: Pending) -> str:
    """What the presser alone reads: the follow-up on the interaction's token."""

    def matches(call: Call) -> bool:
        return call.route == FOLLOWUP and call.params["token"] == pending.token

    call = await fake.wait_for(matches, timeout=30)
    return message_text(call.body)
