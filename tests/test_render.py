"""Rendering: both languages complete, every text within its platform limit, names disarmed."""

from __future__ import annotations

import dataclasses
import re
import string
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.catalog import limits
from bot.domain.entities import Answer, PlayerFootprint, Post, ScoreLine
from bot.domain.models import LANGUAGES, Language, Quiz, Text
from bot.domain.platform_limits import DISCORD_MESSAGE, TELEGRAM_ALERT
from bot.domain.rules import Leaderboard, Ranked
from bot.text import boards, forget_texts, markup, quiz_texts, render
from bot.text.i18n import CATALOGS, t

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
STYLES = [markup.PLAIN, markup.HtmlStyle(), markup.MarkdownStyle()]


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    english, french = CATALOGS["en"], CATALOGS["fr"]
    assert set(english) == set(french)
    for key in english:
        assert placeholders(english[key]) == placeholders(french[key]), key


def test_plural_forms() -> None:
    assert t("en", "question.answered", count=1) == "1 answer so far"
    assert t("en", "question.answered", count=0) == "0 answers so far"
    assert t("fr", "question.answered", count=0) == "0 réponse pour l’instant"
    assert t("fr", "question.answered", count=2) == "2 réponses pour l’instant"


@pytest.mark.parametrize(
    ("footprint", "language", "kept"),
    [
        (
            PlayerFootprint(5, 1, 1),
            "en",
            "I keep about you: your name and your answer in 1 chat, ",
        ),
        (PlayerFootprint(9, 2, 2), "en", "about you: your name and your 2 answers in 2 chats, "),
        (
            PlayerFootprint(9, 3, 1),
            "fr",
            "sur vous\u00a0: votre nom et vos 3 réponses dans 1 discussion",
        ),
        (PlayerFootprint(1, 0, 0), "en", "I keep about you: your name and language. It cannot"),
    ],
)
def test_the_forget_prompt_counts_answers_and_chats_not_rows(
    footprint: PlayerFootprint, language: Language, kept: str
) -> None:
    card = forget_texts.forget_prompt(footprint, "42", language)
    assert kept in card.text
    assert "row" not in card.text
    assert "ligne" not in card.text
    assert [button.payload for button in card.buttons] == ["v1:f:42:y", "v1:f:42:n"]


def test_the_forget_prompt_says_when_there_is_nothing_to_delete() -> None:
    card = forget_texts.forget_prompt(PlayerFootprint(0, 0, 0), "42", "fr")
    assert card.text == "Je ne garde aucune donnée sur vous."
    assert not card.buttons


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "/quiz NAME [QUESTIONS] [SECONDS]: start a round here (30 s a question unless"),
        (
            "fr",
            "/quiz NOM [QUESTIONS] [SECONDES]\u00a0: lancer une partie ici (30 s par question,",
        ),
    ],
)
def test_help_says_how_long_a_question_stays_open(language: Language, line: str) -> None:
    assert line in quiz_texts.help_text(language)


@pytest.mark.parametrize(
    ("points", "answered", "language", "said"),
    [
        (2, 3, "en", "Your score: 2/3"),
        (1, 2, "en", "Your score: 1/2 (you answered 2 questions of 3)"),
        (0, 1, "en", "Your score: 0/1 (you answered 1 question of 3)"),
        (0, 0, "en", "You answered no question this time."),
        (1, 1, "fr", "Votre score\u00a0: 1/1 (vous avez répondu à 1 question sur 3)"),
        (2, 2, "fr", "Votre score\u00a0: 2/2 (vous avez répondu à 2 questions sur 3)"),
        (0, 0, "fr", "Vous n’avez répondu à aucune question cette fois-ci."),
    ],
)
def test_a_practice_score_counts_only_the_questions_answered(
    points: int, answered: int, language: Language, said: str
) -> None:
    assert boards.solo_score(points, answered, 3, language) == said


