"""`/import file:` and `/removequiz id:` on Discord: a server's own quizzes (issue 19).

Both need Manage Server by default (`default_permissions`) and check it again at run time, since
a server may grant the commands to anyone; a member refused is told so before anything is
downloaded. The attachment's declared `size` goes to the bot side, which refuses an oversized
file, a full server or a busy hour before it calls `attachment.read()`; reading and importing
can outlast Discord's 3 seconds, so the answer is deferred first. The quiz belongs to the
server (`chat_of`), as leaderboards and schedules do.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from adapters.discord_bot.commands import text
from adapters.discord_bot.context import context_of
from adapters.discord_bot.interactions import (
    admin_or_told,
    chat_of,
    language_of,
    player_of,
    send_private,
)
from adapters.discord_bot.ui import NO_MENTIONS, STYLE
from bot.domain.platform_limits import DISCORD_CHOICE_NAME, DISCORD_CHOICES
from bot.domain.uploads import Removed, shown_id
from bot.text import upload_texts
from bot.text.i18n import t

log = logging.getLogger(__name__)


@app_commands.command(name=text("discord.name.import"), description=text("discord.about.import"))
@app_commands.rename(file=text("discord.option.file"))
@app_commands.describe(file=text("discord.option.file.about"))
@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
async def import_command(interaction: discord.Interaction[Any], file: discord.Attachment) -> None:
    """Admins only; the answer, private, names the quiz or the file's first problems."""
    language = language_of(interaction)
    if not await admin_or_told(interaction):
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    chat_id, user_id = chat_of(interaction), player_of(interaction).user_id
    chat_quizzes = context_of(interaction).service.chat_quizzes
    try:
        outcome = await chat_quizzes.upload(chat_id, user_id, file.filename, file.size, file.read)
    except discord.HTTPException as error:  # the CDN lost the file, or refused it
        log.warning("could not download an attachment: HTTP %s", error.status)
        await send_private(interaction, t(language, "discord.import.unreadable"))
        return
    reply = upload_texts.upload_reply(outcome, language, "discord")
    await send_private(interaction, STYLE.escape(reply))


async def own_quiz_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The server's own quizzes matching what was typed (id or title); at most 25."""
    language, typed = language_of(interaction), current.strip().casefold()
    found = await context_of(interaction).service.chat_quizzes.of_chat(chat_of(interaction))
    own = [(shown_id(quiz.id), quiz.title.get(language)) for quiz in found]
    return [
        app_commands.Choice(name=f"{title} ({quiz_id})"[:DISCORD_CHOICE_NAME], value=quiz_id)
        for quiz_id, title in own
        if typed in quiz_id.casefold() or typed in title.casefold()
    ][:DISCORD_CHOICES]


@app_commands.command(
    name=text("discord.name.removequiz"), description=text("discord.about.removequiz")
)
@app_commands.rename(quiz_id=text("discord.option.quiz_id"))
@app_commands.describe(quiz_id=text("discord.option.quiz_id.about"))
@app_commands.autocomplete(quiz_id=own_quiz_choices)
@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
async def removequiz_command(interaction: discord.Interaction[Any], quiz_id: str) -> None:
    """Admins only; a removal is said in the channel, a refusal privately."""
    language = language_of(interaction)
    if not await admin_or_told(interaction):
        return
    chat_id, service = chat_of(interaction), context_of(interaction).service
    outcome = await service.chat_quizzes.remove(chat_id, quiz_id)
    if isinstance(outcome, Removed):
        reply = upload_texts.remove_reply(outcome, language)
        await interaction.response.send_message(STYLE.escape(reply), allowed_mentions=NO_MENTIONS)
        return
    own = [shown_id(quiz.id) for quiz in await service.chat_quizzes.of_chat(chat_id)]
    await send_private(
        interaction, STYLE.escape(upload_texts.remove_reply(outcome, language, own))
    )


def register_uploads(tree: app_commands.CommandTree[Any]) -> None:
    tree.add_command(import_command)
    tree.add_command(removequiz_command)
