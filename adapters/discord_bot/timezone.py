"""`/timezone [zone]` on Discord: anyone sees the server's time zone, Manage Server sets it."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from adapters.discord_bot import ui
from adapters.discord_bot.commands import options, text
from adapters.discord_bot.context import context_of
from adapters.discord_bot.daily import zone_choices
from adapters.discord_bot.interactions import admin_or_told, chat_of, language_of, send_private
from bot.text.i18n import t
from bot.text.markup import clean_name


@app_commands.command(name=text("discord.name.timezone"), description=text("command.timezone"))
@options("zone")
@app_commands.autocomplete(zone=zone_choices)
@app_commands.guild_only()
async def timezone_command(interaction: discord.Interaction[Any], zone: str | None = None) -> None:
    """Without a zone: the server's, privately. With one: set it (Manage Server), publicly."""
    zones, language = context_of(interaction).service.zones, language_of(interaction)
    chat_id = chat_of(interaction)
    if zone is None:
        found = await zones.of(chat_id)
        key = "timezone.current_daily" if found.source == "daily" else "timezone.current"
        shown = ui.STYLE.escape(found.name)
        await send_private(interaction, t(language, key, zone=shown))
        return
    if not await admin_or_told(interaction):
        return
    chosen = await zones.set(chat_id, zone)
    if chosen is None:
        example = t(language, "timezone.example.discord")
        said = t(language, "timezone.bad", value=clean_name(zone), example=example)
        await send_private(interaction, ui.STYLE.escape(said))
        return
    await interaction.response.send_message(
        t(language, "timezone.set", zone=ui.STYLE.escape(chosen.name)),
        allowed_mentions=ui.NO_MENTIONS,
    )


def register_timezone(tree: app_commands.CommandTree[Any]) -> None:
    tree.add_command(timezone_command)
