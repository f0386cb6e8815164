"""Matrices in formulas (bot/text/math_matrix.py, math_grid.py): read, drawn, checked, in Unicode.

mathtext has no environments; a matrix is cut out, its cells drawn by mathtext and the grid and
its delimiters put together with Pillow. These tests hold the reading (every mistake named), the
picture (its shape, its columns, a stored reference), `quizbot validate` and the process pool.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from adapters.formula_pool import drawing_pool
from bot.text.math_matrix import MAX_COLUMNS, MAX_ROWS, Matrix, parts
from bot.text.math_picture import FormulaError, FormulaPictures, check, draw
from bot.text.math_unicode import to_unicode
from bot.text.mathml import to_mathml
from tests.support.formula_references import MAX_OFF_PIXELS, greyed, off_pixels
from tests.support.paths import ROOT

REFERENCES = Path(__file__).parent / "references" / "formulas"
PMATRIX = r"A = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}"
ROW = " & ".join([r"\alpha_{12}"] * MAX_COLUMNS)
"""A row of the largest matrix: ten of them are over MAX_FORMULA characters all the same."""
DETERMINANT = r"\det \begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc"


def decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("L")


def ink_clusters(image: Image.Image, dark: int = 110) -> int:
    """How many runs of columns hold dark ink, separated by columns that hold none."""
    columns = [
        any(image.getpixel((x, y)) < dark for y in range(image.height))  # type: ignore[operator]
        for x in range(image.width)
    ]
    return sum(1 for x, inked in enumerate(columns) if inked and (x == 0 or not columns[x - 1]))


def test_a_formula_is_cut_into_text_and_matrices() -> None:
    two = Matrix("pmatrix", (("1", "2"), ("3", "4")), ("c", "c"), "(", ")")
    assert parts(PMATRIX) == ("A = ", two)
    assert parts(DETERMINANT)[0] == "\\det "
    assert parts(DETERMINANT)[2] == " = ad - bc"
    ragged = parts(r"\begin{bmatrix} a & {b \\ c} \\ d \\ \end{bmatrix}")
    assert ragged == (Matrix("bmatrix", (("a", "{b \\\\ c}"), ("d", "")), ("c", "c"), "[", "]"),)
    array = parts(r"\begin{array}{lr} x & \& \end{array}")
    assert array == (Matrix("array", (("x", "\\&"),), ("l", "r"), "", ""),)
    assert parts("x^2") == ("x^2",)


def test_left_and_right_around_a_bare_matrix_are_its_delimiters() -> None:
    """LaTeX's older idiom: `\\left( \\begin{array}…\\end{array} \\right)`."""
    cases = parts(r"f(x) = \left\{ \begin{array}{ll} x & x \geq 0 \end{array} \right.")
    assert cases == ("f(x) = ", Matrix("array", (("x", "x \\geq 0"),), ("l", "l"), "{", ""))
    norm = parts(r"\left\| \begin{matrix} a \end{matrix} \right\Vert^2")
    assert norm == (Matrix("matrix", (("a",),), ("c",), "‖", "‖"), "^2")
    as_pmatrix = r"\left( \begin{matrix} 1 & 2 \\ 3 & 4 \end{matrix} \right)"
    assert draw(as_pmatrix) == draw(r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}")
    with pytest.raises(FormulaError, match="around a pmatrix, which has its own delimiters"):
        check(r"\left[ \begin{pmatrix} 1 \end{pmatrix} \right]")


