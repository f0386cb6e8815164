"""`/quiz quiz:weak` on Discord: a round of the server's weak spots (bot/play/weak_rounds.py),
and its place first among `/quiz`'s suggestions."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from adapters.discord_bot import ui
from adapters.discord_bot.context import context_of
from adapters.discord_bot.interactions import chat_of, language_of, player_of, send_private
from bot.domain.platform_limits import DISCORD_CHOICE_NAME
from bot.domain.rules import DEFAULT_SECONDS
from bot.domain.weak_spots import WEAK_NAME
from bot.play.weak_rounds import NothingSeenError, WeakSpots
from bot.storage.interface import RoundConflictError
from bot.text import weak_texts
from bot.text.i18n import t


def is_weak(name: str) -> bool:
    return name.strip().lower() == WEAK_NAME


def weak_choice(
    interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]]:
    """The weak-spot round as a suggestion, while what is typed may still lead to it."""
    name = weak_texts.choice_name(language_of(interaction))
    wanted = typed.strip().lower()
    if wanted not in WEAK_NAME and wanted not in name.lower():
        return []
    return [app_commands.Choice(name=name[:DISCORD_CHOICE_NAME], value=WEAK_NAME)]


async def start_weak(
    interaction: discord.Interaction[Any], questions: int | None, timer: int | None
) -> None:
    """Choose the questions, announce the round (within the 3 s), then post its first one;
    or say privately why not (nothing answered here yet, a round already running)."""
    bot, language = context_of(interaction), language_of(interaction)
    chat_id, channel_ref = chat_of(interaction), str(interaction.channel_id)
    player, seconds = player_of(interaction), timer or DEFAULT_SECONDS
    if await bot.service.running_round(chat_id, channel_ref, "group") is not None:
        await send_private(interaction, t(language, "round.conflict"))
        return
    weak = WeakSpots(bot.service)
    try:
        new = await weak.new_round(
            chat_id=chat_id, channel_ref=channel_ref, player=player, mode="group",
            questions=questions, seconds=seconds,
        )  # fmt: skip
    except NothingSeenError:
        first = next(iter(sorted(bot.service.quizzes)), "")
        await send_private(interaction, weak_texts.nothing_seen("discord", first, language))
        return
    started = weak_texts.started(len(new.question_ids), seconds, language)
    await interaction.response.send_message(
        embed=ui.text_embed(ui.STYLE.escape(started)), allowed_mentions=ui.NO_MENTIONS
    )
    try:
        await bot.runner.start_chosen(new, player)
    except RoundConflictError:  # another /quiz won the race since the check above
        await send_private(interaction, t(language, "round.conflict"))
