"""bot/text/authored.py: an author's formulas and code in each platform's markup."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from bot.catalog.limits import HTML, MARKDOWN
from bot.domain.entities import Answer, Post
from bot.domain.models import Question, Text
from bot.text import render
from bot.text.authored import (
    authored,
    authored_length,
    explanation_pictures,
    pictured,
    question_pictures,
    shown,
)
from bot.text.markup import PLAIN

NOW = datetime(2026, 1, 1, tzinfo=UTC)

CODE = "Guess:\n```python\nif a < b and c > d & e:\n    print('`x`')\n```\nand `x<y` costs \\$5"


def test_telegram_html_code() -> None:
    assert authored(CODE, HTML) == (
        "Guess:\n"
        '<pre><code class="language-python">if a &lt; b and c &gt; d &amp; e:\n'
        "    print('`x`')</code></pre>\n"
        "and <code>x&lt;y</code> costs $5"
    )


def test_discord_fences_code_and_escapes_the_rest() -> None:
    assert authored(CODE, MARKDOWN) == (
        "Guess\\:\n```python\nif a < b and c > d & e:\n    print('`x`')\n```\nand `x<y` costs $5"
    )
    assert authored("```\nx = '```'\n```", MARKDOWN) == "```\nx = '``\u200b`'\n```"
    assert authored("**a** $x_i$", MARKDOWN) == "\\*\\*a\\*\\* xᵢ"


def test_plain_shows_code_as_written_and_math_in_unicode() -> None:
    assert authored("`x` and $\\alpha^2 < 1$", PLAIN) == "x and α² < 1"
    assert shown("$p-1$ idle slots") == "p−1 idle slots"


def test_math_is_escaped_after_unicode() -> None:
    assert authored("$a < b$ & more", HTML) == "a &lt; b &amp; more"


def test_displayed_math_stands_on_its_own_line() -> None:
    assert authored("so $$x^2$$ then", PLAIN) == "so \nx²\n then"


def test_pictured_lists_what_unicode_cannot_show() -> None:
    found = pictured("$p-1$, $t_f$, $$x$$ and $\\frac{a}{b}$", "again $t_f$")
    assert [span.text for span in found] == ["t_f", "x", "\\frac{a}{b}"]


def test_a_question_s_pictures() -> None:
    question = Question(
        "q",
        Text("Bubble: $\\frac{p-1}{m+p-1}$?"),
        (Text("$t_f$"), Text("$p$")),
        0,
        Text("Since $\\sum_i x_i$ and $p$."),
    )
    assert [span.text for span in question_pictures(question, "en")] == [
        "\\frac{p-1}{m+p-1}",
        "t_f",
    ]
    assert [span.text for span in explanation_pictures(question, "en")] == ["\\sum_i x_i"]


@given(st.text(alphabet="a<&*`$\\_^{}\n ", max_size=60))
def test_the_length_bound_holds_alone_and_inside_a_message(text: str) -> None:
    for style in (PLAIN, HTML, MARKDOWN):
        bound = authored_length(text, style)
        assert bound >= len(authored(text, style))
        assert bound >= len(style.escape(shown(text)))


def test_dollars_in_a_sentence_reach_the_chat_as_written() -> None:
    for style in (PLAIN, HTML, MARKDOWN):
        text = "It costs $5 and $6, or $ 7 with $x$"
        assert authored(text, style) == style.escape("It costs $5 and $6, or $ 7 with ") + "x"


def test_a_telegram_alert_shows_math_in_unicode() -> None:
    question = Question(
        "q", Text("?"), (Text("$p-1$"), Text("$p$")), 0, Text("Idle: $p-1$ slots, `x`.")
    )
    post = Post("c", "quiz", "q", (0, 1), 1, 1, NOW, None, None, post_id=1)
    alert = render.verdict_alert(question, post, Answer(1, "u", 0, True, NOW, 0), "en")
    assert alert.endswith("p−1\n\nIdle: p−1 slots, x.")
