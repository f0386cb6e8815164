"""Daily questions on Discord: `/daily set|off|status` and the publisher of daily posts.

The command group needs Manage Server by default (`default_permissions`), and `set`/`off`
check it again at run time, since a server may grant the command to anyone. Daily posts are
channel messages with the ordinary letter buttons (`AnswerButton`), so clicks, ephemeral
verdicts and restarts work exactly as in rounds, pictures too (publisher.closed_edit).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from adapters.discord_bot import gone, permissions, ui
from adapters.discord_bot.commands import options, text
from adapters.discord_bot.context import context_of
from adapters.discord_bot.interactions import (
    admin_or_told,
    chat_of,
    language_of,
    player_of,
    send_private,
)
from adapters.discord_bot.pictures import files, shown_in, upload
from adapters.discord_bot.publisher import closed_edit, message_ref, parse_ref
from bot.domain import daily
from bot.domain.daily import DailyPost
from bot.domain.models import pick_language
from bot.domain.platform_limits import DISCORD_CHOICE_NAME, DISCORD_CHOICES
from bot.domain.uploads import shown_id
from bot.domain.views import ClosedView, QuestionView
from bot.domain.weak_spots import WEAK_NAME
from bot.pictures.message_pictures import MessagePictures
from bot.play.service import UnknownQuizError
from bot.text import daily_texts, quiz_texts, upload_texts, weak_texts
from bot.text.i18n import t


class DiscordDailyPublisher:
    """Implements bot.play.daily_runner.DailyPublisher with channel messages."""

    def __init__(self, client: discord.Client, pictures: MessagePictures) -> None:
        self.client = client
        self.pictures = pictures

    async def post_daily(
        self, daily_post: DailyPost, view: QuestionView, previous: ClosedView | None
    ) -> str:
        language = pick_language(daily_post.language)
        card = daily_texts.daily_post_card(daily_post, view, previous, ui.STYLE)
        picture = await self.pictures.of_question(view.question, language)
        channel = self.client.get_partial_messageable(int(daily_post.channel_ref))
        with gone.translated():  # a deleted channel (10003/50001) pauses its schedule
            message = await channel.send(
                embed=shown_in(ui.text_embed(card.text), picture),
                files=upload(files(language, picture)),
                view=ui.question_buttons(view, language, reveal=False),
                allowed_mentions=ui.NO_MENTIONS,
            )
        return message_ref(message.channel.id, message.id)

    async def show_daily_results(self, daily_post: DailyPost, closed: ClosedView) -> None:
        view = closed.view
        if view.post.message_ref is None:
            return
        language = pick_language(daily_post.language)
        card = daily_texts.daily_closed_card(closed, language, ui.STYLE)
        channel_id, message_id = parse_ref(view.post.message_ref)
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        embed = discord.Embed(description=card.text, colour=ui.CLOSED_COLOUR)
        await closed_edit(self.pictures, message, closed, language, embed)


async def zone_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """IANA zones containing what was typed, those starting with it first; at most 25."""
    typed = current.strip().lower().replace(" ", "_")
    matches = [zone for zone in daily.known_zones() if typed in zone.lower()]
    matches.sort(key=lambda zone: (not zone.lower().startswith(typed), zone))
    return [app_commands.Choice(name=zone, value=zone) for zone in matches[:DISCORD_CHOICES]]


async def quizzes_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Quiz ids, completing the last of a comma-separated list; `weak`, the server's weak
    spots, among them (bot/play/daily_pool.py)."""
    done, _, typed = current.rpartition(",")
    prefix = f"{done}," if done else ""
    language, service = language_of(interaction), context_of(interaction).service
    found = await service.matching_in(chat_of(interaction), typed, language)
    named = [(shown_id(quiz.id), quiz.title.get(language)) for quiz in found]
    if typed.strip().lower() in WEAK_NAME:
        named.append((WEAK_NAME, weak_texts.title(language)))
    return [
        app_commands.Choice(
            name=f"{prefix}{name} · {title}"[:DISCORD_CHOICE_NAME],
            value=f"{prefix}{name}"[:DISCORD_CHOICE_NAME],
        )
        for name, title in named
    ][:DISCORD_CHOICES]


