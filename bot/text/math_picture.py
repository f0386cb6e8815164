"""A formula drawn as a PNG card: matplotlib's mathtext (no TeX install), off the event loop.

The one module that imports matplotlib (Agg, no GUI). Dark ink on a light card with a margin,
so a formula reads in a dark chat theme. Bounded: a formula over `MAX_FORMULA` characters is
refused, and `FormulaPictures.picture` waits at most `RENDER_SECONDS` for a render. Cached by
content: in memory (LRU) and, given a folder, on disk, so a restart does not draw again.
mathtext has no environments: a formula with matrices is read into parts (bot/text/math_matrix),
each part and cell drawn here and the whole put together by Pillow (bot/text/math_grid).
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import re
import threading
from collections import OrderedDict
from concurrent.futures import Executor
from functools import cache
from pathlib import Path

import matplotlib
import numpy as np

matplotlib.use("Agg")  # before any figure: the library must never look for a display

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.mathtext import MathTextParser
from PIL import Image

from bot.text import math_grid
from bot.text.math_grid import Ink
from bot.text.math_matrix import FormulaError, Matrix, has_environment, leading_scripts, parts

__all__ = ["CARD", "INK", "MAX_FORMULA", "FormulaError", "FormulaPictures", "check", "draw"]

MAX_FORMULA = 400
"""Characters of LaTeX a formula may have: more is a paragraph, not a formula."""
RENDER_SECONDS = 5.0
"""The longest a caller waits for one picture."""
CARD = "#fbfaf7"
INK = "#1b1b1f"
FONT_SIZE = 22
DPI = 100
PAD_INCHES = 0.18
MEMORY_ENTRIES = 256
GRID_VERSION = 2
"""Raised when math_grid's layout changes: matrices are drawn again."""
RENDERER_VERSION = (
    f"mathtext-{matplotlib.__version__}-{CARD}-{INK}-{FONT_SIZE}-{DPI}-grid{GRID_VERSION}"
)
"""Part of every cache key: a new matplotlib or a new look draws again."""

_PARSER = MathTextParser("path")
_RASTER = MathTextParser("agg")
_LOCK = threading.Lock()
"""mathtext's parser and font cache are shared state: one render at a time."""


def check_length(latex: str) -> None:
    if len(latex) > MAX_FORMULA:
        raise FormulaError(f"the formula is {len(latex)} characters; at most {MAX_FORMULA}")


def check(latex: str) -> None:
    """Raise FormulaError if the formula is too long, holds a matrix that cannot be drawn, or
    mathtext cannot parse it or one of its cells (no drawing)."""
    check_length(latex)
    for part in parts(latex):
        if isinstance(part, str):
            _parse(part)
            continue
        for row_number, row in enumerate(part.rows, start=1):
            for column, cell in enumerate(row, start=1):
                if cell:
                    _parse(cell, f"the {part.environment}'s row {row_number}, column {column}: ")


def _parse(latex: str, where: str = "") -> None:
    try:
        with _LOCK:
            _PARSER.parse(_mathtext(latex), dpi=72)
    except ValueError as error:
        raise FormulaError(where + _reason(str(error))) from None


_PARSE_ERROR = re.compile(
    r"^\w+: (?P<what>.*?)(?:, found (?P<found>.*?))?\s+\(at char (?P<at>\d+)\)"
)


def _reason(error: str) -> str:
    """mathtext's parse error, short: "Unknown symbol: \\begin (character 1)"."""
    match = _PARSE_ERROR.match(error.strip().splitlines()[-1] if error.strip() else "")
    if match is None:
        return "mathtext cannot read it"
    what = match["what"]
    if len(what) > 60:  # "Expected {phantom | llap | …}": the grammar, not a reason
        what = f"unexpected {match['found'] or 'end'}"
    return f"{what} (character {int(match['at']) + 1})"


def draw(latex: str) -> bytes:
    """The formula as PNG bytes, drawn now (blocking: call it through FormulaPictures)."""
    check(latex)
    if has_environment(latex):
        return _drawn_in_parts(latex)
    figure = Figure(facecolor=CARD)
    FigureCanvasAgg(figure)
    figure.text(0, 0, _mathtext(latex), fontsize=FONT_SIZE, color=INK)
    buffer = io.BytesIO()
    with _LOCK:
        figure.savefig(
            buffer,
            format="png",
            dpi=DPI,
            facecolor=CARD,
            bbox_inches="tight",
            pad_inches=PAD_INCHES,
            metadata={"Software": None},  # the same formula, the same bytes
        )
    return buffer.getvalue()