@pytest.mark.parametrize(
    ("latex", "message"),
    [
        (r"\begin{pmatrix} 1 & 2", r"\\begin{pmatrix} \(character 1\) is never closed"),
        (r"\begin{pmatrix} 1 \end{bmatrix}", r"closed by \\end{bmatrix} \(character 19\)"),
        (r"x \end{pmatrix}", r"\\end{pmatrix} closes nothing \(character 3\)"),
        (
            r"\begin{pmatrix} \begin{matrix} 1 \end{matrix} \end{pmatrix}",
            r"a matrix inside a matrix cannot be drawn: \\begin{matrix} inside \\begin{pmatrix}",
        ),
        (r"\begin{align} x \end{align}", "the environment align cannot be drawn.*these can"),
        (r"\begin{array}{c|c} 1 & 2 \end{array}", r"columns are written with l, c and r only"),
        (r"\begin{array}{c} 1 & 2 \end{array}", "an array row has 2 cells; its columns say 1"),
        (r"\begin{cases} 1 & 2 & 3 \end{cases}", "a cases row has 3 cells; at most 2"),
        (
            r"\begin{matrix}" + r" \\ ".join("x" * (MAX_ROWS + 1)) + r"\end{matrix}",
            f"the matrix has {MAX_ROWS + 1} rows; at most {MAX_ROWS}",
        ),
        (
            r"\begin{bmatrix}" + " & ".join("x" * (MAX_COLUMNS + 1)) + r"\end{bmatrix}",
            f"the bmatrix has {MAX_COLUMNS + 1} columns; at most {MAX_COLUMNS}",
        ),
        (r"\begin{pmatrix} 1 & \foo \end{pmatrix}", r"pmatrix's row 1, column 2: Unknown symbol"),
        (r"\begin{pmatrix} 1 \end{pmatrix} \right)", "Unknown symbol|Expected|unexpected"),
        (r"\begin{pmatrix}" + r" \\ ".join([ROW] * MAX_ROWS) + r"\end{pmatrix}", "at most 400"),
    ],
)
def test_what_cannot_be_drawn_is_refused_with_its_reason(latex: str, message: str) -> None:
    with pytest.raises(FormulaError, match=message):
        check(latex)
    with pytest.raises(FormulaError, match=message):
        draw(latex)


def test_a_matrix_is_drawn_taller_than_a_line_with_a_column_of_ink_per_column() -> None:
    matrix = decoded(draw(PMATRIX))
    line = decoded(draw("A = 1 + 2"))
    assert matrix.height > 1.5 * line.height
    assert matrix.getpixel((0, 0)) == line.getpixel((0, 0))  # the same card
    # A, =, (, the two columns, ): each a run of inked columns of its own
    assert ink_clusters(matrix) == 6
    three = decoded(draw(r"\begin{bmatrix} 1 & 2 & 3 \\ 4 & 5 & 6 \\ 7 & 8 & 9 \end{bmatrix}"))
    assert ink_clusters(three) == 5  # [, three columns, ]
    assert three.height > decoded(draw(r"\begin{bmatrix} 1 & 2 & 3 \end{bmatrix}")).height * 2
    assert ink_clusters(decoded(draw(r"\begin{matrix} 1 & 2 & 3 & 4 \end{matrix}"))) == 4


def last_cluster_rows(image: Image.Image, dark: int = 110) -> tuple[int, int]:
    """The top and bottom rows of the rightmost run of inked columns."""
    inked = [
        x
        for x in range(image.width)
        if image.crop((x, 0, x + 1, image.height)).getextrema()[0] < dark
    ]
    start = max(x for x in inked if x - 1 not in inked)
    rows = [
        y
        for y in range(image.height)
        if image.crop((start, y, image.width, y + 1)).getextrema()[0] < dark
    ]
    return rows[0], rows[-1]


def test_a_script_after_a_matrix_is_the_matrixs() -> None:
    """`^{-1}` sits at the matrix's top right and `_{ij}` at its bottom right, not on the
    line's baseline as mathtext would put them after `A`."""
    column = r"\begin{pmatrix} 1 \\ 2 \\ 3 \end{pmatrix}"
    raised = decoded(draw(column + "^{-1}"))
    top, bottom = last_cluster_rows(raised)
    assert bottom < raised.height * 0.35
    lowered = decoded(draw(column + "_{ij}"))
    top, bottom = last_cluster_rows(lowered)
    assert top > lowered.height * 0.6
    assert parts(column + "^{-1} = B")[1] == "^{-1} = B"  # the reading keeps the text
    assert to_unicode(column + "^{-1}").text == "(1; 2; 3)⁻¹"


