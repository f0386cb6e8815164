"""What the bot needs in a channel before it announces anything there.

Discord answers a post in a channel the bot may not use with 403 50013 Missing Permissions;
by then `/quiz` would have announced its round to everyone. So `/quiz`, `/practice` and
`/daily set` check first and tell the invoker, privately, which permissions are missing.
The list is Discord's own; the names shown come from the catalogs, as Discord's UI names them.
"""

from __future__ import annotations

from typing import Any

import discord

from adapters.discord_bot.interactions import language_of, send_private
from bot.domain.models import Language
from bot.text.i18n import t

REQUIRED = ("view_channel", "send_messages", "embed_links", "attach_files", "read_message_history")
"""discord.Permissions flags a round or a daily post needs (questions are embeds, and a
question's picture or formula card is an attached file)."""


def missing(permissions: discord.Permissions) -> list[str]:
    """The required flags `permissions` lacks, in REQUIRED's order."""
    return [name for name in REQUIRED if not getattr(permissions, name)]


def missing_text(names: list[str], channel_id: int, language: Language) -> str:
    """The private answer naming what is missing, in the invoker's language."""
    shown = ", ".join(t(language, f"permission.{name}") for name in names)
    return t(language, "permissions.missing", channel=f"<#{channel_id}>", names=shown)


def in_channel(
    interaction: discord.Interaction[Any], channel: discord.abc.GuildChannel | None
) -> tuple[int, discord.Permissions]:
    """The target channel's id and the bot's permissions there: `app_permissions` for the
    interaction's own channel, else computed from the server's roles and overwrites."""
    here = interaction.channel_id or 0
    if channel is None or channel.id == here:
        return here, interaction.app_permissions
    guild = interaction.guild
    if guild is None or guild.me is None:
        return channel.id, discord.Permissions.none()
    return channel.id, channel.permissions_for(guild.me)


async def refused(
    interaction: discord.Interaction[Any], channel: discord.abc.GuildChannel | None = None
) -> bool:
    """Whether the bot lacks a permission in the target channel; the invoker is then told,
    privately, and nothing is posted."""
    channel_id, permissions = in_channel(interaction, channel)
    lacking = missing(permissions)
    if not lacking:
        return False
    await send_private(interaction, missing_text(lacking, channel_id, language_of(interaction)))
    return True
