"""Every click is answered: a button this version did not make gets a short private reply.

discord.py dispatches a component interaction to the `DynamicItem` whose template matches
its custom_id (`ViewStore.dispatch_dynamic_items`) and silently drops it when none does, so
the user would see "This interaction failed". The bot's buttons are all `DynamicItem`s, so
a custom_id none of their templates matches (an older version's, or a malformed one) is one
nobody will answer: we answer it here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

from adapters.discord_bot.interactions import language_of, send_private
from bot.text.i18n import t

log = logging.getLogger("adapters.discord")
DynamicItems = Sequence[type[discord.ui.DynamicItem[Any]]]


def is_known(custom_id: str, items: DynamicItems) -> bool:
    """Whether one of the registered buttons will handle this custom_id."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items)


async def answer_if_unknown(interaction: discord.Interaction[Any], items: DynamicItems) -> None:
    """Reply "this button no longer works" to a click on a button (or a modal sent) that
    no item handles."""
    answerable = (discord.InteractionType.component, discord.InteractionType.modal_submit)
    if interaction.type not in answerable:
        return
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    if is_known(custom_id, items):
        return
    log.info("a click on an unknown button %r", custom_id[:100])
    try:
        await send_private(interaction, t(language_of(interaction), "button.stale"))
    except discord.HTTPException as failure:
        log.warning("could not answer a click on an unknown button: %s", failure.status)