@pytest.mark.parametrize(
    "latex",
    [
        r"\begin{Bmatrix} a \\ b \end{Bmatrix} \begin{Vmatrix} a & b \end{Vmatrix}",
        r"|x| = \begin{cases} x & x \geq 0 \\ -x & x < 0 \end{cases}",
        r"\begin{array}{lr} \frac{1}{2} & x \\ y & \sum_{i=1}^n i \end{array}^{-1}",
        r"\begin{pmatrix} & 1 \\ 2 & \end{pmatrix}",  # empty cells
    ],
)
def test_every_environment_draws_ink_on_the_card(latex: str) -> None:
    picture = decoded(draw(latex))
    assert picture.getextrema()[0] < 100
    assert picture.getpixel((0, 0)) > 240
    assert draw(latex) == draw(latex)  # the same formula, the same bytes


@pytest.mark.parametrize(("name", "latex"), [("matrix", PMATRIX), ("determinant", DETERMINANT)])
def test_a_matrix_matches_its_stored_reference(name: str, latex: str) -> None:
    """Stored as the bundled references are (`stored(greyed(draw(latex)))`, 16 greys) and
    looked at; held within their tolerance, which sees a changed cell."""
    with Image.open(REFERENCES / f"{name}.png") as stored:
        reference = stored.convert("L")
    assert off_pixels(greyed(draw(latex)), reference) <= MAX_OFF_PIXELS
    changed = latex.replace("4", "1") if "4" in latex else latex.replace("ad", "ab")
    assert off_pixels(greyed(draw(changed)), reference) > MAX_OFF_PIXELS


def test_a_matrix_is_not_faithful_in_unicode_and_reads_row_by_row() -> None:
    shown = to_unicode(PMATRIX)
    assert (shown.text, shown.faithful) == ("A = (1 2; 3 4)", False)
    assert to_unicode(DETERMINANT).text == "det |a b; c d| = ad − bc"
    assert to_unicode(r"\left( \begin{matrix} a \\ b \end{matrix} \right)^T").text == "(a; b)ᵀ"


def test_the_report_writes_a_matrix_in_mathml() -> None:
    shown = to_mathml(PMATRIX)
    assert shown is not None
    assert shown.count("<mtr>") == 2
    assert shown.count("<mtd>") == 4


async def test_a_matrix_is_drawn_by_the_worker_process() -> None:
    """adapters/formula_pool.py's spawned worker runs load_or_draw on a matrix too."""
    pool = drawing_pool()
    try:
        picture = await FormulaPictures(executor=pool).picture(PMATRIX)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    assert picture == draw(PMATRIX)


QUIZ = r"""format: 3
id: matrices
languages: [en]
title: "Matrices"
difficulty: easy
questions:
  - id: det
    prompt: 'What is the determinant of $A = \begin{pmatrix}1&2\\3&4\end{pmatrix}$?'
    choices: ["$-2$", "$2$"]
    answer: A
  - id: broken
    prompt: 'Is $$\begin{pmatrix}\begin{bmatrix}1\end{bmatrix}\end{pmatrix}$$ a matrix?'
    choices: ["Yes", 'No: $\begin{vmatrix}a & b\end{Vmatrix}$']
    answer: B
"""


def validate(path: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "adapters.cli", "validate", str(path)]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)


def test_validate_accepts_a_matrix_and_names_the_line_of_a_nested_or_unbalanced_one(
    tmp_path: Path,
) -> None:
    good = tmp_path / "matrices.yaml"
    good.write_text(QUIZ.split("  - id: broken")[0], encoding="utf-8")
    accepted = validate(good)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    bad = tmp_path / "broken.yaml"
    bad.write_text(QUIZ.replace("id: matrices", "id: broken"), encoding="utf-8")
    refused = validate(bad)
    assert refused.returncode != 0
    said = refused.stdout + refused.stderr
    assert f"{bad}:12: question 'broken': prompt (en): the formula" in said
    assert "a matrix inside a matrix cannot be drawn" in said
    assert f"{bad}:13: question 'broken': choice B (en): the formula" in said
    assert r"\begin{vmatrix} (character 1) is closed by \end{Vmatrix}" in said
    assert ":8:" not in said  # the good matrix is accepted beside them
