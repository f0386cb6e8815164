"""bot/domain/spans.py: what `$`, `$$`, `\\$` and backticks mean in an author text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.domain.spans import Span, formulas, split


def kinds(text: str) -> list[tuple[str, str]]:
    return [(span.kind, span.text) for span in split(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("costs $5 and $6", [("plain", "costs $5 and $6")]),
        ("from $5 to $10, or $ x$", [("plain", "from $5 to $10, or $ x$")]),
        ("$x $ is not closed by a $ after a space", None),
        ("a $x^2$ b", [("plain", "a "), ("math", "x^2"), ("plain", " b")]),
        ("$7/39 \\approx 18$%", [("math", "7/39 \\approx 18"), ("plain", "%")]),
        ("$a$1 is not closed before a digit", None),
        ("\\$5 and $p$", [("plain", "$5 and "), ("math", "p")]),
        ("$\\$5$", [("math", "\\$5")]),
        (
            "see $$\\frac{a}{b}$$ here",
            [("plain", "see "), ("display", "\\frac{a}{b}"), ("plain", " here")],
        ),
        (
            "use `x < y`, not $x$",
            [("plain", "use "), ("code", "x < y"), ("plain", ", not "), ("math", "x")],
        ),
        ("`$x$` is code", [("code", "$x$"), ("plain", " is code")]),
        ("a ` alone", [("plain", "a ` alone")]),
        ("$a\n\nb$", [("plain", "$a\n\nb$")]),
    ],
)
def test_the_rule(text: str, expected: list[tuple[str, str]] | None) -> None:
    assert kinds(text) == (expected if expected is not None else [("plain", text)])


def test_a_fenced_block_names_its_language_and_holds_no_math() -> None:
    text = "Run:\n```python\nprint(f'${cost}')\nif a < b: pass\n```\nthen $p$."
    assert [span.kind for span in split(text)] == ["plain", "block", "plain", "math", "plain"]
    block = split(text)[1]
    assert (block.language, block.text) == ("python", "print(f'${cost}')\nif a < b: pass")


def test_a_fence_must_start_a_line() -> None:
    assert [span.kind for span in split("x ```python\ny\n```")] != ["plain", "block"]


SENTENCE = st.lists(
    st.one_of(
        st.text(alphabet="abcxyz,.;!?%()", min_size=1, max_size=8),
        st.from_regex(r"\$[0-9]+(\.[0-9]{2})?[,.;!?]?", fullmatch=True),  # $5, $12.50,
        st.just("$"),
    ),
    max_size=12,
).map(" ".join)
"""Prose with dollars: words, amounts and lone dollar signs, between spaces."""


@given(SENTENCE)
def test_text_without_math_is_left_alone(text: str) -> None:
    """Dollar amounts and lone dollar signs in prose never open a formula."""
    assert formulas(text) == ()
    assert "".join(span.text for span in split(text)) == text


@given(st.text(alphabet="ab $`\\\n{}^_", max_size=40))
def test_nothing_is_lost(text: str) -> None:
    """Whatever the text, its spans' sources put end to end give it back."""
    assert "".join(span.source for span in split(text)) == text


def test_spans_are_values() -> None:
    assert split("$x$") == (Span("math", "x", "$x$"),)
