"""bot/text/math_unicode.py: which formulas Unicode shows faithfully, and how."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.text.math_unicode import to_unicode


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        ("\\alpha_i + \\beta^2", "αᵢ + β²"),
        ("(p-1)/(m+p-1)", "(p−1)/(m+p−1)"),
        ("b \\times s \\times h", "b × s × h"),
        ("dW = X^\\top dY", "dW = Xᵀ dY"),
        ("24\\,b\\,s\\,h^2", "24\u202fb\u202fs\u202fh²"),
        ("7/23 \\approx 0{,}304", "7/23 ≈ 0,304"),
        ("x \\le y \\ne z \\to \\infty", "x ≤ y ≠ z → ∞"),
        ("[s, \\text{toutes les têtes}]", "[s, toutes les têtes]"),
        ("x_{ij}^{n+1}", "xᵢⱼⁿ⁺¹"),
        ("\\left(x+1\\right)^2", "(x+1)²"),  # \left and \right only size the delimiter
    ],
)
def test_faithful(latex: str, text: str) -> None:
    assert to_unicode(latex) == to_unicode(latex)  # cached, same value
    shown = to_unicode(latex)
    assert (shown.text, shown.faithful) == (text, True)


@pytest.mark.parametrize(
    ("latex", "best_effort"),
    [
        ("\\frac{p-1}{m+p-1}", "(p−1)/(m+p−1)"),  # stacked
        ("\\sum_{i=1}^{n} x_i", "∑ᵢ₌₁ⁿ xᵢ"),  # limits
        ("t_f+t_b", "t_f+t_b"),  # Unicode has no subscript f or b
        ("e^{m_{old}}", "e^(m_old)"),
        ("\\sqrt{x+1}", "√(x+1)"),
        ("\\begin{pmatrix}1&2\\end{pmatrix}", "(1 2)"),  # row by row
        ("A = \\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", "A = (1 2; 3 4)"),
        ("\\det\\begin{vmatrix}a&b\\\\c&d\\end{vmatrix} = ad-bc", "det|a b; c d| = ad−bc"),
        ("\\begin{matrix}x_1\\\\x_2\\end{matrix}", "[x₁; x₂]"),  # bracketed all the same
        ("|x| = \\begin{cases}x & x \\ge 0\\\\-x & x<0\\end{cases}", "|x| = {x, x ≥ 0; −x, x<0}"),
        ("\\begin{align}a&b\\end{align}", "a b"),  # not a matrix: pylatexenc's reading
        ("\\left\\{\\begin{array}{l}a\\end{array}\\right.", "{a}"),  # closed in text
        ("{a", "a"),
    ],
)
def test_not_faithful_needs_a_picture(latex: str, best_effort: str) -> None:
    shown = to_unicode(latex)
    assert (shown.text, shown.faithful) == (best_effort, False)


def test_displayed_math_is_never_faithful() -> None:
    assert to_unicode("x^2", display=True).faithful is False
    assert to_unicode("x^2", display=True).text == "x²"


@given(st.text(alphabet="ab1 _^{}\\\\&$%#~-+/()[]", max_size=30))
def test_any_formula_gets_a_unicode_reading(latex: str) -> None:
    """Whatever an author writes between dollars, the text path shows something, never raises."""
    shown = to_unicode(latex)
    assert isinstance(shown.text, str)
    assert not shown.faithful or "\\" not in shown.text
