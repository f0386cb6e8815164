"""Pictures on Discord: a question's picture is a file attached to its message and shown as
its embed's image (`attachment://<filename>`), as Discord documents; CDN links expire, so the
bot re-attaches rather than links.

Edits keep what is attached: discord.py sends no `attachments` key unless told to, and
Discord then keeps every attachment, so an edited embed may still name `attachment://…`.
A closed card adds the explanation's picture as a second embed; the edit then attaches both
again (`attachments=[question, explanation]`: a list replaces what the message had), so no
attachment id has to be remembered across a restart.

A formula card that cannot be drawn (FormulaError, TimeoutError, a dead worker process) leaves
the text alone, where the formula is already in Unicode; each failure is logged once and not
retried for a while, so count edits do not wait on a formula that timed out.

A private verdict carries the explanation's picture as a plain attachment (Discord shows an
attached image below the text), whether the verdict is a message's content or, when long, an
embed.
"""

from __future__ import annotations

import io
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import BrokenExecutor

import discord

from bot.domain.models import Language, Picture, Question
from bot.domain.rules import Accepted
from bot.domain.views import PressResult
from bot.pictures import for_messages
from bot.text.authored import explanation_pictures, question_pictures
from bot.text.math_picture import FormulaError, FormulaPictures

log = logging.getLogger(__name__)
RETRY_SECONDS = 300.0
"""How long a formula that timed out is left in Unicode before it is drawn again."""
ALT_LIMIT = 1024
"""Characters of an attachment's description (MessageAttachmentRequest in Discord's API)."""
FORGOTTEN_AFTER = 1024
"""Failures remembered at most (the oldest go first)."""
CARDS_KEPT = 256
"""Formula cards kept (a few kB each)."""

Finder = Callable[[Question, Language, FormulaPictures], Awaitable[Picture | None]]


class MessagePictures:
    """The pictures of one process's messages: one FormulaPictures (its caches and executor)
    and the formulas that failed."""

    def __init__(
        self, formulas: FormulaPictures, now: Callable[[], float] = time.monotonic
    ) -> None:
        self.formulas = formulas
        self._now = now
        self._failed: dict[tuple[str, ...], float] = {}
        """Formulas that could not be drawn → until when they stay in Unicode."""
        self._cards: OrderedDict[tuple[str, ...], Picture] = OrderedDict()
        """Formula cards by their formulas (least recently used first)."""

    async def of_question(self, question: Question, language: Language) -> Picture | None:
        """The question's picture, its formulas' card, or None."""
        if question.image is not None:
            return question.image
        spans = question_pictures(question, language)
        if not spans:  # no formula Unicode cannot show
            return None
        key = ("question", language, *(span.text for span in spans))
        return await self._card(for_messages.question_picture, question, language, key)

    async def of_explanation(self, question: Question, language: Language) -> Picture | None:
        """The explanation's picture, its (and the notes') formulas' card, or None."""
        if question.explanation_image is not None:
            return question.explanation_image
        spans = explanation_pictures(question, language)
        if not spans:
            return None
        key = ("explanation", language, *(span.text for span in spans))
        return await self._card(for_messages.explanation_picture, question, language, key)

    async def of_verdict(self, result: PressResult, language: Language) -> Picture | None:
        """The explanation's picture for a private verdict, when the answer was counted (the
        verdict then says why); None for a refusal."""
        if not isinstance(result.outcome, Accepted) or result.view is None:
            return None
        return await self.of_explanation(result.view.question, language)

    async def _card(
        self, find: Finder, question: Question, language: Language, key: tuple[str, ...]
    ) -> Picture | None:
        """A formula card, kept: drawn once (off the loop), stacked once (on it, ~2 ms for
        two formulas), then the same Picture for every count edit and close."""
        card = self._cards.get(key)
        if card is not None:
            self._cards.move_to_end(key)
            return card
        until = self._failed.get(key)
        if until is not None and self._now() < until:
            return None
        try:
            card = await find(question, language, self.formulas)
        except FormulaError as error:
            self._remember(key, float("inf"))
            log.warning("question %s: formula left in Unicode: %s", question.id, error)
            return None
        except (TimeoutError, BrokenExecutor) as error:  # slow, or the worker died
            self._remember(key, self._now() + RETRY_SECONDS)
            why = type(error).__name__
            log.warning("question %s: no formula picture (%s), Unicode for now", question.id, why)
            return None
        if card is not None:
            self._cards[key] = card
            while len(self._cards) > CARDS_KEPT:
                self._cards.popitem(last=False)
        return card

    def _remember(self, key: tuple[str, ...], until: float) -> None:
        self._failed[key] = until
        while len(self._failed) > FORGOTTEN_AFTER:
            del self._failed[next(iter(self._failed))]


def attachment(picture: Picture, language: Language) -> discord.File:
    """The picture as a file to upload, its alt text as the attachment's description (what
    screen readers say; Discord keeps 1,024 characters of it)."""
    alt = picture.alt.get(language)[:ALT_LIMIT]
    return discord.File(io.BytesIO(picture.data), filename=picture.filename, description=alt)


def shown_in(embed: discord.Embed, picture: Picture | None) -> discord.Embed:
    """The embed showing the attached picture (the same embed when there is none)."""
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
    return embed


def files(language: Language, *pictures: Picture | None) -> list[discord.File]:
    """One upload a distinct picture, in order."""
    seen: dict[str, Picture] = {}
    for picture in pictures:
        if picture is not None:
            seen.setdefault(picture.filename, picture)
    return [attachment(picture, language) for picture in seen.values()]


def closed_embeds(
    card: discord.Embed, question: Picture | None, explanation: Picture | None
) -> list[discord.Embed]:
    """A closed question's embeds: the card with the question's picture, then the
    explanation's picture alone, when it is another one."""
    embeds = [shown_in(card, question)]
    if explanation is not None and (question is None or explanation.digest != question.digest):
        embeds.append(shown_in(discord.Embed(colour=card.colour), explanation))
    return embeds


def upload(attached: list[discord.File]) -> list[discord.File]:
    """`files=` for a new message: discord.py's MISSING when there is nothing to attach, so
    the request stays plain JSON without an `attachments` key."""
    return attached or discord.utils.MISSING
