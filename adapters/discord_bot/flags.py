"""Flags on Discord: ⚑ under a closed question asks the clicker why (ephemeral), a reason
stores the flag and opens a modal for an optional sentence; `/flags` for admins lists the
server's flagged questions and hides, shows or clears one.

Clicks name a post; a post of another server is refused as an unknown question, so a forged
custom_id flags nothing elsewhere. The flag is stored before the modal is sent (the modal must
be the click's first response, within 3 s): a member who closes the modal keeps their flag.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from adapters.discord_bot import ui
from adapters.discord_bot.commands import options, text
from adapters.discord_bot.context import context_of
from adapters.discord_bot.interactions import (
    admin_or_told,
    chat_of,
    language_of,
    player_of,
    send_private,
    user_key,
)
from adapters.discord_bot.modals import modal_value
from bot.domain import payload
from bot.domain.flags import NOTE_LENGTH, FlagOutcome, Reason
from bot.domain.platform_limits import DISCORD_EMBED_DESCRIPTION
from bot.domain.views import QuestionView
from bot.play.flags import FlagDesk
from bot.text import flag_texts
from bot.text.i18n import t


async def _post_here(interaction: discord.Interaction[Any], post_id: int) -> QuestionView | None:
    """The post, if it is this server's; else the clicker is told it is unknown."""
    found = await context_of(interaction).service.view(post_id)
    if found is None or found.post.chat_id != chat_of(interaction):
        await send_private(interaction, t(language_of(interaction), "flag.unknown"))
        return None
    return found


async def ask_why(interaction: discord.Interaction[Any], post_id: int) -> None:
    """⚑: the reasons, as buttons in a message only the clicker sees."""
    found = await _post_here(interaction, post_id)
    if found is None:
        return
    card = flag_texts.ask(found, language_of(interaction), ui.STYLE)
    await interaction.response.send_message(
        card.text, view=ui.card_buttons(card), ephemeral=True, allowed_mentions=ui.NO_MENTIONS
    )


async def flag(interaction: discord.Interaction[Any], post_id: int, letter: str) -> None:
    """A reason: store the flag, then offer the sentence (a modal), or say why not."""
    language, reason = language_of(interaction), Reason(letter)
    if await _post_here(interaction, post_id) is None:
        return
    outcome = await FlagDesk(context_of(interaction).service).flag(
        post_id, player_of(interaction), reason
    )
    if outcome in (FlagOutcome.ADDED, FlagOutcome.CHANGED):
        modal = NoteModal(post_id, language)
        modal.stop()  # discord.py keeps no copy: the client reads the submission (note_sent)
        await interaction.response.send_modal(modal)
        return
    await send_private(interaction, flag_texts.flagged(outcome, reason, language))


SENTENCE_ID = "sentence"


class NoteModal(discord.ui.Modal):
    """The optional sentence that goes with a flag."""

    def __init__(self, post_id: int, language: str) -> None:
        super().__init__(
            title=t(language, "flag.note_title"),
            custom_id=payload.encode(payload.FlagNote(post_id)),
        )
        self.post_id = post_id
        self.sentence: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=t(language, "flag.note_label"),
            custom_id=SENTENCE_ID,
            style=discord.TextStyle.paragraph,
            required=False,
            max_length=NOTE_LENGTH,
        )
        self.add_item(self.sentence)


async def note_sent(interaction: discord.Interaction[Any]) -> bool:
    """A flag's sentence sent from its modal, added to the member's flag and thanked for;
    False when the submission is another modal's. Read from the interaction itself, so a modal
    opened before a restart still counts."""
    data: Any = interaction.data or {}
    try:
        note = payload.decode(str(data.get("custom_id", "")))
    except payload.PayloadError:
        return False
    if not isinstance(note, payload.FlagNote):
        return False
    sentence = modal_value(interaction, SENTENCE_ID)
    desk = FlagDesk(context_of(interaction).service)
    noted = await desk.note(note.post_id, user_key(interaction.user), sentence)
    await send_private(
        interaction, t(language_of(interaction), "flag.noted" if noted else "flag.thanks")
    )
    return True


@app_commands.command(name=text("discord.name.flags"), description=text("command.flags"))
@options("action", "question", about={"action": "flags_action"})
@app_commands.choices(
    action=[
        app_commands.Choice(name=text(f"flags.action.{action}"), value=action)
        for action in ("list", *flag_texts.ACTIONS)
    ]
)
@app_commands.guild_only()
async def flags_command(
    interaction: discord.Interaction[Any], action: str = "list", question: str | None = None
) -> None:
    """Admins (Manage Server) only; others are told so, politely and privately."""
    language = language_of(interaction)
    if not await admin_or_told(interaction):
        return
    desk, chat_id = FlagDesk(context_of(interaction).service), chat_of(interaction)
    if action == "list":
        listed = await desk.listing(chat_id)
        shown = flag_texts.listing(listed, language, ui.STYLE, DISCORD_EMBED_DESCRIPTION)
        await interaction.response.send_message(
            embed=ui.text_embed(shown), ephemeral=True, allowed_mentions=ui.NO_MENTIONS
        )
        return
    if not question:
        await send_private(interaction, flag_texts.usage(language))
        return
    done = await desk.act(chat_id, action, question, user_key(interaction.user))
    answer = flag_texts.done(action, done.value, question.strip().lower(), language)
    await send_private(interaction, ui.STYLE.escape(answer))


def register_flags(tree: app_commands.CommandTree[Any]) -> None:
    tree.add_command(flags_command)
