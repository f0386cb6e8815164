"""What the "Answer" button of a question not answered by one letter shows on Discord: the
button itself, the modal of a `text` or `number` question, the select of a `multiple` one, the
letter buttons of an `order` one; each cut to Discord's limits (bot.domain.platform_limits).
The items and their custom_ids are in pickers.py; what a pick does, in responding.py.
"""

from __future__ import annotations

from typing import Any

import discord

from adapters.discord_bot.pickers import (
    INPUT_ID,
    OpenTyped,
    OrderButton,
    PickButton,
    PickSelect,
    TypedButton,
    typed_id,
)
from bot.domain.matching import MAX_TYPED
from bot.domain.models import LETTERS, Language
from bot.domain.platform_limits import (
    DISCORD_MODAL_TITLE,
    DISCORD_SELECT_OPTION_LABEL,
    DISCORD_SELECT_PLACEHOLDER,
    DISCORD_TEXT_INPUT_LABEL,
)
from bot.domain.views import QuestionView
from bot.text.answer_texts import ARROW
from bot.text.i18n import t

ELLIPSIS = "…"


def cut(text: str, limit: int) -> str:
    """`text` within `limit` characters, an ellipsis saying it was shortened."""
    return text if len(text) <= limit else text[: limit - len(ELLIPSIS)].rstrip() + ELLIPSIS


def answer_button(view: QuestionView, language: Language) -> discord.ui.Item[Any] | None:
    """The "Answer" button of a question not answered by one letter (None for the others)."""
    post_id, kind = view.post.post_id, view.question.type
    label = t(language, "discord.answer_button")
    if kind in ("text", "number"):
        return TypedButton(post_id, kind == "number", label)
    if kind == "multiple":
        return PickButton(post_id, label)
    if kind == "order":
        return OrderButton(post_id, label=label, style=discord.ButtonStyle.primary)
    return None


def typed_modal(pick: OpenTyped, language: Language) -> discord.ui.Modal:
    """The modal of a `text` or `number` question. It is stopped before it is sent, so
    discord.py keeps no copy: its submission is read by `typed_of`, after a restart too."""
    kind = "number" if pick.number else "text"
    modal = discord.ui.Modal(
        title=cut(t(language, "discord.modal_title"), DISCORD_MODAL_TITLE),
        custom_id=typed_id(pick.post_id, pick.number),
        timeout=None,
    )
    modal.add_item(
        discord.ui.TextInput(
            label=cut(t(language, f"discord.modal_label.{kind}"), DISCORD_TEXT_INPUT_LABEL),
            custom_id=INPUT_ID,
            max_length=MAX_TYPED,
        )
    )
    modal.stop()
    return modal


def pick_select(view: QuestionView, language: Language) -> discord.ui.View:
    """The select of a `multiple` question: "A. north" (cut to Discord's 100), one per letter."""
    options = [
        discord.SelectOption(
            label=cut(
                f"{LETTERS[index]}. {view.question.choices[choice].get(language)}",
                DISCORD_SELECT_OPTION_LABEL,
            ),
            value=LETTERS[index],
        )
        for index, choice in enumerate(view.post.order)
    ]
    item = PickSelect(view.post.post_id, options)
    placeholder = t(language, "discord.pick_placeholder")
    item.item.placeholder = cut(placeholder, DISCORD_SELECT_PLACEHOLDER)
    picker = discord.ui.View(timeout=None)
    picker.add_item(item)
    return picker


def order_buttons(
    post_id: int, last: int, order: tuple[int, ...], language: Language
) -> discord.ui.View:
    """The letters not yet placed, each adding itself to `order`; "Start again" once one is."""
    buttons = discord.ui.View(timeout=None)
    for index in range(last + 1):
        if index not in order:
            buttons.add_item(
                OrderButton(
                    post_id,
                    last,
                    (*order, index),
                    label=LETTERS[index],
                    style=discord.ButtonStyle.primary,
                )
            )
    if order:
        again = t(language, "discord.order_again")
        buttons.add_item(OrderButton(post_id, last, (), label=again))
    return buttons


def order_progress(order: tuple[int, ...], language: Language) -> str:
    """What the sequence says above its buttons: how to play, and the order so far."""
    intro = t(language, "discord.order_intro")
    if not order:
        return intro
    shown = ARROW.join(LETTERS[index] for index in order)
    return f"{intro}\n{t(language, 'discord.order_progress', order=shown)}"
