"""bot/text/math_picture.py: formulas drawn on a light card, off the event loop, cached.

The proof of issue 28's rendering: every formula of the bundled quizzes renders both ways
(Unicode and picture); pictures match stored references within a tolerance; a render never
runs on the event loop.
"""

from __future__ import annotations

import asyncio
import io
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.text import math_picture
from bot.text.math_picture import CARD, FormulaError, FormulaPictures, draw
from bot.text.math_unicode import FUNCTIONS, SYMBOLS, TEXT_MACROS, to_unicode
from tests.support.formulas import every_formula

REFERENCES = Path(__file__).parent / "references" / "formulas"
REFERENCE_FORMULAS = {
    "bubble": "\\frac{p-1}{m+p-1}",
    "sum": "\\sum_{i=1}^{n} x_i^2",
    "times": "t_f + t_b",
}
MAX_MEAN_DIFFERENCE = 3.0
"""Mean absolute difference per channel (of 255) a picture may have from its reference:
room for another FreeType's antialiasing, far below a changed glyph or layout."""


def card_colour() -> tuple[int, int, int]:
    return tuple(int(CARD[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def test_every_bundled_formula_renders_both_ways() -> None:
    spans = every_formula()
    assert len({span.text for span in spans}) >= 50, "the bundled quizzes hold their formulas"
    for span in spans:
        shown = to_unicode(span.text, display=span.kind == "display")
        assert shown.text.strip(), span
        assert "\\" not in shown.text, span
        image = decoded(draw(span.text))
        assert image.getpixel((0, 0)) == card_colour(), span
        assert image.convert("L").getextrema()[0] < 100, f"no ink: {span}"


@pytest.mark.parametrize("name", sorted(REFERENCE_FORMULAS))
def test_pictures_match_their_references(name: str) -> None:
    drawn = decoded(draw(REFERENCE_FORMULAS[name]))
    reference = decoded((REFERENCES / f"{name}.png").read_bytes())
    assert abs(drawn.width - reference.width) <= 2
    assert abs(drawn.height - reference.height) <= 2
    drawn = drawn.resize(reference.size)
    difference = ImageStat.Stat(ImageChops.difference(drawn, reference)).mean
    assert max(difference) <= MAX_MEAN_DIFFERENCE, difference


def test_a_changed_formula_is_caught_by_the_comparison() -> None:
    """The tolerance is tight enough to see a different formula of the same size."""
    drawn = decoded(draw("\\frac{p-2}{m+p-1}")).resize(decoded(draw("\\frac{p-1}{m+p-1}")).size)
    reference = decoded((REFERENCES / "bubble.png").read_bytes()).resize(drawn.size)
    assert max(ImageStat.Stat(ImageChops.difference(drawn, reference)).mean) > 1.0


def test_every_macro_unicode_takes_is_one_a_picture_can_draw() -> None:
    """A formula faithful in Unicode must pass `quizbot validate` too: `\\le`, `\\land`,
    `\\mbox` are drawn as mathtext's `\\leq`, `\\wedge`, `\\text`."""
    for name in sorted(SYMBOLS | set(FUNCTIONS)):
        math_picture.check(f"\\{name} x")
    for name in sorted(TEXT_MACROS):
        math_picture.check(f"\\{name}{{x}}")
    assert draw("x \\le y") == draw("x \\leq y")
    with pytest.raises(FormulaError, match="Unknown symbol"):
        draw("x \\lel y")


def test_the_same_formula_gives_the_same_bytes() -> None:
    assert draw("x^2") == draw("x^2")


def test_too_long_or_unreadable_is_refused() -> None:
    with pytest.raises(FormulaError, match="at most 400"):
        draw("x" * 401)
    with pytest.raises(FormulaError, match="Unknown symbol"):
        draw("\\nosuchmacro")


class SpyExecutor(ThreadPoolExecutor):
    """A real thread pool that records what it was given and on which thread it ran."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.calls: list[tuple[str, int]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        def recorded() -> Any:
            self.calls.append((getattr(fn, "__name__", "?"), threading.get_ident()))
            return fn(*args, **kwargs)

        return super().submit(recorded)


async def test_a_render_runs_in_the_executor_and_never_blocks_the_loop(
    caplog: pytest.LogCaptureFixture,
) -> None:
    loop = asyncio.get_running_loop()
    loop.set_debug(True)
    loop.slow_callback_duration = 0.05  # a cold render takes longer: it would be reported
    caplog.set_level(logging.WARNING, logger="asyncio")
    with SpyExecutor() as executor:
        pictures = FormulaPictures(executor=executor)
        picture = await pictures.picture("\\sum_{k=0}^{41} k^3")
    assert [name for name, _ in executor.calls] == ["load_or_draw"]
    assert all(thread != threading.get_ident() for _, thread in executor.calls)
    assert not [record for record in caplog.records if "Executing" in record.getMessage()]
    assert decoded(picture).size[0] > 0


async def test_the_slow_callback_detector_sees_a_render_on_the_loop(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The control: the same check does catch a render made on the loop."""
    loop = asyncio.get_running_loop()
    loop.set_debug(True)
    loop.slow_callback_duration = 0.001
    caplog.set_level(logging.WARNING, logger="asyncio")

    async def on_the_loop() -> None:
        draw("\\sum_{k=0}^{42} k^3")

    await asyncio.create_task(on_the_loop())
    assert [record for record in caplog.records if "Executing" in record.getMessage()]


async def test_pictures_are_cached_in_memory_then_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    real_draw = math_picture.draw
    monkeypatch.setattr(
        math_picture, "draw", lambda latex: drawn.append(latex) or real_draw(latex)
    )
    first = FormulaPictures(tmp_path / "formulas")
    picture = await first.picture("a^2+b^2")
    assert first.cached("a^2+b^2") == picture
    assert await first.picture("a^2+b^2") == picture
    restarted = FormulaPictures(tmp_path / "formulas")
    assert restarted.cached("a^2+b^2") is None  # memory is per process
    assert await restarted.picture("a^2+b^2") == picture
    assert drawn == ["a^2+b^2"]  # drawn once, read from disk after the "restart"


async def test_a_render_is_bounded_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    class Stuck(ThreadPoolExecutor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            return Future()  # never done

    monkeypatch.setattr(math_picture, "RENDER_SECONDS", 0.01)
    with pytest.raises(TimeoutError):
        await FormulaPictures(executor=Stuck()).picture("x+y")


async def test_a_long_formula_is_refused_before_the_executor() -> None:
    with SpyExecutor() as executor, pytest.raises(FormulaError):
        await FormulaPictures(executor=executor).picture("x" * 401)
    assert executor.calls == []
