"""Discord pieces of the questions not answered by one letter: `multiple`, `order`, `text` and
`number` (issue 27).

The post carries one "Answer" button; what it opens is private to whoever clicks:
- `multiple`: an ephemeral message with a string select (one option a choice, any number
  picked); closing the list sends it.
- `order`: an ephemeral message with a button a letter; each click adds that letter to the
  order so far, which the next buttons' custom_ids carry, so no state lives in memory or in
  the store; the last letter sends it.
- `text` and `number`: a modal with one text input, the click's first and only response
  (Discord allows a modal only as the first response, within 3 s: no lookup before it).

Every custom_id is a post id and what was picked, never the answer, and is parsed back by a
`DynamicItem` template after a restart too. These ids are Discord's alone (Telegram answers
through bot.domain.payload), so their patterns live here. What the items show is built in
answer_forms.py; what a pick does, in responding.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol, Self

import discord

from adapters.discord_bot.modals import modal_value
from bot.domain import payload
from bot.domain.models import LETTERS, MAX_CHOICES

_POST = rf"[1-9][0-9]{{0,{payload.POST_ID_DIGITS - 1}}}"
_LETTER = f"[{LETTERS[0]}-{LETTERS[-1]}]"
TYPED_PATTERN = rf"{payload.VERSION}:(?P<kind>[tk]):(?P<post>{_POST})"
"""The "Answer" button of a `text` (t) or `number` (k) question, and the modal it opens.
Tags are the project's one namespace with bot/domain/payload.py's: none is used twice."""
PICK_PATTERN = rf"{payload.VERSION}:p:(?P<post>{_POST})"
"""The "Answer" button of a `multiple` question."""
SELECT_PATTERN = rf"{payload.VERSION}:ps:(?P<post>{_POST})"
"""The select menu of a `multiple` question: the letters picked come as its values."""
_STEP = rf"(?P<last>{_LETTER}):(?P<order>{_LETTER}{{0,{MAX_CHOICES}}})"
ORDER_PATTERN = rf"{payload.VERSION}:o:(?P<post>{_POST})(?::{_STEP})?"
"""An `order` question: its "Answer" button (the post alone), or a step of the sequence: the
last letter shown, and the order with the clicked letter added (empty: start again)."""
INPUT_ID = "answer"
"""The custom_id of the modal's one text input."""
ELLIPSIS = "…"


@dataclass(frozen=True, slots=True)
class OpenTyped:
    """A click on a `text` or `number` question's "Answer": the modal opens."""

    post_id: int
    number: bool


@dataclass(frozen=True, slots=True)
class Typed:
    """A modal submitted: the line typed for a `text` or `number` question."""

    post_id: int
    line: str


@dataclass(frozen=True, slots=True)
class OpenPicks:
    """A click on a `multiple` question's "Answer": the select opens."""

    post_id: int


@dataclass(frozen=True, slots=True)
class Picked:
    """The select closed: the letters picked (indices on the post)."""

    post_id: int
    letters: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OrderStep:
    """A click in an `order` sequence; `last` None: its "Answer" button (the sequence opens),
    else the last letter shown and the order so far ("" starts again)."""

    post_id: int
    last: int | None = None
    order: tuple[int, ...] = ()


Pick = OpenTyped | Typed | OpenPicks | Picked | OrderStep
"""What a click or a modal asks for, for a question not answered by one letter."""


class PickHandler(Protocol):
    """What the bot does with a pick; errors are handled there, as for buttons."""

    async def on_pick(self, interaction: discord.Interaction[Any], pick: Pick) -> None: ...


def _handler(interaction: discord.Interaction[Any]) -> PickHandler:
    client: Any = interaction.client
    return client  # type: ignore[no-any-return]


def letters_of(text: str) -> tuple[int, ...]:
    return tuple(LETTERS.index(letter) for letter in text)


def typed_id(post_id: int, number: bool) -> str:
    """The custom_id of a `text` or `number` question's button, and of its modal."""
    return f"{payload.VERSION}:{'k' if number else 't'}:{post_id}"


def order_id(post_id: int, last: int, order: tuple[int, ...]) -> str:
    written = "".join(LETTERS[index] for index in order)
    return f"{payload.VERSION}:o:{post_id}:{LETTERS[last]}:{written}"


class PickItem:
    """What the pickers' items share: parsed back from their custom_id alone (after a
    restart too), and the pick they carry handed to the bot."""

    pick: Pick

    @classmethod
    def parsed(cls, match: re.Match[str]) -> Self:
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls.parsed(match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).on_pick(interaction, self.pick)


class TypedButton(
    PickItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=TYPED_PATTERN
):
    """A `text` or `number` question's "Answer": opens the modal."""

    def __init__(self, post_id: int, number: bool, label: str = "Answer") -> None:
        self.pick = OpenTyped(post_id, number)
        super().__init__(discord.ui.Button(label=label, custom_id=typed_id(post_id, number)))

    @classmethod
    def parsed(cls, match: re.Match[str]) -> Self:
        return cls(int(match["post"]), match["kind"] == "k")


class PickButton(PickItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=PICK_PATTERN):
    """A `multiple` question's "Answer": opens the select."""

    def __init__(self, post_id: int, label: str = "Answer") -> None:
        self.pick = OpenPicks(post_id)
        custom_id = f"{payload.VERSION}:p:{post_id}"
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id))

    @classmethod
    def parsed(cls, match: re.Match[str]) -> Self:
        return cls(int(match["post"]))


class PickSelect(
    PickItem, discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_PATTERN
):
    """The letters of a `multiple` question, any number of them picked."""

    def __init__(self, post_id: int, options: list[discord.SelectOption] | None = None) -> None:
        self.pick = Picked(post_id, ())  # the letters come with each use: `callback`
        options = options or [discord.SelectOption(label="A")]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"{payload.VERSION}:ps:{post_id}",
            options=options,
            min_values=1,
            max_values=len(options),
        )
        super().__init__(select)

    @classmethod
    def parsed(cls, match: re.Match[str]) -> Self:
        return cls(int(match["post"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        picked = [str(value) for value in data.get("values") or ()]
        if any(len(value) != 1 or value not in LETTERS for value in picked):
            picked = []  # not a value this select offers: judged as no answer
        await _handler(interaction).on_pick(
            interaction, Picked(self.pick.post_id, letters_of("".join(picked)))
        )


class OrderButton(
    PickItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ORDER_PATTERN
):
    """An `order` question's "Answer" (`last` None), a letter of its sequence, or "Start
    again" (an empty order)."""

    def __init__(
        self,
        post_id: int,
        last: int | None = None,
        order: tuple[int, ...] = (),
        *,
        label: str = "Answer",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        self.pick = OrderStep(post_id, last, order)
        if last is None:
            custom_id = f"{payload.VERSION}:o:{post_id}"
        else:
            custom_id = order_id(post_id, last, order)
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=style))

    @classmethod
    def parsed(cls, match: re.Match[str]) -> Self:
        if match["last"] is None:
            return cls(int(match["post"]))
        return cls(int(match["post"]), LETTERS.index(match["last"]), letters_of(match["order"]))


ITEMS = (TypedButton, PickButton, PickSelect, OrderButton)
"""The dynamic items of this module, registered beside the letter buttons."""


def typed_of(interaction: discord.Interaction[Any]) -> Typed | None:
    """The modal submission of a `text` or `number` answer, or None for another modal."""
    data: Any = interaction.data or {}
    match = re.fullmatch(TYPED_PATTERN, str(data.get("custom_id", "")))
    if match is None:
        return None
    return Typed(int(match["post"]), modal_value(interaction, INPUT_ID))
