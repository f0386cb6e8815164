"""Discord pieces of a question: embeds, letter buttons that survive restarts, the Reveal button.

Buttons are `DynamicItem`s whose `custom_id` is the neutral payload (`bot.domain.payload`): a
post id and a letter, never the answer. discord.py parses it back with the same regex after a
restart, so no in-memory view has to be re-attached.
"""

from __future__ import annotations

import re
from dataclasses import astuple, dataclass
from typing import Any, Protocol, Self

import discord

from adapters.discord_bot import answer_forms
from bot.domain import payload
from bot.domain.entities import Answer, Post
from bot.domain.models import LETTERS, Language, Question
from bot.domain.question_types import SINGLE, SetKey
from bot.domain.views import ClosedView, QuestionView
from bot.text import markup, render
from bot.text.i18n import t

STYLE = markup.MarkdownStyle()
NO_MENTIONS = discord.AllowedMentions.none()
COLOUR = discord.Colour.blurple()
CLOSED_COLOUR = discord.Colour.dark_grey()


@dataclass(frozen=True, slots=True)
class ReviewPress:
    """ "Review my misses" carries nothing: whoever clicks reviews their own misses."""


Press = (
    payload.AnswerPress
    | payload.RevealPress
    | payload.ForgetPress
    | ReviewPress
    | payload.FlagPress
    | payload.FlagReasonPress
)
"""What a click on one of the bot's Discord buttons asks for."""


def encode(pressed: Press) -> str:
    """The custom_id of a press: bot.domain.payload's, and the fixed one of Review."""
    if isinstance(pressed, ReviewPress):
        return payload.REVIEW_BUTTON
    return payload.encode(pressed)


def decode(custom_id: str) -> Press:
    """The press a custom_id names, by payload's one strict parser (or PayloadError)."""
    if custom_id == payload.REVIEW_BUTTON:
        return ReviewPress()
    pressed = payload.decode(custom_id)
    if isinstance(pressed, payload.StartPress | payload.SubmitPress):
        raise payload.PayloadError("start and submit buttons are Telegram's")
    if isinstance(pressed, payload.FlagNote):
        raise payload.PayloadError("a flag's sentence comes from a modal, not a button")
    return pressed


class ButtonHandler(Protocol):
    """What the bot does with a click; errors are handled there, not in discord.py's logger."""

    async def on_press(self, interaction: discord.Interaction[Any], pressed: Press) -> None: ...


def _handler(interaction: discord.Interaction[Any]) -> ButtonHandler:
    client: Any = interaction.client
    return client  # type: ignore[no-any-return]


