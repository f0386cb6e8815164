"""A formula cut into the parts mathtext draws and the matrices it cannot (no array support).

mathtext (bot/text/math_picture.py) knows no LaTeX environment, so `A = \\begin{pmatrix} 1 & 2
\\\\ 3 & 4 \\end{pmatrix}` is read here into `A =` and a `Matrix` of cells, each cell plain
mathtext again; the picture is then put together from the parts (bot/text/math_grid.py) and
the Unicode text reads a matrix as `(1 2; 3 4)` (bot/text/math_unicode.py). `\\left(` and
`\\right)` around a bare `matrix` or `array` are its delimiters, as in LaTeX. No matplotlib and
no Pillow here: the Unicode path needs this reading too. Bounded: `MAX_ROWS` × `MAX_COLUMNS`
cells, one level (a matrix in a matrix is refused), and every mistake is a FormulaError that
says which environment and where, for `quizbot validate`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache

MAX_ROWS = 10
MAX_COLUMNS = 10
DELIMITERS: dict[str, tuple[str, str]] = {
    "matrix": ("", ""),
    "pmatrix": ("(", ")"),
    "bmatrix": ("[", "]"),
    "Bmatrix": ("{", "}"),
    "vmatrix": ("|", "|"),
    "Vmatrix": ("‖", "‖"),
    "cases": ("{", ""),
    "array": ("", ""),
}
"""The environments drawn, and the delimiters each puts left and right of its cells."""
SUPPORTED = ", ".join(DELIMITERS)

_TOKEN = re.compile(r"\\(?:(begin|end)\s*\{([^{}]*)\}|\\|.)|([{}&])", re.DOTALL)
"""`\\begin{name}`, `\\end{name}`, any other escape (so `\\\\` and `\\&` are one token),
or a brace or `&`."""
_ARRAY_SPEC = re.compile(r"\s*\{([^{}]*)\}")
_SIZED = {
    "(": "(", ")": ")", "[": "[", "]": "]", "\\{": "{", "\\}": "}", "\\lbrace": "{",
    "\\rbrace": "}", "|": "|", "\\vert": "|", "\\lvert": "|", "\\rvert": "|", "\\|": "‖",
    "\\Vert": "‖", "\\lVert": "‖", "\\rVert": "‖", ".": "",
}  # fmt: skip
"""What `\\left` and `\\right` may put around a bare matrix or array, as math_grid draws it."""
_DELIMITER = "|".join(re.escape(mark) + ("(?![A-Za-z])" if mark[-1].isalpha() else "")
                      for mark in sorted(_SIZED, key=len, reverse=True))  # fmt: skip
_LEFT = re.compile(rf"\\left\s*({_DELIMITER})\s*$")
_RIGHT = re.compile(rf"^\s*\\right\s*({_DELIMITER})")


class FormulaError(ValueError):
    """A formula that cannot be drawn; the message says why, for `quizbot validate`."""


@dataclass(frozen=True, slots=True)
class Matrix:
    """One environment's cells, row by row (rows padded to the same length with ""), and the
    delimiters drawn around them: the environment's, or `\\left…\\right…` around a bare one."""

    environment: str
    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...]
    """Each column's alignment: "l", "c" or "r"."""
    left: str
    right: str


Part = str | Matrix
"""Formula text mathtext draws as it is, or a matrix."""


def has_environment(latex: str) -> bool:
    """The cheap test: without `\\begin` or `\\end` a formula is one part, itself."""
    return "\\begin" in latex or "\\end" in latex


@lru_cache(maxsize=1024)
def parts(latex: str) -> tuple[Part, ...]:
    """The formula's parts left to right (blank text left out); FormulaError if an environment
    is unknown, nested, unclosed, closed by another's `\\end`, or too large."""
    if not has_environment(latex):
        return (latex,) if latex.strip() else ()
    found: list[Part] = []
    text_from = 0
    tokens = _TOKEN.finditer(latex)
    for token in tokens:
        kind, name = token[1], token[2]
        if kind == "end":
            raise FormulaError(f"\\end{{{name}}} closes nothing (character {token.start() + 1})")
        if kind != "begin":
            continue
        if name not in DELIMITERS:
            raise FormulaError(
                f"the environment {name or '(unnamed)'} cannot be drawn (character"
                f" {token.start() + 1}); these can: {SUPPORTED}"
            )
        if latex[text_from : token.start()].strip():
            found.append(latex[text_from : token.start()])
        body_from, align = token.end(), tuple[str, ...]()
        if name == "array":
            body_from, align = _array_spec(latex, token)
        body_to, text_from = _closing(latex, token, tokens, name)
        found.append(_matrix(name, latex[body_from:body_to], align))
    if latex[text_from:].strip():
        found.append(latex[text_from:])
    return _sized(found)