def _drawn_in_parts(latex: str) -> bytes:
    """Text and matrices drawn piece by piece with mathtext, laid out by math_grid."""
    em = FONT_SIZE * DPI / 72
    pieces: list[Ink] = []
    after_matrix = False
    for part in parts(latex):
        if isinstance(part, Matrix):
            cells = [[_ink(cell) if cell else None for cell in row] for row in part.rows]
            delimiters = (part.left, part.right)
            pieces.append(math_grid.grid(cells, part.align, delimiters, em, _axis()))
            after_matrix = True
            continue
        text = part
        if after_matrix:
            sup, sub, text = leading_scripts(part)
            if sup or sub:
                small = FONT_SIZE * math_grid.SCRIPT
                scripts = (_ink(sup, small) if sup else None, _ink(sub, small) if sub else None)
                pieces[-1] = math_grid.scripted(pieces[-1], *scripts, em)
        if text.strip():
            pieces.append(_ink(text))
        after_matrix = False
    whole = math_grid.side_by_side(pieces, em)
    return math_grid.card(whole, round(PAD_INCHES * DPI), CARD, INK)


def _ink(latex: str, font_size: float = FONT_SIZE) -> Ink:
    """One piece drawn by mathtext: its coverage and its baseline.

    The raster says not where its baseline is; the vector parse gives the box's height above
    it (rounded up), and the raster starts one pixel above the box. A raster of ink that
    stays above the baseline (`^{-1}`) stops short of it, so the mask is extended down to it.
    """
    size = FontProperties(size=font_size)
    with _LOCK:
        raster = _RASTER.parse(_mathtext(latex), dpi=DPI, prop=size)
        vector = _PARSER.parse(_mathtext(latex), dpi=DPI, prop=size)
    drawn = Image.fromarray(np.asarray(raster.image, dtype=np.uint8), mode="L")
    baseline = round(vector.height - vector.depth) + 1
    mask = Image.new("L", (drawn.width, max(drawn.height, baseline + round(vector.depth))), 0)
    mask.paste(drawn, (0, 0))
    return Ink(mask, baseline)


@cache
def _axis() -> int:
    """The math axis (the middle of a minus sign) in pixels above the baseline: a matrix's
    middle sits there, as TeX centres it."""
    minus = _ink("-")
    rows = np.nonzero(np.asarray(minus.mask).max(axis=1))[0]
    return round(minus.baseline - float(rows[0] + rows[-1]) / 2)


ALIASES = {"le": "leq", "ge": "geq", "land": "wedge", "lor": "vee", "textrm": "mathrm",
           "mbox": "text"}  # fmt: skip
"""LaTeX's other names for what mathtext knows: the Unicode whitelist (math_unicode) takes
them, so the picture must too."""
_ALIAS = re.compile(r"\\(" + "|".join(ALIASES) + r")(?![A-Za-z])")


def _mathtext(latex: str) -> str:
    """mathtext reads `$…$`; a displayed formula is drawn the same (one line, larger card)."""
    return "$" + _ALIAS.sub(_alias, latex.strip()) + "$"


def _alias(found: re.Match[str]) -> str:
    return "\\" + ALIASES[found[1]]


def content_key(latex: str) -> str:
    return hashlib.sha256(f"{RENDERER_VERSION}\n{latex}".encode()).hexdigest()


class FormulaPictures:
    """Formula pictures by content: memory LRU, then the disk folder, then a render off-loop."""

    def __init__(self, folder: Path | None = None, executor: Executor | None = None) -> None:
        self.folder = folder
        self.executor = executor
        """None: the event loop's default thread pool; a process pool also keeps mathtext's
        pure-Python parsing from taking the GIL from the loop (bench/formulas.py)."""
        self.memory: OrderedDict[str, bytes] = OrderedDict()

    def cached(self, latex: str) -> bytes | None:
        """The picture if memory holds it: a dictionary lookup, safe on the event loop."""
        key = content_key(latex)
        picture = self.memory.get(key)
        if picture is not None:
            self.memory.move_to_end(key)
        return picture

    async def picture(self, latex: str) -> bytes:
        """The formula's PNG: from memory, else read or drawn in the executor, never on the loop.

        Raises FormulaError (too long, unreadable) or TimeoutError (over RENDER_SECONDS).
        """
        picture = self.cached(latex)
        if picture is not None:
            return picture
        check_length(latex)  # refused at once, without a trip to the executor
        loop = asyncio.get_running_loop()
        work = loop.run_in_executor(self.executor, load_or_draw, self.folder, latex)
        picture = await asyncio.wait_for(work, RENDER_SECONDS)
        self._remember(content_key(latex), picture)
        return picture

    def _remember(self, key: str, picture: bytes) -> None:
        self.memory[key] = picture
        self.memory.move_to_end(key)
        while len(self.memory) > MEMORY_ENTRIES:
            self.memory.popitem(last=False)


def load_or_draw(folder: Path | None, latex: str) -> bytes:
    """Blocking: the disk cache's copy, else a fresh drawing written there. A module function,
    so a process pool can run it (a thread pool shares the GIL with the event loop)."""
    path = folder / f"{content_key(latex)}.png" if folder is not None else None
    if path is not None and path.is_file():
        return path.read_bytes()
    picture = draw(latex)
    if path is not None:
        _store(path, picture)
    return picture


def _store(path: Path, picture: bytes) -> None:
    """Written beside, then renamed: a reader never sees half a file. Best effort."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{threading.get_ident()}.part")
        partial.write_bytes(picture)
        partial.replace(path)
    except OSError:
        pass  # a read-only cache folder costs a render next time, nothing more