class _PressItem:
    """What the four buttons share: the press they carry is their whole state.

    discord.py rebuilds a button from its custom_id alone (after a restart too); each button's
    constructor takes its press's fields in their order, so one decoder serves them all.
    """

    pressed: Press

    def _button(
        self, pressed: Press, label: str, style: discord.ButtonStyle, disabled: bool = False
    ) -> discord.ui.Button[Any]:
        self.pressed = pressed
        return discord.ui.Button(
            label=label, style=style, custom_id=encode(pressed), disabled=disabled
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(*astuple(decode(match.string)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).on_press(interaction, self.pressed)


class AnswerButton(
    _PressItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=payload.ANSWER_PATTERN
):
    """One letter of one posted question."""

    def __init__(
        self,
        post_id: int,
        letter_index: int,
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        disabled: bool = False,
        label: str = "",
    ) -> None:
        pressed = payload.AnswerPress(post_id, letter_index)
        label = label or LETTERS[letter_index]
        super().__init__(self._button(pressed, label, style, disabled))


class RevealButton(
    _PressItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=payload.REVEAL_PATTERN
):
    """Closes the question now; only the round's starter or a Manage Server member may."""

    def __init__(self, post_id: int, label: str = "Reveal") -> None:
        pressed = payload.RevealPress(post_id)
        super().__init__(self._button(pressed, label, discord.ButtonStyle.secondary))


class ForgetButton(
    _PressItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=payload.FORGET_PATTERN
):
    """Yes or no to "delete all my data?"; only its owner's click counts."""

    def __init__(self, owner: str, confirm: bool, label: str = "") -> None:
        style = discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary
        pressed = payload.ForgetPress(owner, confirm)
        super().__init__(self._button(pressed, label or ("Yes" if confirm else "No"), style))


class ReviewButton(
    _PressItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=payload.REVIEW_PATTERN
):
    """ "Review my misses" under a round's summary: a private session for whoever clicks."""

    def __init__(self, label: str = "Review") -> None:
        super().__init__(self._button(ReviewPress(), label, discord.ButtonStyle.secondary))


class FlagButton(
    _PressItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=payload.FLAG_PATTERN
):
    """⚑ under every closed question: whoever clicks is asked why, privately."""

    def __init__(self, post_id: int) -> None:
        pressed = payload.FlagPress(post_id)
        super().__init__(self._button(pressed, "⚑", discord.ButtonStyle.secondary))


class FlagReasonButton(
    _PressItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=payload.FLAG_REASON_PATTERN,
):
    """One reason to flag a question, in the clicker's private message."""

    def __init__(self, post_id: int, reason: str, label: str = "") -> None:
        pressed = payload.FlagReasonPress(post_id, reason)
        super().__init__(self._button(pressed, label or reason, discord.ButtonStyle.secondary))


def card_buttons(card: markup.Card) -> discord.ui.View:
    """A neutral card's flag reasons as buttons."""
    buttons = discord.ui.View(timeout=None)
    for button in card.buttons:
        pressed = payload.decode(button.payload)
        assert isinstance(pressed, payload.FlagReasonPress)
        buttons.add_item(FlagReasonButton(pressed.post_id, pressed.reason, button.label))
    return buttons


def review_buttons(language: Language) -> discord.ui.View:
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(ReviewButton(t(language, "review.button")))
    return buttons


def forget_buttons(card: markup.Card) -> discord.ui.View:
    buttons = discord.ui.View(timeout=None)
    for button in card.buttons:
        pressed = payload.decode(button.payload)
        assert isinstance(pressed, payload.ForgetPress)
        buttons.add_item(ForgetButton(pressed.owner, pressed.confirm, button.label))
    return buttons


def countdown(view: QuestionView, language: Language) -> str | None:
    """Discord renders `<t:…:R>` as a live "in 25 seconds" in each reader's own clock."""
    if view.post.deadline is None:
        return None
    stamp = int(view.post.deadline.timestamp())
    return t(language, "question.closes", when=f"<t:{stamp}:R>")


def question_embed(view: QuestionView, language: Language, answered: int = 0) -> discord.Embed:
    card = render.question_card(
        view.quiz, view.question, view.post, language, STYLE, answered=answered
    )
    text = card.text
    closes = countdown(view, language)
    if closes is not None:
        text = f"{text}\n\n{closes}"
    return discord.Embed(description=text, colour=COLOUR)


def question_buttons(
    view: QuestionView, language: Language, *, reveal: bool = True
) -> discord.ui.View:
    """Letter buttons (five a row, as Discord allows), True and False for a true/false
    question, one "Answer" button for the other types; and, for timed rounds, Reveal."""
    buttons = discord.ui.View(timeout=None)
    opener = answer_forms.answer_button(view, language)
    if opener is not None:
        buttons.add_item(opener)
    else:
        for index in range(len(view.post.order)):
            label = letter_label(view, index, language)
            buttons.add_item(AnswerButton(view.post.post_id, index, label=label))
    if reveal:
        label = t(language, "question.reveal_button")
        buttons.add_item(RevealButton(view.post.post_id, label))
    return buttons


def letter_label(view: QuestionView, index: int, language: Language) -> str:
    """A letter button's label: its letter, or True/False (in that order, never shuffled)."""
    if view.question.type != "truefalse":
        return LETTERS[index]
    choice = view.post.order[index]
    return t(language, "answer.true" if choice == 0 else "answer.false")


def closed_buttons(
    view: QuestionView, chosen: int | None = None, language: Language = "en"
) -> discord.ui.View:
    """Disabled letters, the correct ones green, a wrong choice red (a question answered
    otherwise than with letters, an order or a typed line, keeps none); and ⚑ to flag it."""
    buttons = discord.ui.View(timeout=None)
    question, post = view.question, view.post
    lettered = question.type in SINGLE or isinstance(question.key, SetKey)
    right: set[int] = set()
    if question.type in SINGLE:
        right = {post.correct_letter_index(question)}
    elif isinstance(question.key, SetKey):
        right = {post.order.index(choice) for choice in question.key.rights}
    for index in range(len(post.order)) if lettered else ():
        style = discord.ButtonStyle.secondary
        if index in right:
            style = discord.ButtonStyle.success
        elif index == chosen:
            style = discord.ButtonStyle.danger
        label = letter_label(view, index, language)
        buttons.add_item(
            AnswerButton(post.post_id, index, style=style, disabled=True, label=label)
        )
    buttons.add_item(FlagButton(post.post_id))  # a doubt about it: tell the admins
    return buttons


def closed_embed(closed: ClosedView, language: Language) -> discord.Embed:
    view = closed.view
    card = render.closed_card(view.quiz, view.question, view.post, closed.answers, language, STYLE)
    return discord.Embed(description=card.text, colour=CLOSED_COLOUR)


def styled_verdict(question: Question, post: Post, answer: Answer, language: Language) -> str:
    """The full private verdict in Discord's markdown."""
    return render.verdict(question, post, answer, language, STYLE)


def text_embed(text: str) -> discord.Embed:
    return discord.Embed(description=text, colour=COLOUR)