def _sized(found: list[Part]) -> tuple[Part, ...]:
    """`\\left( \\begin{matrix}…\\end{matrix} \\right)` as a pmatrix would be: the delimiters
    taken out of the text beside a matrix drawn without its own (matrix, array)."""
    for at, part in enumerate(found):
        if not isinstance(part, Matrix) or not 0 < at < len(found) - 1:
            continue
        before, after = found[at - 1], found[at + 1]
        if not isinstance(before, str) or not isinstance(after, str):
            continue
        left, right = _LEFT.search(before), _RIGHT.match(after)
        if left is None or right is None:
            continue
        if part.left or part.right:
            raise FormulaError(
                f"\\left{left[1]} … \\right{right[1]} around a {part.environment}, which has"
                " its own delimiters: put a matrix inside them, or the "
                f"{part.environment} alone"
            )
        found[at] = replace(part, left=_SIZED[left[1]], right=_SIZED[right[1]])
        found[at - 1], found[at + 1] = before[: left.start()], after[right.end() :]
    return tuple(part for part in found if not isinstance(part, str) or part.strip())


def _array_spec(latex: str, begin: re.Match[str]) -> tuple[int, tuple[str, ...]]:
    """Where the array's body starts, and its columns' alignments (`{lcr}`: no rules)."""
    spec = _ARRAY_SPEC.match(latex, begin.end())
    where = f"(character {begin.start() + 1})"
    if spec is None:
        raise FormulaError(f"\\begin{{array}} needs its columns, e.g. {{cc}} {where}")
    letters = spec[1].replace(" ", "")
    if not letters or set(letters) - set("lcr"):
        raise FormulaError(
            f"an array's columns are written with l, c and r only, not {{{spec[1]}}} {where}"
        )
    return spec.end(), tuple(letters)


def _closing(
    latex: str, begin: re.Match[str], tokens: Iterator[re.Match[str]], name: str
) -> tuple[int, int]:
    """Where the environment's body ends and its `\\end{…}` ends; FormulaError otherwise."""
    where = f"(character {begin.start() + 1})"
    for token in tokens:
        if token[1] == "begin":
            raise FormulaError(
                f"a matrix inside a matrix cannot be drawn: \\begin{{{token[2]}}} inside"
                f" \\begin{{{name}}} (character {token.start() + 1})"
            )
        if token[1] == "end":
            if token[2] != name:
                raise FormulaError(
                    f"\\begin{{{name}}} {where} is closed by \\end{{{token[2]}}}"
                    f" (character {token.start() + 1})"
                )
            return token.start(), token.end()
    raise FormulaError(f"\\begin{{{name}}} {where} is never closed by \\end{{{name}}}")


def _matrix(name: str, body: str, align: tuple[str, ...]) -> Matrix:
    rows = _cells(body)
    if len(rows) > MAX_ROWS:
        raise FormulaError(f"the {name} has {len(rows)} rows; at most {MAX_ROWS}")
    width = max(len(row) for row in rows)
    if width > MAX_COLUMNS:
        raise FormulaError(f"the {name} has {width} columns; at most {MAX_COLUMNS}")
    if name == "cases":
        if width > 2:
            raise FormulaError(f"a cases row has {width} cells; at most 2 (value & condition)")
        align = ("l", "l")
    if name == "array" and width > len(align):
        raise FormulaError(f"an array row has {width} cells; its columns say {len(align)}")
    if not align:
        align = ("c",) * width
    padded = tuple(row + ("",) * (len(align) - len(row)) for row in rows)
    return Matrix(name, padded, align, *DELIMITERS[name])


def _cells(body: str) -> list[tuple[str, ...]]:
    """The body's rows (split at `\\\\`) of cells (split at `&`), outside braces; a last empty
    row (a trailing `\\\\`) is dropped, as LaTeX does."""
    rows: list[tuple[str, ...]] = []
    cells: list[str] = []
    depth, cell_from = 0, 0
    for token in _TOKEN.finditer(body):
        mark = token[3] or token[0]
        if mark == "{":
            depth += 1
        elif mark == "}":
            depth -= 1
        elif depth == 0 and mark in ("&", "\\\\"):
            cells.append(body[cell_from : token.start()].strip())
            cell_from = token.end()
            if mark == "\\\\":
                rows.append(tuple(cells))
                cells = []
    cells.append(body[cell_from:].strip())
    if cells != [""] or not rows:
        rows.append(tuple(cells))
    return rows


def leading_scripts(text: str) -> tuple[str, str, str]:
    """The superscript and subscript that open `text` (what follows a matrix: `^{-1}`, `^T`,
    `_{ij}`), each without its braces, and the rest: ("-1", "", " = B") for `^{-1} = B`."""
    scripts = {"^": "", "_": ""}
    rest = text.lstrip()
    while rest[:1] in scripts and not scripts[rest[0]]:
        mark, body, rest = rest[0], *_argument(rest[1:].lstrip())
        if not body:
            break
        scripts[mark] = body
        rest = rest.lstrip()
    if not any(scripts.values()):
        return "", "", text
    return scripts["^"], scripts["_"], rest


def _argument(text: str) -> tuple[str, str]:
    """A script's argument, a braced group (without its braces), a macro or one character,
    and what follows it; ("", text) when there is none."""
    if text.startswith("{"):
        depth = 0
        for token in _TOKEN.finditer(text):
            depth += {"{": 1, "}": -1}.get(token[3] or "", 0)
            if depth == 0:
                return text[1 : token.start()], text[token.end() :]
        return "", text
    macro = re.match(r"\\[A-Za-z]+|\\.|[^\s{}^_]", text)
    return (macro[0], text[macro.end() :]) if macro else ("", text)
