"""The cheap bounds behind limits.check_quiz: never below the real length, so never a miss.

Texts are hostile on purpose: every character that escaping lengthens, at lengths up to the
loader's own limits, so that bounds are tested where they matter (near and over the limits).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.catalog import limit_bounds as bounds
from bot.catalog import limits
from bot.domain import spans
from bot.domain.entities import Answer
from bot.domain.models import LANGUAGES, Language, Question, Quiz, Reference, Text
from bot.text import markup, render

NOW = datetime(2000, 1, 1, tzinfo=UTC)
STYLES = [markup.PLAIN, limits.HTML, limits.MARKDOWN]
ALPHABET = "a é&<>\"'@*_`~|#[]()<:-\\\n✅$"
"""With `$` and backticks: formulas and code, whose markup grows a text most."""


def texts(limit: int) -> st.SearchStrategy[str]:
    """Up to `limit` characters: a short random chunk repeated, so long texts come cheap."""
    return st.builds(
        lambda chunk, size: (chunk * size)[:size] or "x",
        st.text(alphabet=ALPHABET, min_size=1, max_size=6),
        st.integers(0, limit),
    )


def both(limit: int) -> st.SearchStrategy[Text]:
    return st.builds(Text, texts(limit), texts(limit))


@st.composite
def questions(draw: st.DrawFn, index: int = 0) -> Question:
    choices = draw(st.lists(both(200), min_size=2, max_size=10))
    answer = draw(st.integers(0, len(choices) - 1))
    wrong = [i for i in range(len(choices)) if i != answer]
    notes = draw(st.dictionaries(st.sampled_from(wrong), both(300), max_size=3))
    references = draw(
        st.lists(st.builds(Reference, texts(200), texts(500).map("https://".__add__)), max_size=3)
    )
    return Question(
        f"q{index}",
        draw(both(500)),
        tuple(choices),
        answer,
        draw(both(700)),
        notes,
        tuple(references),
    )


@st.composite
def quizzes(draw: st.DrawFn) -> Quiz:
    count = draw(st.integers(1, 2))
    return Quiz(
        "hostile",
        draw(both(80)),
        Text("d", "d"),
        "hard",
        (),
        tuple(draw(questions(index)) for index in range(count)),
    )


def bound_values(bound: bounds.Bound, question: Question, language: Language) -> list[int]:
    """The bound at its worst, then on the texts really escaped (the first is never less)."""
    raw = bounds.Lengths.raw(question, language)
    escaped = bounds.Lengths.escaped(question, language, bound.style)
    return [bound.worst.of(raw), bound.escaped.of(escaped)]


@settings(max_examples=75, deadline=None)
@given(quizzes(), st.sampled_from(LANGUAGES), st.sampled_from(STYLES))
def test_no_bound_is_below_the_rendered_length(
    quiz: Quiz, language: Language, style: markup.Style
) -> None:
    size = len(quiz.questions)
    quiz_bounds = bounds.QuizBounds(quiz, size, size, limits.SAMPLE_ANSWERED, limits.SAMPLE_CLOSES)
    for question in quiz.questions:
        post = limits._sample_post(quiz, question)
        votes = limits._every_vote(post, question)
        correct = post.correct_letter_index(question)
        bars = len(render.vote_bars(post, votes, correct, language, style))
        card = render.question_card(
            quiz,
            question,
            post,
            language,
            style,
            answered=limits.SAMPLE_ANSWERED,
            closes=limits.SAMPLE_CLOSES,
        )
        card_bound = quiz_bounds.question_card(language, style, len(question.choices))
        worst, escaped = bound_values(card_bound, question, language)
        assert worst >= escaped >= len(card.text)
        closed = render.closed_card(quiz, question, post, votes, language, style)
        closed_bound = quiz_bounds.closed_card(language, style, bars)
        worst, escaped = bound_values(closed_bound, question, language)
        assert worst >= escaped >= len(closed.text)
        line_bound = bounds.verdict_line(language, markup.PLAIN)
        full_bound = bounds.verdict(
            language, style, bool(question.notes), len(question.references)
        )
        lines = []
        for index in range(len(question.choices)):
            answer = Answer(post.post_id, "u", index, index == question.answer, NOW, 0)
            lines.append(len(render.verdict_line(question, post, answer, language)))
            full = render.verdict(question, post, answer, language, style)
            worst, escaped = bound_values(full_bound, question, language)
            assert worst >= escaped >= len(full)
        worst, escaped = bound_values(line_bound, question, language)
        assert escaped == max(lines)  # exact
        correct = question.choices[question.answer].get(language)
        assert worst == escaped or (worst > escaped and spans.has_markup(correct))


@settings(max_examples=75, deadline=None)
@given(quizzes())
def test_the_bounded_check_finds_exactly_what_rendering_everything_finds(quiz: Quiz) -> None:
    assert limits.check_quiz(quiz) == limits.check_quiz(quiz, exact=True)


def test_the_bounded_check_words_problems_from_the_rendered_texts() -> None:
    long = Text("&" * 500, "@" * 500)
    choices = tuple(Text("<" * 200, "_" * 200) for _ in range(10))
    question = Question("q", long, choices, 0, long, {}, ())
    quiz = Quiz("hostile", Text("t", "t"), Text("d", "d"), "hard", (), (question,))
    # Telegram counts after entity parsing (tests/test_limit_counts.py): `&amp;` is one.
    assert [message for _, message in limits.check_quiz(quiz)] == [
        "the short verdict line is 212 characters in English; Telegram alerts hold 200 "
        "(shorten the correct choice)",
        "the question message is 4652 characters in English; a Discord message holds 2000",
        "the short verdict line is 221 characters in French; Telegram alerts hold 200 "
        "(shorten the correct choice)",
        "the question message is 5163 characters in French; a Discord message holds 2000",
    ]


@pytest.mark.parametrize("style", STYLES, ids=lambda style: type(style).__name__)
def test_growth_is_the_most_escaping_makes_of_a_character(style: markup.Style) -> None:
    """Escaping works character by character (next test), so each character is checked."""
    link = len(style.link("", ""))
    worst, worst_url = 1, 1
    for char in map(chr, [*range(0xD800), *range(0xE000, 0x10000, 1), 0x1F600, 0x10FFFF]):
        worst = max(worst, len(style.escape(char)))
        worst_url = max(worst_url, len(style.link("", char)) - link)
    assert worst == style.growth
    assert worst_url == style.url_growth


@settings(max_examples=200)
@given(st.text(), st.text())
@pytest.mark.parametrize("style", STYLES, ids=lambda style: type(style).__name__)
def test_escaping_works_character_by_character(style: markup.Style, left: str, right: str) -> None:
    assert style.escape(left + right) == style.escape(left) + style.escape(right)


def test_a_placeholder_with_a_format_spec_has_no_cheap_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.text.i18n import CATALOGS

    monkeypatch.setitem(CATALOGS["en"], "bound.test", "{count:>5} answers")
    assert bounds.template("en", "bound.test").fixed >= bounds.UNBOUNDED


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(ALPHABET + "\ud800\udfff\x00€𝄞")) | st.text())
@pytest.mark.parametrize("style", STYLES, ids=lambda style: type(style).__name__)
def test_the_escaped_length_is_the_length_of_the_escaped_text(
    style: markup.Style, text: str
) -> None:
    assert style.escaped_length(text) == style.units(style.escape(text))
