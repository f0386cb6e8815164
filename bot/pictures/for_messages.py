"""The one picture a question's message carries, on every platform.

A message shows at most one picture (Telegram's sendPhoto, one Discord embed image): the
author's `image` when the question has one, else a card of the formulas that Unicode cannot
show faithfully (bot/text/authored.py picks them; one formula is its own picture, several are
stacked on one card). With an author's picture, such formulas stay in Unicode in the text.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence

from PIL import Image

from bot.domain.models import Language, Picture, Question, Text
from bot.domain.spans import Span
from bot.text.authored import explanation_pictures, question_pictures
from bot.text.math_picture import CARD, FormulaPictures

GAP = 12
"""Pixels between two stacked formulas."""


async def question_picture(
    question: Question, language: Language, formulas: FormulaPictures
) -> Picture | None:
    """The picture to post with the question: its own, else its formulas' card, else None."""
    if question.image is not None:
        return question.image
    return await formula_card(question_pictures(question, language), language, formulas)


async def explanation_picture(
    question: Question, language: Language, formulas: FormulaPictures
) -> Picture | None:
    """The picture a verdict or a closed question adds: the explanation's own, else the card of
    the explanation's and notes' formulas, else None."""
    if question.explanation_image is not None:
        return question.explanation_image
    return await formula_card(explanation_pictures(question, language), language, formulas)


async def formula_card(
    spans: Sequence[Span], language: Language, formulas: FormulaPictures
) -> Picture | None:
    """One picture of these formulas (drawn off the event loop, cached by content), or None.

    Raises what FormulaPictures.picture raises (FormulaError, TimeoutError): the caller posts
    the text alone, where the formulas are already in Unicode.
    """
    if not spans:
        return None
    drawn = [await formulas.picture(span.text) for span in spans]
    data = drawn[0] if len(drawn) == 1 else _stacked(drawn)
    alt = Text.of(((language, "; ".join(span.text for span in spans)),))
    return _drawn(data, alt)


def _drawn(data: bytes, alt: Text) -> Picture:
    """A PNG the bot drew itself: trusted, so only its header is read (no re-encode)."""
    with Image.open(io.BytesIO(data)) as image:
        width, height = image.size
    return Picture(hashlib.sha256(data).hexdigest(), "image/png", width, height, alt, data)


def _stacked(pictures: Sequence[bytes]) -> bytes:
    """PNG cards one above the other, left-aligned on the card colour."""
    images = [Image.open(io.BytesIO(picture)) for picture in pictures]
    width = max(image.width for image in images)
    height = sum(image.height for image in images) + GAP * (len(images) - 1)
    sheet = Image.new("RGB", (width, height), CARD)
    top = 0
    for image in images:
        sheet.paste(image, (0, top))
        top += image.height + GAP
    out = io.BytesIO()
    sheet.save(out, "PNG")
    return out.getvalue()
