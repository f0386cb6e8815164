"""The JSON objects Discord sends a bot, for the loopback gateway (discord_gateway.py).

Shapes as Discord documents them (guild, channel, role, member, message, interaction) with
the fields discord.py reads; ids are real snowflakes (milliseconds since Discord's epoch in
the top bits), so guilds fall on shards as they would on Discord.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

JSONDict = dict[str, Any]
DISCORD_EPOCH_MS = 1420070400000
TEXT_CHANNEL, PUBLIC_THREAD = 0, 11
PERMISSION_BITS = {
    "administrator": 1 << 3,
    "manage_guild": 1 << 5,
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "manage_messages": 1 << 13,
    "embed_links": 1 << 14,
    "attach_files": 1 << 15,
    "read_message_history": 1 << 16,
    "use_application_commands": 1 << 31,
}
MEMBER_PERMISSIONS = sum(
    PERMISSION_BITS[name]
    for name in (
        "view_channel",
        "send_messages",
        "read_message_history",
        "use_application_commands",
    )
)
"""What @everyone may do in a new server's text channel."""
BOT_PERMISSIONS = (
    MEMBER_PERMISSIONS | PERMISSION_BITS["embed_links"] | PERMISSION_BITS["attach_files"]
)
"""What the invite link asks for (adapters/discord_bot/doctor.py)."""
_counter = itertools.count()


def snowflake() -> int:
    """A new id: timestamp, then a counter (worker and process bits left at 0)."""
    milliseconds = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (milliseconds << 22) | (next(_counter) % 4096)


def timestamp() -> str:
    return datetime.now(UTC).isoformat()


def user(user_id: int, name: str, *, bot: bool = False) -> JSONDict:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name.title(),
        "discriminator": "0",
        "avatar": None,
        "public_flags": 0,
        "flags": 0,
        "primary_guild": None,
        "bot": bot,
    }


@dataclass
class Member:
    """A server member; `permissions` are their computed permissions in every channel."""

    user: JSONDict
    locale: str = "en-US"
    permissions: int = MEMBER_PERMISSIONS

    @property
    def id(self) -> int:
        return int(self.user["id"])

    def payload(self) -> JSONDict:
        return {
            "user": self.user,
            "nick": None,
            "avatar": None,
            "banner": None,
            "roles": [],
            "joined_at": "2026-01-05T10:00:00+00:00",
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }


