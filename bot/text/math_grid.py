"""A formula with matrices put together from mathtext's pieces, with Pillow.

mathtext draws each cell and each stretch of formula between matrices (bot/text/math_picture.py);
this module lays them out as TeX would, near enough: cells centred (or flushed, for `array` and
`cases`) in their columns, rows aligned on their baselines with a strut so rows of small glyphs
keep an even pitch, the grid centred on the math axis of the text beside it, and delimiters
stretched over the grid's height, drawn as strokes four times larger and scaled down so their
edges are smooth. Sizes are in ems of the formula's font, so the look follows FONT_SIZE.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageOps

STRUT = (0.84, 0.36)
"""A row's least height above and below its baseline (LaTeX's array strut), in ems."""
ROW_GAP = 0.18
COLUMN_GAP = 1.0
PART_GAP = 0.28
"""Between a matrix and the text beside it: about TeX's space around a relation."""
DELIMITER_GAP = 0.12
OVERSHOOT = 0.12
"""How far a delimiter reaches above and below the cells."""
STROKE = 0.065
DELIMITER_WIDTHS = {"(": 0.34, "[": 0.28, "{": 0.42, "|": 0.0, "‖": 0.16}
CLOSING = {")": "(", "]": "[", "}": "{"}
"""A closing delimiter is its opening one mirrored."""
SUPERSAMPLE = 4
SCRIPT = 0.7
"""A script's size, as a share of the formula's (TeX's 7 pt beside 10 pt)."""
SUPERSCRIPT_DROP = 0.27
"""A script on a matrix: the superscript's baseline this far (ems) below the matrix's top,
as TeX places it on a tall nucleus (sup_drop, 0.386 of the script's em)."""
SCRIPT_GAP = 0.05


@dataclass(frozen=True, slots=True)
class Ink:
    """A drawn piece: coverage (mode "L", 255 is full ink) and its baseline's row from the top."""

    mask: Image.Image
    baseline: int

    @property
    def depth(self) -> int:
        return self.mask.height - self.baseline


def side_by_side(pieces: Sequence[Ink], em: float) -> Ink:
    """Pieces left to right on one baseline, `PART_GAP` apart."""
    gap = round(PART_GAP * em)
    above = max(piece.baseline for piece in pieces)
    below = max(piece.depth for piece in pieces)
    width = sum(piece.mask.width for piece in pieces) + gap * (len(pieces) - 1)
    sheet = Image.new("L", (width, above + below), 0)
    x = 0
    for piece in pieces:
        sheet.paste(piece.mask, (x, above - piece.baseline))
        x += piece.mask.width + gap
    return Ink(sheet, above)


def scripted(nucleus: Ink, sup: Ink | None, sub: Ink | None, em: float) -> Ink:
    """A matrix with its superscript on its top right and its subscript at its bottom right:
    `^{-1}` and `^\\top` read as the matrix's, not as the line's."""
    placed = []
    if sup is not None:
        placed.append((sup, round(SUPERSCRIPT_DROP * em) - sup.baseline))
    if sub is not None:
        placed.append((sub, nucleus.mask.height - sub.baseline))
    top = min([0, *(y for _, y in placed)])
    bottom = max([nucleus.mask.height, *(y + ink.mask.height for ink, y in placed)])
    gap = round(SCRIPT_GAP * em)
    width = nucleus.mask.width + gap + max([0, *(ink.mask.width for ink, _ in placed)])
    sheet = Image.new("L", (width, bottom - top), 0)
    sheet.paste(nucleus.mask, (0, -top))
    for ink, y in placed:
        sheet.paste(ink.mask, (nucleus.mask.width + gap, y - top))
    return Ink(sheet, nucleus.baseline - top)


