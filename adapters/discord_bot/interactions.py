"""Reading a Discord interaction into neutral facts, and answering it privately or politely.

Platform ids are namespaced before they reach the neutral layer: users `dc:<user id>`, chats
`dc:<guild id>` (leaderboards are per server), channels by id, messages `<channel>:<message>`.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

import discord
from discord import app_commands

from adapters.discord_bot import ui
from adapters.platform_ids import DISCORD
from bot.domain.entities import Player
from bot.domain.models import Language, pick_language
from bot.domain.platform_limits import DISCORD_MESSAGE
from bot.text.i18n import t

log = logging.getLogger("adapters.discord")


class DiscordClock:
    """discord.py's clock: real in production, virtual under simcord."""

    def now(self) -> datetime:
        return discord.utils.utcnow()


def chat_of(interaction: discord.Interaction[Any]) -> str:
    if interaction.guild_id is not None:
        return DISCORD.key(interaction.guild_id)
    return DISCORD.key(f"dm:{interaction.user.id}")


def language_of(interaction: discord.Interaction[Any]) -> Language:
    return pick_language(interaction.locale.value)


def player_of(interaction: discord.Interaction[Any]) -> Player:
    user = interaction.user
    return Player(user_key(user), user.display_name, language_of(interaction))


def user_key(user: discord.abc.User) -> str:
    return DISCORD.key(user.id)


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    return interaction.permissions.manage_guild


async def admin_or_told(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may run an admin command (Manage Server); if not, they are told so
    privately. Checked here too, since a server may grant the command itself to anyone."""
    if is_admin(interaction):
        return True
    await send_private(interaction, t(language_of(interaction), "error.admin_only"))
    return False


async def send_private(
    interaction: discord.Interaction[Any],
    text: str,
    attached: list[discord.File] | None = None,
) -> None:
    """An ephemeral reply, as the initial response or a follow-up, whichever is due; with
    `attached` files (a verdict's explanation picture, adapters/discord_bot/pictures.py)."""
    content: str | None = text if len(text) <= DISCORD_MESSAGE else None
    embeds = [] if content is not None else [ui.text_embed(text)]
    uploads = attached or discord.utils.MISSING
    if interaction.response.is_done():
        await interaction.followup.send(
            content or "",
            embeds=embeds,
            files=uploads,
            ephemeral=True,
            allowed_mentions=ui.NO_MENTIONS,
        )
    else:
        await interaction.response.send_message(
            content,
            embeds=embeds,
            files=uploads,
            ephemeral=True,
            allowed_mentions=ui.NO_MENTIONS,
        )


class QuizTree(app_commands.CommandTree[Any]):
    """Command errors go to the bot's reporter (an override, so test harnesses still see them)."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Log with the traceback (never the token) and tell the user politely."""
    name = interaction.command.qualified_name if interaction.command else interaction.type.name
    log.error("interaction %s in %s failed", name, chat_of(interaction), exc_info=error)
    try:
        await send_private(interaction, t(language_of(interaction), "error.generic"))
    except discord.HTTPException as failure:
        log.warning("could not tell the user about the error: %s", failure.status)
