"""The one picture a question's message carries, and what a formula that cannot be drawn
costs: its picture only, never the post.

A formula card that cannot be drawn (FormulaError, TimeoutError, a dead worker process) leaves
the text alone, where the formula is already in Unicode; each failure is logged once and not
retried for a while, so a post, a count edit or a close never waits again on a formula that
timed out. A card drawn is kept, so it is stacked once, not at every edit. Both bots use one
MessagePictures per process.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import BrokenExecutor

from bot.domain.models import Language, Picture, Question
from bot.domain.rules import Accepted
from bot.domain.views import PressResult
from bot.pictures import for_messages
from bot.text.authored import explanation_pictures, question_pictures
from bot.text.math_picture import FormulaError, FormulaPictures

log = logging.getLogger(__name__)
RETRY_SECONDS = 300.0
"""How long a formula that timed out is left in Unicode before it is drawn again."""
FORGOTTEN_AFTER = 1024
"""Failures remembered at most (the oldest go first)."""
CARDS_KEPT = 256
"""Formula cards kept (a few kB each)."""

Finder = Callable[[Question, Language, FormulaPictures], Awaitable[Picture | None]]


class MessagePictures:
    """The pictures of one process's messages: one FormulaPictures (its caches and executor)
    and the formulas that failed."""

    def __init__(
        self,
        formulas: FormulaPictures,
        now: Callable[[], float] = time.monotonic,
        logger: logging.Logger = log,
    ) -> None:
        self.formulas = formulas
        self._now = now
        self._log = logger
        """Each bot logs under its own adapter's name."""
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
            self._log.warning("question %s: formula left in Unicode: %s", question.id, error)
            return None
        except (TimeoutError, BrokenExecutor) as error:  # slow, or the worker died
            self._remember(key, self._now() + RETRY_SECONDS)
            why = type(error).__name__
            self._log.warning(
                "question %s: no formula picture (%s), Unicode for now", question.id, why
            )
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
