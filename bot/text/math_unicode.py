"""A formula written in Unicode for a message's text, and whether Unicode shows it faithfully.

Faithful is a conservative whitelist: letters, digits and operators; the symbols in `SYMBOLS`
(Greek letters, ×, ≤, →, …, their Unicode taken from pylatexenc); `\\mathrm{…}`-style text;
sub- and superscripts whose every character has a Unicode sub- or superscript (h², Xᵀ, xᵢ).
Anything else (a stacked `\\frac`, a sum with limits, `t_f` since Unicode has no subscript f, a
matrix, displayed math) is not: it needs a picture (bot/text/math_picture.py), and until one is
posted the text shows pylatexenc's best effort (`t_f`, `a/b`), which every reader can follow;
a matrix reads row by row, `(1 2; 3 4)` (bot/text/math_matrix.py cuts it out).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pylatexenc.latex2text import LatexNodes2Text

from bot.text.math_matrix import FormulaError, Matrix, has_environment, parts


def _words(text: str) -> list[str]:
    return text.split()


GREEK = _words(
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi"
    " pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega"
    " Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega"
)
OPERATORS = _words(
    "times cdot div pm mp approx sim simeq equiv propto le leq ge geq ne neq ll gg"
    " to rightarrow leftarrow Rightarrow Leftarrow leftrightarrow mapsto in notin subset"
    " subseteq supset cup cap emptyset forall exists neg land lor oplus otimes circ infty"
    " partial nabla top bot ldots cdots dots prime mid parallel perp angle ell hbar"
)
MISSING = {"ne": "≠", "bot": "⊥", "land": "∧", "lor": "∨", "neg": "¬", "prime": "′"}
"""Symbols pylatexenc 2 writes as their name (or, for prime, as an apostrophe)."""
FUNCTIONS = _words("log ln exp sin cos tan max min arg det gcd lim sup inf dim ker")
SYMBOLS = frozenset(GREEK + OPERATORS)
FRACTIONS = frozenset({"frac", "dfrac", "tfrac"})
SIZING = frozenset({"left", "right"})
"""Macros that only size the delimiter after them: in text, the delimiter as it is (mathtext
knows no `\\bigl` and the like, so those stay refused)."""
TEXT_MACROS = frozenset({"mathrm", "text", "textrm", "operatorname", "mathit", "mbox"})
SPACES = {",": "\u202f", ";": " ", ":": " ", " ": " ", "!": "", "quad": " ", "qquad": "  "}
ESCAPED = {"{": "{", "}": "}", "%": "%", "$": "$", "_": "_", "#": "#", "&": "&"}
PLAIN_CHARS = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+=()[]/<>|,.;:!'*?@ "
)
SUBSCRIPTS = dict(
    zip(
        "0123456789+-=()aehijklmnoprstuvxβγρφχ",
        "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ",
        strict=True,
    )
)
SUPERSCRIPTS = dict(
    zip(
        "0123456789+-=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWαβγδεθιφχ⊤",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵅᵝᵞᵟᵋᶿᶥᵠᵡᵀ",
        strict=True,
    )
)
SUPERSCRIPTS["′"] = "′"  # x^\prime is x′

_TOKEN = re.compile(r"\\([A-Za-z]+|.)|([{}_^])|(\s+)|(.)", re.DOTALL)
_CONVERTER = LatexNodes2Text(math_mode="text")


@dataclass(frozen=True, slots=True)
class UnicodeMath:
    """A formula in Unicode, and whether that is faithful (else it needs a picture)."""

    text: str
    faithful: bool


class _NotFaithfulError(Exception):
    """A construct outside the whitelist."""


@lru_cache(maxsize=4096)
def to_unicode(latex: str, *, display: bool = False) -> UnicodeMath:
    """The formula in Unicode; displayed math is never faithful (it is shown as a picture)."""
    try:
        text = _Reader(latex).expression(until=None)
    except _NotFaithfulError:
        return UnicodeMath(best_effort(latex), faithful=False)
    return UnicodeMath(text, faithful=not display)


def best_effort(latex: str) -> str:
    """Any formula as a reader of plain text writes it: `t_f`, `(a)/(b)`, symbols in Unicode.

    The whitelist's reading, lenient where it stops (bot/text/math_unicode's `_Reader`); what
    even that cannot read (a stray brace, an environment that is not a matrix) is
    pylatexenc's reading of it all.
    """
    if has_environment(latex):
        try:
            return "".join(_part_best_effort(part) for part in parts(latex)).strip()
        except (FormulaError, _NotFaithfulError):
            pass
    try:
        return _Reader(latex, lenient=True).expression(until=None)
    except _NotFaithfulError:
        return " ".join(_CONVERTER.latex_to_text(latex).split())


PAIRS = {"(": ")", "[": "]", "{": "}", "|": "|", "‖": "‖"}
"""In text a matrix is always bracketed on both sides, so its rows hold together: a bare one
in [ ], a case or a `\\left\\{ … \\right.` closed with its pair."""


def _part_best_effort(part: str | Matrix) -> str:
    """Text as `best_effort` reads it; a matrix as `(1 2; 3 4)`, a case as `{x, x ≥ 0; …}`."""
    if isinstance(part, str):
        return _Reader(part, lenient=True).expression(until=None)
    left = part.left or next((o for o, c in PAIRS.items() if c == part.right), "[")
    right = part.right or PAIRS.get(left, "]")
    between = ", " if part.environment == "cases" else " "
    rows = (
        between.join(_Reader(cell, lenient=True).expression(until=None).strip() for cell in row)
        for row in part.rows
    )
    return f"{left}{'; '.join(rows)}{right}"


@lru_cache(maxsize=256)
def symbol(name: str) -> str:
    """The Unicode pylatexenc gives a symbol macro (`alpha` → α)."""
    if name in MISSING:
        return MISSING[name]
    return _CONVERTER.latex_to_text("\\" + name).strip() or name


class _Reader:
    """Reads the whitelisted subset of LaTeX math, token by token."""

    def __init__(self, latex: str, *, lenient: bool = False) -> None:
        self.tokens = [match.groups() for match in _TOKEN.finditer(latex)]
        self.position = 0
        self.lenient = lenient
        """Write what the whitelist refuses as plain text does (`t_f`), raise only on
        what has no such form (environments)."""
        self.in_text = False

    def expression(self, until: str | None) -> str:
        parts: list[str] = []
        while self.position < len(self.tokens):
            if self.tokens[self.position][1] == until == "}":
                self.position += 1
                return "".join(parts)
            parts.append(self.atom())
        if until is not None:
            raise _NotFaithfulError("an unclosed group")
        return "".join(parts)

    def atom(self) -> str:
        macro, special, space, char = self.tokens[self.position]
        self.position += 1
        if space is not None:
            return " "
        if char is not None:
            if char == "-":
                return "−"
            if char not in PLAIN_CHARS and not (self.in_text and char.isalpha()):
                raise _NotFaithfulError(char)
            return char
        if special == "{":
            return self.expression(until="}")
        if special in ("_", "^"):
            return self.script(SUBSCRIPTS if special == "_" else SUPERSCRIPTS)
        if special == "}":
            raise _NotFaithfulError("an unopened group")
        return self.macro(macro)

    def macro(self, name: str) -> str:
        if name in SYMBOLS:
            return symbol(name)
        if name in FUNCTIONS:
            return name
        if name in SIZING:
            if self.position < len(self.tokens) and self.tokens[self.position][3] == ".":
                self.position += 1  # `\right.`: no delimiter
            return ""
        if name in SPACES:
            return SPACES[name]
        if name in ESCAPED:
            return ESCAPED[name]
        if name in TEXT_MACROS and self._next_is("{"):
            self.position += 1
            self.in_text, was_in_text = True, self.in_text
            text = self.expression(until="}").replace("−", "-")
            self.in_text = was_in_text
            return text
        if self.lenient and name in FRACTIONS and self._next_is("{"):
            numerator = self._grouped(self.atom())
            return f"{numerator}/{self._grouped(self.atom())}"
        if self.lenient and name == "sqrt":
            return f"√{self._grouped(self.atom())}"
        if self.lenient and name not in ("begin", "end"):
            return symbol(name)
        raise _NotFaithfulError(name)

    def script(self, table: dict[str, str]) -> str:
        if self.position >= len(self.tokens):
            raise _NotFaithfulError("an empty script")
        mark = "_" if table is SUBSCRIPTS else "^"
        argument = self.atom().replace("−", "-")
        if argument and all(char in table for char in argument):
            return "".join(table[char] for char in argument)
        if self.lenient:
            return mark + self._grouped(argument.replace("-", "−"))
        raise _NotFaithfulError(argument)

    @staticmethod
    def _grouped(text: str) -> str:
        """`x` as it is, `m+1` in brackets: what a plain-text reader needs to parse it."""
        return text if len(text) <= 1 or text.isalnum() else f"({text})"

    def _next_is(self, special: str) -> bool:
        return self.position < len(self.tokens) and self.tokens[self.position][1] == special
