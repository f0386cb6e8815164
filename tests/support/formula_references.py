"""Stored pictures of every bundled formula, and the comparison that survives font hinting.

A reference is the formula's card in 16 greys (about 1 kB: 79 formulas in under 100 kB), named
by the SHA-256 of its LaTeX; `index.json` says which formula each file is. After a quiz's
formulas change, write the missing references and drop the unused ones with

    .venv/bin/python -m tests.support.formula_references

and look at the new pictures before committing them: they are what the test holds the
renderer to.

The comparison forgives what another FreeType or another hinting changes, and nothing else:
each drawn pixel may lie anywhere between the darkest and the lightest reference pixel around
it (3 × 3, so an edge may move by one pixel), give or take `INK_SLACK` greys (antialiasing
and the 16 stored greys); a changed glyph puts ink where the reference has none.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter

from bot.domain.spans import Span
from tests.support.formulas import formulas_in
from tests.support.paths import QUIZZES, ROOT

FOLDER = ROOT / "tests" / "references" / "formulas" / "bundled"
DRAFTS = ROOT / "docs" / "drafts"
PATCH = DRAFTS / "format-3-formulas.patch"
INDEX = FOLDER / "index.json"
GREYS = 16
INK_SLACK = 48
"""Greys (of 255) a pixel may fall outside its neighbourhood in the reference."""
MAX_OFF_PIXELS = 8
"""Pixels that may fall outside it: a few stray antialiased ones. A count, not a share of
the card, so a long formula hides no change: `+` drawn as `-` puts 14 pixels off, `p` as
`q` 29 (matplotlib's wheels carry their own FreeType, so a render is the same on every
machine that has them; the slack is for one that builds matplotlib against another)."""
SIZE_CHANGED = 10**9
MAX_SIZE_CHANGE = 2
"""Pixels the card's width or height may differ by (bbox_inches rounds)."""


def bundled_formulas() -> list[Span]:
    """Every formula of quizzes/*.yaml, of docs/drafts/*.yaml and of the bundled quizzes with
    the drafts' patch applied (while there are drafts), each once, in a stable order."""
    paths = [*QUIZZES.glob("*.yaml"), *DRAFTS.glob("*.yaml")]
    with tempfile.TemporaryDirectory() as folder:
        if PATCH.is_file():
            shutil.copytree(QUIZZES, Path(folder) / "quizzes")
            applied = ["git", "apply", str(PATCH)]
            subprocess.run(applied, cwd=folder, check=True, capture_output=True)
            paths += sorted((Path(folder) / "quizzes").glob("*.yaml"))
        found = formulas_in(paths)
    return sorted(found, key=lambda span: (span.kind, span.text))


def reference_name(latex: str) -> str:
    return hashlib.sha256(latex.encode()).hexdigest()[:16] + ".png"


def greyed(png: bytes) -> Image.Image:
    """A card as the reference keeps it: one channel, `GREYS` levels."""
    with Image.open(io.BytesIO(png)) as image:
        grey = image.convert("L")
    step = 256 // GREYS
    return grey.point(lambda value: min(255, (value // step) * step + step // 2))


def stored(grey: Image.Image) -> bytes:
    out = io.BytesIO()
    grey.quantize(GREYS).save(out, "PNG", optimize=True, bits=4)
    return out.getvalue()


def off_pixels(drawn: Image.Image, reference: Image.Image) -> int:
    """How many of `drawn`'s pixels fall outside the reference's 3 × 3 neighbourhood, give or
    take INK_SLACK; SIZE_CHANGED when the sizes differ by more than MAX_SIZE_CHANGE."""
    drawn, reference = drawn.convert("L"), reference.convert("L")
    if any(abs(a - b) > MAX_SIZE_CHANGE for a, b in zip(drawn.size, reference.size, strict=True)):
        return SIZE_CHANGED
    if drawn.size != reference.size:
        drawn = drawn.resize(reference.size)
    darkest = reference.filter(ImageFilter.MinFilter(3))
    lightest = reference.filter(ImageFilter.MaxFilter(3))
    darker = ImageChops.subtract(darkest, drawn)  # 0 where drawn is not darker than allowed
    lighter = ImageChops.subtract(drawn, lightest)
    off = ImageChops.lighter(darker, lighter).point(lambda value: 255 if value > INK_SLACK else 0)
    return off.histogram()[255]


def index() -> dict[str, str]:
    """Reference file name → the formula it shows."""
    if not INDEX.is_file():
        return {}
    return dict(json.loads(INDEX.read_text(encoding="utf-8")))


def write_references() -> tuple[list[str], list[str]]:
    """Draw the missing references, drop the unused ones; (written, dropped) formulas."""
    from bot.text.math_picture import draw

    formulas = sorted({span.text for span in bundled_formulas()})
    FOLDER.mkdir(parents=True, exist_ok=True)
    wanted = {reference_name(latex): latex for latex in formulas}
    written = []
    for name, latex in wanted.items():
        if not (FOLDER / name).is_file():
            (FOLDER / name).write_bytes(stored(greyed(draw(latex))))
            written.append(latex)
    dropped = []
    for path in FOLDER.glob("*.png"):
        if path.name not in wanted:
            dropped.append(index().get(path.name, path.name))
            path.unlink()
    ordered = dict(sorted(wanted.items(), key=lambda item: item[1]))
    INDEX.write_text(json.dumps(ordered, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return written, dropped


if __name__ == "__main__":
    done, gone = write_references()
    for latex in done:
        print(f"written  ${latex}$")
    for latex in gone:
        print(f"dropped  ${latex}$")
    sys.exit(0)