def every_answer(quiz: Quiz):  # type: ignore[no-untyped-def]
    for question in quiz.questions:
        post = Post(
            "c",
            quiz.id,
            question.id,
            tuple(range(len(question.choices))),
            1,
            len(quiz.questions),
            NOW,
            None,
            None,
            post_id=10**18 - 1,
        )
        for choice in range(len(question.choices)):
            yield (
                question,
                post,
                Answer(post.post_id, "u", choice, choice == question.answer, NOW, 0),
            )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_bundled_text_fits_its_platform_limit(
    quizzes: dict[str, Quiz], language: Language
) -> None:
    for quiz in quizzes.values():
        assert limits.check_quiz(quiz) == []
        for question, post, answer in every_answer(quiz):
            alert = render.verdict_alert(question, post, answer, language)
            assert len(alert) <= TELEGRAM_ALERT
            assert alert.startswith(render.verdict_line(question, post, answer, language))
            for style in STYLES:
                card = render.question_card(quiz, question, post, language, style)
                assert len(card.text) <= DISCORD_MESSAGE
                assert all(len(b.payload.encode()) <= 64 for b in card.buttons)
                assert len(render.verdict(question, post, answer, language, style)) <= 2000


def test_a_long_explanation_is_cut_in_the_alert_with_an_offer(quizzes: dict[str, Quiz]) -> None:
    quiz = quizzes["parallelism"]
    first = quiz.questions[0]
    long = Text(en=first.explanation.en * 5, fr=first.explanation.fr * 5)
    assert len(long.fr) > limits.TELEGRAM_ALERT
    quiz = dataclasses.replace(quiz, questions=(dataclasses.replace(first, explanation=long),))
    question, post, answer = next(iter(every_answer(quiz)))
    alert = render.verdict_alert(question, post, answer, "fr")
    assert alert.endswith(t("fr", "verdict.more"))
    assert "…" in alert


def test_questions_render_in_the_chosen_language(quizzes: dict[str, Quiz]) -> None:
    quiz = quizzes["parallelism"]
    question = quiz.questions[6]
    post = Post("c", quiz.id, question.id, (1, 0, 3, 2), 7, 8, NOW, None, None, post_id=5)
    french = render.question_card(quiz, question, post, "fr").text
    english = render.question_card(quiz, question, post, "en").text
    assert french.startswith(f"{quiz.title.fr} · Question 7/8")
    assert question.prompt.fr in french
    assert english.startswith(f"{quiz.title.en} · Question 7/8")
    assert f"A. {question.choices[1].en}" in english
    assert [b.label for b in render.question_card(quiz, question, post, "en").buttons] == list(
        "ABCD"
    )


def test_a_too_long_correct_choice_is_reported(quizzes: dict[str, Quiz]) -> None:
    quiz = quizzes["parallelism"]
    question = quiz.questions[0]
    long_choice = Text(en="x" * 190, fr="y" * 190)
    choices = list(question.choices)
    choices[question.answer] = long_choice
    broken = dataclasses.replace(
        quiz, questions=(dataclasses.replace(question, choices=tuple(choices)),)
    )
    findings = limits.check_quiz(broken)
    assert (
        question.id,
        "the short verdict line is 202 characters in English; Telegram alerts "
        "hold 200 (shorten the correct choice)",
    ) in findings


HOSTILE = "<b>&</b> @everyone **x** \u202eevil"


def board_with(name: str) -> Leaderboard:
    return Leaderboard("all", None, (Ranked(1, ScoreLine("u", name, 3, 3, 0)),), None, 1)


def test_names_are_escaped_for_html() -> None:
    text = boards.leaderboard(board_with(HOSTILE), None, "en", markup.HtmlStyle())
    assert "&lt;b&gt;&amp;&lt;/b&gt;" in text
    assert "<b>&</b>" not in text
    assert "\u202e" not in text


def test_names_are_escaped_for_discord_markdown() -> None:
    text = boards.leaderboard(board_with(HOSTILE), None, "en", markup.MarkdownStyle())
    assert "@everyone" not in text
    assert "**x**" not in text
    assert "\\*\\*x\\*\\*" in text


def test_huge_names_are_shortened() -> None:
    shown = markup.clean_name("A" * 10_000)
    assert len(shown) == markup.MAX_NAME
    assert shown.endswith("…")
    assert markup.clean_name("\u200f\u202e\n") == "?"


MARKDOWN_SPECIAL = re.compile(r"([\\*_`~|>#\[\]()<:-])")
"""The escaping rule as first written: one regex, one backslash before each special."""


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from("\\*_`~|>#[]()<:-@ ab\u200b\n")) | st.text())
def test_markdown_escape_is_the_regex_rule(text: str) -> None:
    escaped = MARKDOWN_SPECIAL.sub(r"\\\1", text).replace("@", "@\u200b")
    assert markup.MarkdownStyle().escape(text) == escaped
