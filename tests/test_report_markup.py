"""The report's quiz texts: formulas as MathML, code highlighted by Pygments, no script."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from dataclasses import replace
from pathlib import Path

from bot.domain.models import Quiz, Text
from bot.text.mathml import to_mathml
from bot.text.report_markup import authored_html, code_css
from tests.support.clocks import FakeClock
from tests.support.report import CHAT
from tests.support.web import played, served


def test_formulas_become_mathml_and_prose_is_escaped() -> None:
    page = authored_html("Costs $5 & $6; the bubble is $\\frac{p-1}{m+p-1}$.")
    assert page.startswith("Costs $5 &amp; $6; the bubble is <math ")
    math = page[page.index("<math") : page.index("</math>") + len("</math>")]
    root = ElementTree.fromstring(math)
    assert root.attrib["display"] == "inline"
    assert [element.tag.split("}")[1] for element in root.iter()][:3] == ["math", "mrow", "mfrac"]


def test_displayed_math_is_a_block() -> None:
    assert 'display="block"' in authored_html("$$x^2$$")


def test_code_is_highlighted_with_classes_and_escaped() -> None:
    page = authored_html('See `a<b`:\n```python\nif a < b: print("<s>")\n```')
    assert "<code>a&lt;b</code>" in page
    assert '<div class="highlight"><pre>' in page
    assert '<span class="k">if</span>' in page
    assert "&lt;s&gt;" in page
    assert "<s>" not in page
    assert ".highlight .k" in code_css()


def test_mathml_that_would_carry_markup_falls_back_to_escaped_unicode() -> None:
    """latex2mathml copies \\text{…} unescaped: such output is refused, not served."""
    hostile = "$\\text{<script>alert(1)</script>} \\alpha$"
    assert to_mathml("\\text{<script>alert(1)</script>}") is None
    page = authored_html(hostile)
    assert "<script" not in page
    assert "&lt;script&gt;" in page
    assert "α" in page


def test_a_formula_latex2mathml_cannot_read_is_shown_in_unicode() -> None:
    assert authored_html("$x^$") == "x^"


async def test_the_quiz_page_serves_mathml_and_highlighted_code(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    quiz = quizzes["parallelism"]
    first = quiz.questions[0]
    prompt = "With $p$ stages the bubble is $\\frac{p-1}{m+p-1}$:\n```python\nx = a < b\n```"
    changed = replace(
        quiz, questions=(replace(first, prompt=Text(prompt, prompt)), *quiz.questions[1:])
    )
    database = tmp_path / "quiz.db"
    await played(database, quizzes, clock)
    async with served(database, {**quizzes, quiz.id: changed}, clock) as web:
        response = await web.client.get(web.path(CHAT) + "quiz/parallelism")
        page = await response.text()
        stylesheet = await (await web.client.get("/report.css")).text()
    section = page.split(f'id="q-{first.id}"', 1)[1].split("</section>", 1)[0]
    assert (
        '<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline"><mrow><mfrac>'
        in section
    )
    assert '<div class="highlight"><pre><span></span><span class="n">x</span>' in section
    assert "&lt;" in section
    assert ".highlight .k" in stylesheet
    assert "script-src" not in response.headers["Content-Security-Policy"]
