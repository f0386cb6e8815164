"""Limits counted as the platforms count them: Telegram after entity parsing (tags and
escapes are not characters), Discord the Markdown as sent."""

from __future__ import annotations

import html
import re

from bot.catalog import limits
from bot.domain.models import Question, Quiz, Text
from bot.domain.platform_limits import TELEGRAM_MESSAGE
from bot.text import render


def test_telegram_counts_the_text_after_entities() -> None:
    html = '<pre><code class="language-python">a &lt; b &amp;&amp; c</code></pre>'
    assert limits.HTML.counted_length(html) == len("a < b && c")
    assert limits.MARKDOWN.counted_length("```python\na < b\n```") == 19


def test_telegram_counts_utf16_code_units_and_the_bound_stays_above() -> None:
    """An emoji outside the Basic Multilingual Plane is 2 of Telegram's characters (as in its
    entity offsets); the cheap bound must not fall below the count, or a card of emoji could
    pass the bound and be refused by Telegram."""
    text = "🔥 fire & ice 🧊"
    assert len(text) == 14
    assert limits.HTML.counted_length(limits.HTML.escape(text)) == 16
    assert limits.HTML.escaped_length(text) >= 16
    assert limits.HTML.counted_length("é ✅ →") == 5  # the Basic Multilingual Plane: 1 each


def quiz_with_prompt(prompt: str) -> Quiz:
    question = Question("q1", Text(prompt, prompt), (Text("a", "a"), Text("b", "b")), 0, None)
    return Quiz("code", Text("t", "t"), Text("d", "d"), "easy", (), (question,))


def test_code_whose_escapes_pass_4096_still_fits_telegram() -> None:
    """2,000 `<` in a code block are 8,000 characters of HTML, 2,000 that Telegram counts."""
    code = "\n".join(["if a < b:"] * 200) + "\n" + "<" * 1000
    prompt = f"```python\n{code}\n```"
    html_card = limits.HTML.code_block(code, "python")
    assert len(html_card) > TELEGRAM_MESSAGE > limits.HTML.counted_length(html_card)
    found = [message for _, message in limits.check_quiz(quiz_with_prompt(prompt), exact=True)]
    assert any("a Discord message holds" in message for message in found)  # 2,000 there
    assert not any("a Telegram message holds" in message for message in found)


def test_telegram_over_its_limit_is_told_the_count_it_makes() -> None:
    prompt = "&" * 4100
    found = [message for _, message in limits.check_quiz(quiz_with_prompt(prompt))]
    telegram = [m for m in found if "a Telegram message holds" in m and "English" in m]
    shown = render_length(quiz_with_prompt(prompt))
    assert telegram == [
        f"the question message is {shown} characters in English; a Telegram message holds 4096"
    ]


def render_length(quiz: Quiz) -> int:
    question = quiz.questions[0]
    card = render.question_card(
        quiz,
        question,
        limits._sample_post(quiz, question),
        "en",
        limits.HTML,
        answered=limits.SAMPLE_ANSWERED,
        closes=limits.SAMPLE_CLOSES,
    )
    assert len(card.text) > 4 * 4100  # &amp; in the HTML sent
    return len(html.unescape(re.sub("<[^>]*>", "", card.text)))
