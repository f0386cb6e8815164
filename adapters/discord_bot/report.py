"""`/report` on Discord: a private (ephemeral) link to the server's report page.

Manage Server by default (`default_permissions`), checked again at run time with the same
`is_admin` as `/daily`, since a server may grant the command to anyone. `action: revoke`
voids every link given so far. The link signer comes from the settings (`BotContext.report_links`).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from adapters.discord_bot.commands import options, text
from adapters.discord_bot.context import context_of
from adapters.discord_bot.interactions import admin_or_told, chat_of, language_of, send_private
from adapters.web.links import revoke
from bot.domain.report_links import DEFAULT_DAYS
from bot.text.i18n import t


@app_commands.command(name=text("discord.name.report"), description=text("command.report"))
@options("action")
@app_commands.choices(
    action=[
        app_commands.Choice(name=text("report.action.link"), value="link"),
        app_commands.Choice(name=text("report.action.revoke"), value="revoke"),
    ]
)
@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
async def report_command(interaction: discord.Interaction[Any], action: str = "link") -> None:
    language, bot = language_of(interaction), context_of(interaction)
    if not await admin_or_told(interaction):
        return
    signer = bot.report_links
    if signer is None:
        await send_private(interaction, t(language, "report.not_set_up"))
        return
    command = f"/{t(language, 'discord.name.report')}"
    if action == "revoke":
        await revoke(bot.store, chat_of(interaction), bot.clock.now())
        await send_private(interaction, t(language, "report.revoked", command=command))
        return
    url = signer.url(chat_of(interaction), bot.clock.now(), DEFAULT_DAYS)
    revoke_text = f"{command} {t(language, 'discord.option.action')}:revoke"
    await send_private(
        interaction,
        t(language, "report.link", days=DEFAULT_DAYS, link=f"<{url}>", revoke=revoke_text),
    )


def register_report(tree: app_commands.CommandTree[Any]) -> None:
    tree.add_command(report_command)