def grid(
    cells: Sequence[Sequence[Ink | None]],
    align: Sequence[str],
    delimiters: tuple[str, str],
    em: float,
    axis: int,
) -> Ink:
    """The cells as a matrix between its delimiters, its middle on the math axis (`axis`
    pixels above the baseline); a None cell is empty."""
    strut_above, strut_below = (round(share * em) for share in STRUT)
    above = [max([strut_above, *(c.baseline for c in row if c)]) for row in cells]
    below = [max([strut_below, *(c.depth for c in row if c)]) for row in cells]
    widths = [
        max([0, *(cell.mask.width for row in cells if (cell := row[j]) is not None)])
        for j in range(len(align))
    ]
    row_gap, column_gap = round(ROW_GAP * em), round(COLUMN_GAP * em)
    height = sum(above) + sum(below) + row_gap * (len(cells) - 1)
    width = sum(widths) + column_gap * (len(widths) - 1)
    body = Image.new("L", (max(width, 1), height), 0)
    y = 0
    for row, row_above, row_below in zip(cells, above, below, strict=True):
        x = 0
        for cell, column_width, flush in zip(row, widths, align, strict=True):
            if cell is not None:
                room = column_width - cell.mask.width
                left = {"l": 0, "r": room}.get(flush, room // 2)
                body.paste(cell.mask, (x + left, y + row_above - cell.baseline))
            x += column_width + column_gap
        y += row_above + row_below + row_gap
    return _delimited(body, delimiters, em, axis)


def _delimited(body: Image.Image, delimiters: tuple[str, str], em: float, axis: int) -> Ink:
    overshoot, gap = round(OVERSHOOT * em), round(DELIMITER_GAP * em)
    tall = body.height + 2 * overshoot
    left, right = (delimiter(mark, tall, em) for mark in delimiters)
    pieces = [piece for piece in (left, body, right) if piece is not None]
    width = sum(piece.width for piece in pieces) + gap * (len(pieces) - 1)
    sheet = Image.new("L", (width, tall), 0)
    x = 0
    for piece in pieces:
        sheet.paste(piece, (x, (tall - piece.height) // 2))
        x += piece.width + gap
    return Ink(sheet, tall // 2 + axis)


def delimiter(mark: str, height: int, em: float) -> Image.Image | None:
    """A delimiter `height` pixels tall as a coverage mask; None for no delimiter."""
    if not mark:
        return None
    mirrored = mark in CLOSING
    mark = CLOSING.get(mark, mark)
    stroke = max(1.0, STROKE * em) * SUPERSAMPLE
    width = DELIMITER_WIDTHS[mark] * em * SUPERSAMPLE + stroke
    tall = height * SUPERSAMPLE
    big = Image.new("L", (math.ceil(width), tall), 0)
    draw = ImageDraw.Draw(big)
    for line in _strokes(mark, width - stroke, tall - stroke, 0.12 * em * SUPERSAMPLE):
        shifted = [(x + stroke / 2, y + stroke / 2) for x, y in line]
        draw.line(shifted, fill=255, width=round(stroke), joint="curve")
    small = big.resize((max(1, round(big.width / SUPERSAMPLE)), height), Image.Resampling.BOX)
    return ImageOps.mirror(small) if mirrored else small


Point = tuple[float, float]


def _strokes(mark: str, w: float, h: float, apart: float) -> list[list[Point]]:
    """The delimiter's centre lines in a w × h box, opening to the right."""
    if mark == "|":
        return [[(0, 0), (0, h)]]
    if mark == "‖":
        return [[(0, 0), (0, h)], [(w, 0), (w, h)]]
    if mark == "[":
        return [[(w, 0), (0, 0), (0, h), (w, h)]]
    if mark == "(":
        bend = math.radians(55)
        a, b = w / (1 - math.cos(bend)), h / (2 * math.sin(bend))
        steps = [bend * (2 * i / 40 - 1) for i in range(41)]
        return [[(a * (1 - math.cos(t)), h / 2 + b * math.sin(t)) for t in steps]]
    curl = min(h / 4, 6 * apart)
    half = [
        *_bezier((w, 0), (w / 2, 0), (w / 2, curl)),
        *_bezier((w / 2, h / 2 - curl), (w / 2, h / 2), (0, h / 2)),
    ]
    return [half + [(x, h - y) for x, y in reversed(half)]]


def _bezier(start: Point, control: Point, end: Point, steps: int = 16) -> list[Point]:
    points = []
    for i in range(steps + 1):
        t = i / steps
        x = (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t**2 * end[0]
        y = (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t**2 * end[1]
        points.append((x, y))
    return points


def card(ink: Ink, pad: int, background: str, colour: str) -> bytes:
    """The ink on the card with a `pad` margin, as PNG bytes (the same ink, the same bytes)."""
    size = (ink.mask.width + 2 * pad, ink.mask.height + 2 * pad)
    mask = Image.new("L", size, 0)
    mask.paste(ink.mask, (pad, pad))
    ink_sheet, card_sheet = Image.new("RGB", size, colour), Image.new("RGB", size, background)
    picture = Image.composite(ink_sheet, card_sheet, mask)
    out = io.BytesIO()
    picture.save(out, "PNG", optimize=True)
    return out.getvalue()
