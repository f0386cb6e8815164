"""The round runner's `Publisher` on Discord: channel messages for groups, ephemerals for solo.

Group questions are plain channel messages (not interaction responses) so they can be edited
at any time, also after a restart, when no interaction token is left. Solo rounds live in
ephemeral messages, which only exist through an interaction: the latest click of the player
is remembered and its token (valid 15 minutes) posts the next question.

A question's picture (adapters/discord_bot/pictures.py) is attached to its message and shown
in its embed; count edits keep it; the closed card adds the explanation's picture.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from adapters.discord_bot import ui
from adapters.discord_bot.gone import translated
from adapters.discord_bot.pictures import closed_embeds, files, shown_in, upload
from bot.domain.entities import Round
from bot.domain.models import Language, pick_language
from bot.domain.platform_limits import DISCORD_EMBED_DESCRIPTION
from bot.domain.views import ClosedView, QuestionView, RoundSummary
from bot.pictures.message_pictures import MessagePictures
from bot.play.review import someone_missed
from bot.text import boards

log = logging.getLogger(__name__)


def message_ref(channel_id: int, message_id: int) -> str:
    return f"{channel_id}:{message_id}"


def parse_ref(ref: str) -> tuple[int, int]:
    channel_id, message_id = ref.split(":", 1)
    return int(channel_id), int(message_id)


def round_language(round_: Round) -> Language:
    return pick_language(round_.language)


class DiscordPublisher:
    def __init__(self, client: discord.Client, pictures: MessagePictures) -> None:
        self.client = client
        self.pictures = pictures
        self._solo: dict[tuple[str, str], discord.Interaction[Any]] = {}

    def remember(self, chat_id: str, user_id: str, interaction: discord.Interaction[Any]) -> None:
        """The interaction whose token will post this player's next practice question."""
        self._solo[(chat_id, user_id)] = interaction

    def interaction_for(self, chat_id: str, user_id: str) -> discord.Interaction[Any]:
        """The player's latest remembered interaction (review sessions post through it)."""
        return self._solo[(chat_id, user_id)]

    def _solo_interaction(self, round_: Round) -> discord.Interaction[Any]:
        return self._solo[(round_.chat_id, round_.started_by)]

    def _message(self, ref: str) -> discord.PartialMessage:
        channel_id, message_id = parse_ref(ref)
        channel = self.client.get_partial_messageable(channel_id)
        return channel.get_partial_message(message_id)

    async def post_question(self, round_: Round, view: QuestionView) -> str:
        language = round_language(round_)
        picture = await self.pictures.of_question(view.question, language)
        embed = shown_in(ui.question_embed(view, language), picture)
        attached = upload(files(language, picture))
        if round_.mode == "solo":
            interaction = self._solo_interaction(round_)
            buttons = ui.question_buttons(view, language, reveal=False)
            sent = await interaction.followup.send(
                embed=embed,
                files=attached,
                view=buttons,
                ephemeral=True,
                wait=True,
                allowed_mentions=ui.NO_MENTIONS,
            )
            return message_ref(sent.channel.id, sent.id)
        channel = self.client.get_partial_messageable(int(round_.channel_ref))
        buttons = ui.question_buttons(view, language, reveal=view.post.deadline is not None)
        with translated():
            message = await channel.send(
                embed=embed, files=attached, view=buttons, allowed_mentions=ui.NO_MENTIONS
            )
        return message_ref(message.channel.id, message.id)

    async def update_question(self, round_: Round, view: QuestionView, answered: int) -> None:
        """The count of answers; the attachment stays (no `attachments` key: Discord keeps
        them all), so the embed still shows it."""
        if round_.mode == "solo" or view.post.message_ref is None:
            return
        language = round_language(round_)
        picture = await self.pictures.of_question(view.question, language)
        with translated(editing=True):
            await self._message(view.post.message_ref).edit(
                embed=shown_in(ui.question_embed(view, language, answered), picture),
                view=ui.question_buttons(view, language, reveal=view.post.deadline is not None),
                allowed_mentions=ui.NO_MENTIONS,
            )

    async def show_results(self, round_: Round, closed: ClosedView) -> None:
        """Group: the message becomes the results. Solo: the click already showed them."""
        ref = closed.view.post.message_ref
        if round_.mode == "solo" or ref is None:
            return
        language = round_language(round_)
        with translated(editing=True):
            await closed_edit(self.pictures, self._message(ref), closed, language)

    async def post_results(self, round_: Round, closed: ClosedView) -> None:
        """The question's message is gone: its results go out as a new one."""
        if round_.mode == "solo":
            return
        language = round_language(round_)
        question = closed.view.question
        picture = await self.pictures.of_question(question, language)
        explanation = await self.pictures.of_explanation(question, language)
        channel = self.client.get_partial_messageable(int(round_.channel_ref))
        with translated():
            await channel.send(
                embeds=closed_embeds(ui.closed_embed(closed, language), picture, explanation),
                files=upload(files(language, picture, explanation)),
                view=ui.closed_buttons(closed.view, language=language),
                allowed_mentions=ui.NO_MENTIONS,
            )

    async def post_summary(self, round_: Round, summary: RoundSummary) -> None:
        text = boards.summary_of(summary, ui.STYLE, DISCORD_EMBED_DESCRIPTION)
        if round_.mode == "solo":
            interaction = self._solo.pop((round_.chat_id, round_.started_by), None)
            if interaction is not None:
                await interaction.followup.send(
                    embed=ui.text_embed(text), ephemeral=True, allowed_mentions=ui.NO_MENTIONS
                )
            return
        channel = self.client.get_partial_messageable(int(round_.channel_ref))
        with translated():
            if someone_missed(summary):  # "Review my misses"
                await channel.send(
                    embed=ui.text_embed(text),
                    view=ui.review_buttons(round_language(round_)),
                    allowed_mentions=ui.NO_MENTIONS,
                )
                return
            await channel.send(embed=ui.text_embed(text), allowed_mentions=ui.NO_MENTIONS)


async def closed_edit(
    pictures: MessagePictures,
    message: discord.PartialMessage,
    closed: ClosedView,
    language: Language,
    card: discord.Embed | None = None,
) -> None:
    """A question's message becomes its results (`card`, else the round's closed card): the
    question's picture stays; an explanation's picture is a second embed, and then both are
    attached again (a list of attachments replaces the message's)."""
    question = closed.view.question
    picture = await pictures.of_question(question, language)
    explanation = await pictures.of_explanation(question, language)
    embeds = closed_embeds(card or ui.closed_embed(closed, language), picture, explanation)
    buttons = ui.closed_buttons(closed.view, language=language)
    if len(embeds) == 1:  # nothing new to attach: what the message has stays
        await message.edit(embeds=embeds, view=buttons, allowed_mentions=ui.NO_MENTIONS)
        return
    await message.edit(
        embeds=embeds,
        attachments=files(language, picture, explanation),
        view=buttons,
        allowed_mentions=ui.NO_MENTIONS,
    )