@dataclass
class Guild:
    """A server with text channels, their threads and members; `locale` is its preferred
    locale."""

    id: int
    name: str
    locale: str = "en-US"
    channels: dict[int, str] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    threads: dict[int, tuple[int, str]] = field(default_factory=dict)
    """Active public threads: id → (parent channel id, name)."""

    def channel_payload(self, channel_id: int) -> JSONDict:
        if channel_id in self.threads:
            return self.thread_payload(channel_id)
        return {
            "id": str(channel_id),
            "type": TEXT_CHANNEL,
            "guild_id": str(self.id),
            "name": self.channels[channel_id],
            "position": list(self.channels).index(channel_id),
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def thread_payload(self, thread_id: int) -> JSONDict:
        """A public thread, as GUILD_CREATE lists it and an interaction in it carries it."""
        parent_id, name = self.threads[thread_id]
        metadata = {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": "2026-01-05T10:00:00+00:00",
            "locked": False,
        }
        return {
            "id": str(thread_id),
            "type": PUBLIC_THREAD,
            "guild_id": str(self.id),
            "parent_id": str(parent_id),
            "owner_id": str(next(iter(self.members), 0)),
            "name": name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "total_message_sent": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": metadata,
        }

    def payload(self, bot_member: Member) -> JSONDict:
        """GUILD_CREATE's data, as a bot with only the GUILDS intent receives it."""
        everyone = {
            "id": str(self.id),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": 0,
            "permissions": str(MEMBER_PERMISSIONS),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "owner_id": str(next(iter(self.members), bot_member.id)),
            "preferred_locale": self.locale,
            "features": [],
            "roles": [everyone],
            "emojis": [],
            "stickers": [],
            "channels": [self.channel_payload(c) for c in self.channels],
            "threads": [self.thread_payload(t) for t in self.threads],
            "members": [bot_member.payload()],
            "member_count": len(self.members) + 1,
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "joined_at": "2026-01-05T10:00:00+00:00",
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "premium_tier": 0,
            "nsfw_level": 0,
            "system_channel_id": None,
        }


def message(channel_id: int, author: JSONDict, body: JSONDict, flags: int = 0) -> JSONDict:
    """A message as Discord stores and returns it, from a create request's body."""
    return {
        "id": str(snowflake()),
        "channel_id": str(channel_id),
        "author": author,
        "content": body.get("content") or "",
        "timestamp": timestamp(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": body.get("embeds") or [],
        "components": body.get("components") or [],
        "pinned": False,
        "type": 0,
        "flags": flags | (body.get("flags") or 0),
    }


def edited(stored: JSONDict, body: JSONDict) -> JSONDict:
    """The message after a PATCH: only the fields the request names change."""
    changed = {key: body[key] for key in ("content", "embeds", "components") if key in body}
    return {**stored, **changed, "edited_timestamp": timestamp()}


def message_text(stored: JSONDict) -> str:
    """Content and embed descriptions together, for tests to search."""
    parts = [stored.get("content") or ""]
    parts += [embed.get("description") or "" for embed in stored.get("embeds") or []]
    return "\n".join(part for part in parts if part)


def custom_ids(stored: JSONDict) -> list[str]:
    """Every button's custom_id in a message, row by row."""
    return [
        button["custom_id"]
        for row in stored.get("components") or []
        for button in row.get("components") or []
        if "custom_id" in button
    ]


def interaction(
    kind: int,
    *,
    application_id: int,
    guild: Guild,
    channel_id: int,
    member: Member,
    data: JSONDict,
    token: str,
) -> JSONDict:
    """INTERACTION_CREATE's data for a member in a server's text channel."""
    member_payload = {**member.payload(), "permissions": str(member.permissions)}
    return {
        "id": str(snowflake()),
        "application_id": str(application_id),
        "type": kind,
        "token": token,
        "version": 1,
        "data": data,
        "guild_id": str(guild.id),
        "channel_id": str(channel_id),
        "channel": guild.channel_payload(channel_id),
        "member": member_payload,
        "locale": member.locale,
        "guild_locale": guild.locale,
        "app_permissions": str(BOT_PERMISSIONS),
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild.id)},
        "context": 0,
        "attachment_size_limit": 26214400,
    }


def command_options(command: JSONDict, values: JSONDict, sub: str = "") -> list[JSONDict]:
    """A slash command's typed options, as the client sends them: only declared names, each
    with the type the synced command gave it (a typo is the test's error, not the bot's); for
    a subcommand `sub`, its options inside it (type 1), as Discord nests them."""
    if sub:
        found = [o for o in command.get("options") or [] if o["name"] == sub and o["type"] == 1]
        if not found:
            raise ValueError(f"/{command['name']} has no subcommand {sub!r}")
        return [{"name": sub, "type": 1, "options": command_options(found[0], values)}]
    declared = {option["name"]: option["type"] for option in command.get("options") or []}
    unknown = set(values) - set(declared)
    if unknown:
        raise ValueError(f"/{command['name']} has no option {sorted(unknown)}")
    return [
        {"name": name, "type": declared[name], "value": value} for name, value in values.items()
    ]


def button(stored: JSONDict, label: str) -> str:
    """The custom_id of the button labelled `label`."""
    for row in stored.get("components") or []:
        for component in row.get("components") or []:
            if component.get("label") == label:
                return str(component["custom_id"])
    raise LookupError(f"no button {label!r} on message {stored['id']}")
