"""Answering questions not answered by one letter, on Discord: what each pick does.

A modal is the click's first response, with no lookup before it (Discord allows a modal only
as the first response, within 3 s). Every other step is acknowledged before any storage work.
A whole response (the letters picked, the order, the line typed) is judged and stored by
`QuizService.respond`; its verdict is private. After an accepted answer to a practice or
review question, the next one is asked, as a letter press does.
"""

from __future__ import annotations

from typing import Any

import discord

from adapters.discord_bot import answer_forms, pickers, ui
from adapters.discord_bot.context import BotContext
from adapters.discord_bot.interactions import chat_of, language_of, player_of, send_private
from adapters.discord_bot.pictures import files
from bot.domain.judging import Response
from bot.domain.models import Language
from bot.domain.platform_limits import DISCORD_MESSAGE
from bot.domain.rules import Accepted, Refusal, Refused
from bot.domain.views import PressResult, QuestionView
from bot.text import render
from bot.text.i18n import t


class Responder:
    """The picks of one bot: opening a picker, its steps, and judging what it sends."""

    def __init__(self, bot: BotContext) -> None:
        self.bot = bot

    async def on_pick(self, interaction: discord.Interaction[Any], pick: pickers.Pick) -> None:
        match pick:
            case pickers.OpenTyped():
                await interaction.response.send_modal(
                    answer_forms.typed_modal(pick, language_of(interaction))
                )
            case pickers.Typed(post_id, line):
                await interaction.response.defer(ephemeral=True, thinking=True)
                await self._respond(interaction, post_id, Response(typed=line), in_place=False)
            case pickers.OpenPicks(post_id):
                await self._open(interaction, post_id, "multiple")
            case pickers.Picked(post_id, letters):
                await interaction.response.defer()
                await self._respond(interaction, post_id, Response(letters), in_place=True)
            case pickers.OrderStep():
                await self._step(interaction, pick)

    async def _step(self, interaction: discord.Interaction[Any], step: pickers.OrderStep) -> None:
        """An `order` question: open the sequence, add a letter to it (no lookup: the order
        so far is in the button), or send it once every letter is placed."""
        post_id, last, order = step.post_id, step.last, step.order
        if last is None:
            await self._open(interaction, post_id, "order")
        elif len(order) == last + 1:
            await interaction.response.defer()
            await self._respond(interaction, post_id, Response(order), in_place=True)
        else:
            language = language_of(interaction)
            await interaction.response.edit_message(
                content=answer_forms.order_progress(order, language),
                view=answer_forms.order_buttons(post_id, last, order, language),
            )

    async def _open(self, interaction: discord.Interaction[Any], post_id: int, kind: str) -> None:
        """A private picker for the clicker: the choices, and the select or the sequence."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        language = language_of(interaction)
        view = await self.bot.service.view(post_id)
        if view is None or view.post.chat_id != chat_of(interaction):
            await send_private(interaction, t(language, "verdict.invalid"))
            return
        if not view.post.is_open(self.bot.clock.now()):
            await send_private(interaction, t(language, "verdict.closed"))
            return
        lines = render.choice_lines(view.question, view.post, language, ui.STYLE)
        choices = ui.text_embed("\n".join(lines))
        if kind == "multiple":
            await interaction.followup.send(
                t(language, "discord.pick_intro"),
                embed=choices,
                view=answer_forms.pick_select(view, language),
                ephemeral=True,
                allowed_mentions=ui.NO_MENTIONS,
            )
            return
        last = len(view.post.order) - 1
        await interaction.followup.send(
            answer_forms.order_progress((), language),
            embed=choices,
            view=answer_forms.order_buttons(post_id, last, (), language),
            ephemeral=True,
            allowed_mentions=ui.NO_MENTIONS,
        )

    async def _respond(
        self,
        interaction: discord.Interaction[Any],
        post_id: int,
        response: Response,
        *,
        in_place: bool,
    ) -> None:
        """Judge and store, then the private verdict: in place of the picker (`in_place`), or
        as the deferred reply; then the next practice or review question."""
        player, chat_id = player_of(interaction), chat_of(interaction)
        language = language_of(interaction)
        result = await self.bot.runner.respond(
            chat_id=chat_id, player=player, post_id=post_id, response=response
        )
        reply = _reply(result, language)
        attached = files(language, await self.bot.pictures.of_verdict(result, language))
        if in_place:
            await _replace(interaction, reply, attached)
        else:
            await send_private(interaction, reply, attached)
        view = result.view
        if not isinstance(result.outcome, Accepted) or view is None:
            return
        if await self._private(view, player.user_id):
            self.bot.publisher.remember(chat_id, player.user_id, interaction)
            await self.bot.runner.next_solo(result)
            await self.bot.review.after_answer(result)

    async def _private(self, view: QuestionView, user_id: str) -> bool:
        """Whether the post is a practice question or the player's review question: the ones
        whose next question follows the answer."""
        post = view.post
        if post.round_id is not None:
            current = await self.bot.service.get_round(post.round_id)
            return current is not None and current.mode == "solo"
        session = await self.bot.store.review_session(user_id, post.chat_id)
        return session is not None and session.post_id == post.post_id


def _reply(result: PressResult, language: Language) -> str:
    """The verdict, or why nothing was counted (a typed `number` that is no number)."""
    outcome, view = result.outcome, result.view
    invalid = isinstance(outcome, Refused) and outcome.reason is Refusal.INVALID_CHOICE
    if invalid and view is not None and view.question.type == "number":
        return t(language, "discord.bad_number", example="0,5" if language == "fr" else "0.5")
    return render.press_reply(result, language, ui.styled_verdict)


async def _replace(
    interaction: discord.Interaction[Any], text: str, attached: list[discord.File]
) -> None:
    """The picker's ephemeral message becomes `text`, without its select or buttons, with the
    explanation's picture attached (the picker had no attachment to keep)."""
    uploads = attached or discord.utils.MISSING
    if len(text) <= DISCORD_MESSAGE:
        await interaction.edit_original_response(
            content=text, embeds=[], attachments=uploads, view=None
        )
        return
    await interaction.edit_original_response(
        content="", embed=ui.text_embed(text), attachments=uploads, view=None
    )
