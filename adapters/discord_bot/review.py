"""Discord spaced review: `/review` as an ephemeral session (like `/practice`), its reminders
by direct message; the "Review my misses" button under a round's summary (ui.ReviewButton)
starts one too.

Ephemeral messages exist only through an interaction: the player's latest one (the command,
the summary button, then each click) is remembered by the round publisher and its token
(valid 15 minutes) posts the next question. The click itself shows the verdict and the full
explanation (and the explanation's picture), so the publisher's verdict step has nothing
left to do. A question's picture is attached and shown in its embed, as in rounds.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from adapters.discord_bot import ui
from adapters.discord_bot.commands import options, text
from adapters.discord_bot.context import context_of
from adapters.discord_bot.daily import zone_choices
from adapters.discord_bot.interactions import (
    chat_of,
    language_of,
    player_of,
    send_private,
    user_key,
)
from adapters.discord_bot.pictures import files, shown_in, upload
from adapters.discord_bot.publisher import DiscordPublisher, message_ref
from adapters.platform_ids import DISCORD
from bot.domain.clock import Clock
from bot.domain.entities import Answer
from bot.domain.models import pick_language
from bot.domain.review_sessions import NothingDue, Reminder, ReviewSession, ReviewSummary
from bot.domain.views import QuestionView
from bot.play.review_reminders import ReminderRefusedError
from bot.text import review_steps, review_texts
from bot.text.i18n import t


class DiscordReviewPublisher:
    """Implements bot.play.review.ReviewPublisher with ephemeral follow-ups: `rounds` knows
    each player's latest interaction, whose token posts them; `clock` dates the summary."""

    def __init__(self, rounds: DiscordPublisher, clock: Clock) -> None:
        self.rounds = rounds
        self.clock = clock

    async def post_review_question(self, session: ReviewSession, view: QuestionView) -> str:
        language = pick_language(session.language)
        interaction = self.rounds.interaction_for(session.chat_id, session.user_id)
        content = review_steps.opening(session, language)
        picture = await self.rounds.pictures.of_question(view.question, language)
        sent = await interaction.followup.send(
            content or "",
            embed=shown_in(ui.question_embed(view, language), picture),
            files=upload(files(language, picture)),
            view=ui.question_buttons(view, language, reveal=False),
            ephemeral=True,
            wait=True,
            allowed_mentions=ui.NO_MENTIONS,
        )
        return message_ref(sent.channel.id, sent.id)

    async def show_review_verdict(
        self, session: ReviewSession, view: QuestionView, answer: Answer
    ) -> None:
        """The click already showed the verdict with the explanation."""

    async def post_review_summary(self, summary: ReviewSummary) -> None:
        session = summary.session
        language = pick_language(session.language)
        done = review_texts.summary(summary, self.clock.now(), language)
        interaction = self.rounds.interaction_for(session.chat_id, session.user_id)
        await interaction.followup.send(
            embed=ui.text_embed(done), ephemeral=True, allowed_mentions=ui.NO_MENTIONS
        )


class DiscordReminderSender:
    """Review reminders by direct message (deleted when the user closed their DMs)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def send_reminder(self, reminder: Reminder, text: str) -> None:
        try:
            user = await self.client.fetch_user(DISCORD.number(reminder.user_id))
            await user.send(text, allowed_mentions=ui.NO_MENTIONS)
        except (discord.Forbidden, discord.NotFound) as error:  # DMs closed, or no such user
            raise ReminderRefusedError(str(error)) from error


async def start_review(interaction: discord.Interaction[Any]) -> None:
    """A private session for whoever asked: acknowledged at once, questions as follow-ups."""
    bot, language = context_of(interaction), language_of(interaction)
    player = player_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    chat_id = chat_of(interaction)
    bot.publisher.remember(chat_id, player.user_id, interaction)
    started = await bot.review.start(
        chat_id=chat_id, channel_ref=str(interaction.channel_id), player=player
    )
    if isinstance(started, NothingDue):
        now = bot.clock.now()
        await send_private(interaction, review_texts.nothing_due(started, now, language))


@app_commands.command(name=text("discord.name.review"), description=text("command.review"))
@options("remind", "timezone", about={"timezone": "remind_timezone"})
@app_commands.autocomplete(timezone=zone_choices)
@app_commands.guild_only()
async def review_command(
    interaction: discord.Interaction[Any], remind: str | None = None, timezone: str | None = None
) -> None:
    """`/review`: a session; `/review remind:08:30 timezone:…` or `remind:off`: reminders."""
    if remind is None and timezone is None:
        await start_review(interaction)
        return
    bot, language = context_of(interaction), language_of(interaction)
    words = [word for word in (remind, timezone) if word]
    user_id, chat_id = user_key(interaction.user), chat_of(interaction)
    reply = await bot.reminders.command(words, user_id, chat_id, language)
    if reply == t(language, "review.remind_usage"):  # in Discord's own syntax
        reply = t(language, "review.remind_usage_discord")
    await send_private(interaction, reply)


def register_review(tree: app_commands.CommandTree[Any]) -> None:
    tree.add_command(review_command)
