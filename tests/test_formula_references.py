"""Every formula of the bundled quizzes (and of the drafts), drawn, matches its stored picture
(tests/references/formulas/bundled) within a tolerance that survives font hinting and no more:
an edge may move a pixel, a glyph may not change. Its Unicode reading is checked beside it, so
each formula is proved both ways. tests/support/formula_references.py keeps the references.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from bot.domain.spans import Span
from bot.text.math_picture import draw
from bot.text.math_unicode import to_unicode
from tests.support.formula_references import (
    FOLDER,
    MAX_OFF_PIXELS,
    SIZE_CHANGED,
    bundled_formulas,
    greyed,
    index,
    off_pixels,
    reference_name,
)

REGENERATE = "run .venv/bin/python -m tests.support.formula_references and look at the pictures"


@pytest.fixture(scope="module")
def spans() -> list[Span]:
    return bundled_formulas()


@pytest.fixture(scope="module")
def formulas(spans: list[Span]) -> list[str]:
    """Each formula's LaTeX once: displayed or inline, it is the same picture."""
    return sorted({span.text for span in spans})


def reference(latex: str) -> Image.Image:
    with Image.open(FOLDER / reference_name(latex)) as image:
        return image.convert("L")


def test_every_formula_has_its_reference_and_no_reference_is_left_over(
    formulas: list[str],
) -> None:
    assert len(formulas) >= 50  # the bundled quizzes and the drafts hold ~80
    missing = [latex for latex in formulas if not (FOLDER / reference_name(latex)).is_file()]
    assert missing == [], f"no stored picture of {missing}: {REGENERATE}"
    stored = {path.name for path in FOLDER.glob("*.png")}
    unused = stored - {reference_name(latex) for latex in formulas}
    assert unused == set(), f"pictures of formulas no quiz holds: {unused}: {REGENERATE}"
    assert index() == {reference_name(latex): latex for latex in formulas}
    assert sum(path.stat().st_size for path in FOLDER.iterdir()) < 120_000


def test_every_formula_renders_both_ways_and_matches_its_picture(
    spans: list[Span], formulas: list[str]
) -> None:
    for span in spans:
        unicode = to_unicode(span.text, display=span.kind == "display")
        assert unicode.text.strip(), span
        assert "\\" not in unicode.text, span
    off: dict[str, int] = {}
    for latex in formulas:
        count = off_pixels(greyed(draw(latex)), reference(latex))
        if count > MAX_OFF_PIXELS:
            off[latex] = count
    assert off == {}, f"drawn unlike their references (pixels off): {off}"


def shifted(image: Image.Image, pixels: int) -> Image.Image:
    """The picture moved right by `pixels`, the card's colour filling the gap: what another
    hinting does to an edge, at worst, in one direction."""
    moved = ImageChops.offset(image, pixels, 0)
    fill = Image.new("L", (pixels, image.height), image.getpixel((0, 0)))  # type: ignore[arg-type]
    moved.paste(fill, (0, 0))
    return moved


def test_the_tolerance_forgives_a_pixel_and_sees_a_changed_glyph(formulas: list[str]) -> None:
    times = "(m+p-1)(t_f+t_b)"
    assert times in formulas
    stored = reference(times)
    drawn = greyed(draw(times))
    assert off_pixels(drawn, stored) == 0
    assert off_pixels(shifted(drawn, 1), stored) <= MAX_OFF_PIXELS  # hinting moved an edge
    assert off_pixels(shifted(drawn, 2), stored) > MAX_OFF_PIXELS  # but no further
    for changed in ("(m+p-1)(t_f-t_b)", "(m+q-1)(t_f+t_b)", "(m+p-2)(t_f+t_b)"):
        again = greyed(draw(changed))
        assert again.size == stored.size  # the same card: only the glyph tells them apart
        assert off_pixels(again, stored) > MAX_OFF_PIXELS, changed
    assert off_pixels(greyed(draw(times + "+1")), stored) == SIZE_CHANGED


def test_a_reference_is_small_and_shows_ink_on_the_card() -> None:
    stored = reference("(m+p-1)(t_f+t_b)")
    assert stored.getextrema()[0] < 100  # ink
    assert stored.getpixel((0, 0)) > 240  # the light card
    assert len((FOLDER / reference_name("(m+p-1)(t_f+t_b)")).read_bytes()) < 2_000
