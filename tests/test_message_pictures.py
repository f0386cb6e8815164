"""The pictures both bots post (bot/pictures/message_pictures.py): a formula card is drawn
and stacked once, then kept; a formula that times out is left in Unicode for a while and then
drawn again; one mathtext cannot read is never tried again."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest

from bot.catalog.loader import load_quiz
from bot.domain.models import Question, Text
from bot.pictures import message_pictures as pictures
from bot.pictures.message_pictures import RETRY_SECONDS, MessagePictures
from bot.text import math_picture
from bot.text.math_picture import FormulaPictures
from tests.support.paths import TYPES

BASE = load_quiz(TYPES / "every-type.yaml").questions[0]


def asking(prompt: str) -> Question:
    return replace(BASE, prompt=Text(prompt))


class Counting(ThreadPoolExecutor):
    """A thread pool that counts the drawings it is given, or never finishes them."""

    def __init__(self, stuck: bool = False) -> None:
        super().__init__(1)
        self.calls = 0
        self.stuck = stuck

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.calls += 1
        return Future() if self.stuck else super().submit(fn, *args, **kwargs)


async def test_a_stacked_card_is_drawn_and_stacked_once_then_kept() -> None:
    two = asking(r"$$\frac{p-1}{m+p-1}$$ and $$\sum_{i=1}^{n} x_i$$")
    with Counting() as executor:
        kept = MessagePictures(FormulaPictures(executor=executor))
        first = await kept.of_question(two, "en")
        again = await kept.of_question(two, "en")
    assert first is not None
    assert again is first  # the same card: not stacked again for a count edit
    assert executor.calls == 2  # one drawing a formula
    assert await kept.of_question(asking("No formula, $x$ in Unicode."), "en") is None
    assert await kept.of_explanation(two, "en") is None  # its explanation has none


async def test_a_formula_that_timed_out_is_drawn_again_later_and_an_unreadable_one_never(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(math_picture, "RENDER_SECONDS", 0.01)
    now = [0.0]
    stuck = asking(r"$$\frac{a}{b}$$")
    unreadable = asking(r"$$\begin{pmatrix}a&b\end{bmatrix}$$")
    with Counting(stuck=True) as executor:
        kept = MessagePictures(FormulaPictures(executor=executor), now=lambda: now[0])
        assert await kept.of_question(stuck, "en") is None
        assert await kept.of_question(stuck, "en") is None  # not waited on again
        assert executor.calls == 1
        now[0] += RETRY_SECONDS
        assert await kept.of_question(stuck, "en") is None
        assert executor.calls == 2  # tried again, later
    with Counting() as executor:
        kept = MessagePictures(FormulaPictures(executor=executor), now=lambda: now[0])
        for _ in range(2):
            assert await kept.of_question(unreadable, "en") is None
            now[0] += RETRY_SECONDS
        assert executor.calls == 1  # never again
    said = [r.getMessage() for r in caplog.records if r.name == pictures.__name__]
    assert said == [
        f"question {BASE.id}: no formula picture (TimeoutError), Unicode for now",
        f"question {BASE.id}: no formula picture (TimeoutError), Unicode for now",
        f"question {BASE.id}: formula left in Unicode: \\begin{{pmatrix}} (character 1) is "
        "closed by \\end{bmatrix} (character 19)",
    ]