daily_group = app_commands.Group(
    name=text("discord.name.daily"),
    description=text("command.daily"),
    guild_only=True,
    default_permissions=discord.Permissions(manage_guild=True),
)


@daily_group.command(name=text("discord.name.daily_set"), description=text("command.daily_set"))
@options("time", "timezone", "quiz", "channel", "days", about={"quiz": "daily_quiz"})
@app_commands.autocomplete(timezone=zone_choices, quiz=quizzes_choices)
async def daily_set(
    interaction: discord.Interaction[Any],
    time: str,
    timezone: str,
    quiz: str,
    channel: discord.TextChannel | None = None,
    days: str | None = None,
) -> None:
    language = language_of(interaction)
    if not await admin_or_told(interaction):
        return
    if await permissions.refused(interaction, channel):
        return
    rule = daily.read_rule(time, timezone, days)
    if isinstance(rule, daily.RuleProblem):
        example = t(language, "daily.example.discord")
        problem = daily_texts.rule_problem(rule, language, example)
        await send_private(interaction, ui.STYLE.escape(problem))
        return
    bot = context_of(interaction)
    try:
        schedule = await bot.daily.set(
            chat_id=chat_of(interaction),
            channel_ref=str(channel.id if channel else interaction.channel_id),
            rule=rule,
            quiz_names=[name for name in quiz.split(",") if name.strip()],
            player=player_of(interaction),
        )
    except UnknownQuizError as error:
        await send_private(interaction, quiz_texts.unknown_quiz(error.name, error.known, language))
        return
    quizzes = await bot.service.quizzes_of(schedule.quiz_ids)
    summary = daily_texts.schedule_summary(schedule, quizzes, language, ui.STYLE)
    await interaction.response.send_message(
        embed=ui.text_embed(f"{summary}\n<#{schedule.channel_ref}>"),
        allowed_mentions=ui.NO_MENTIONS,
    )


@daily_group.command(name=text("discord.name.daily_off"), description=text("command.daily_off"))
@options("channel", about={"channel": "off_channel"})
async def daily_off(
    interaction: discord.Interaction[Any], channel: discord.TextChannel | None = None
) -> None:
    """Stop the daily question of this channel, or of the one named."""
    language = language_of(interaction)
    if not await admin_or_told(interaction):
        return
    here = channel is None or channel.id == interaction.channel_id
    target = interaction.channel_id if channel is None else channel.id
    await context_of(interaction).daily.off(chat_of(interaction), str(target))
    said = (
        t(language, "daily.off") if here else t(language, "daily.off_in", channel=f"<#{target}>")
    )
    await interaction.response.send_message(said, allowed_mentions=ui.NO_MENTIONS)


@daily_group.command(
    name=text("discord.name.daily_status"), description=text("command.daily_status")
)
async def daily_status(interaction: discord.Interaction[Any]) -> None:
    """Every schedule of this server, one line a channel."""
    bot, language = context_of(interaction), language_of(interaction)
    schedules = await bot.daily.schedules(chat_of(interaction))
    if not schedules:
        example = t(language, "daily.example.discord")
        await send_private(
            interaction, ui.STYLE.escape(t(language, "daily.none", example=example))
        )
        return
    lines = []
    for schedule in schedules:
        quizzes = await bot.service.quizzes_of(schedule.quiz_ids)
        summary = daily_texts.schedule_summary(schedule, quizzes, language, ui.STYLE)
        lines.append(f"<#{schedule.channel_ref}> {summary}")
        removed = upload_texts.removed_quizzes_line(schedule.quiz_ids, quizzes, language)
        if removed is not None:
            lines.append(ui.STYLE.escape(removed))
        reason = await bot.daily.paused_reason(schedule.chat_id, schedule.channel_ref)
        if reason is not None:
            lines.append(ui.STYLE.escape(daily_texts.paused_line(reason, language)))
    await send_private(interaction, "\n".join(lines))


def register_daily(tree: app_commands.CommandTree[Any]) -> None:
    tree.add_command(daily_group)
