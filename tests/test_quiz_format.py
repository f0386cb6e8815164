"""Format 2: a quiz in its own languages, optional explanations (a warning), a credited source.

Format 1 files keep loading as they did (tests/test_loader.py); these tests are about what
format 2 adds and how a player of any language sees it.
"""

from __future__ import annotations

import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.catalog import cache as quiz_cache
from bot.catalog import limits
from bot.catalog.field_reader import Problem
from bot.catalog.loader import check_source, load_quiz, validate
from bot.domain.entities import Answer, Post
from bot.domain.models import Quiz, Text, pick_language, ui_language
from bot.text import markup, quiz_texts, render
from bot.text.i18n import t

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

GERMAN = """\
format: 2
id: erdkunde
languages: [de]
title: "Hauptstädte"
difficulty: easy
source:
  name: Open Trivia Database
  url: https://opentdb.com
  licence: CC BY-SA 4.0
questions:
  - id: frankreich
    prompt: "Was ist die Hauptstadt Frankreichs?"
    choices: ["Paris", "Lyon", "Marseille"]
    answer: A
    explanation: "Paris ist seit dem Mittelalter die Hauptstadt."
    notes: {B: "Lyon ist die drittgrößte Stadt."}
  - id: spanien
    prompt: "Was ist die Hauptstadt Spaniens?"
    choices: ["Barcelona", "Madrid"]
    answer: B
"""

BILINGUAL = """\
format: 2
id: capitals
languages: [en, de]
title: {en: "Capitals", de: "Hauptstädte"}
description: {de: "Europas Hauptstädte.", en: "Europe's capitals."}
difficulty: easy
questions:
  - id: france
    prompt: {en: "Capital of France?", de: "Hauptstadt Frankreichs?"}
    choices:
      - {en: "Paris", de: "Paris"}
      - {en: "Lyons", de: "Lyon"}
    answer: A
"""


def write(folder: Path, text: str, name: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def post_for(quiz: Quiz, index: int = 0) -> Post:
    question = quiz.questions[index]
    order = tuple(range(len(question.choices)))
    total = len(quiz.questions)
    return Post("chat", quiz.id, question.id, order, 1, total, NOW, None, None, post_id=7)


def test_a_player_language_is_the_primary_subtag_of_any_locale() -> None:
    assert [pick_language(code) for code in ("de-AT", "fr_CA.UTF-8", "pt-BR", "C", None)] == [
        "de",
        "fr",
        "pt",
        "en",
        "en",
    ]
    assert (ui_language("de"), ui_language("fr")) == ("en", "fr")
    assert t("de", "quiz.none") == t("en", "quiz.none")


def test_a_german_quiz_is_german_for_everyone_and_the_bot_speaks_each_players_language(
    tmp_path: Path,
) -> None:
    quiz = load_quiz(write(tmp_path, GERMAN, "erdkunde"))
    assert quiz.languages == ("de",)
    assert quiz.description is None
    assert quiz.questions[1].explanation is None
    question, post = quiz.questions[0], post_for(quiz)
    for player, words in (("de", "Question 1/2"), ("fr", "Question 1/2"), ("en", "Question 1/2")):
        card = render.question_card(quiz, question, post, player).text
        assert card.startswith(f"Hauptstädte · {words}")
        assert "Was ist die Hauptstadt Frankreichs?" in card
    wrong = Answer(7, "u", 1, False, NOW, 0)
    french = render.verdict(question, post, wrong, "fr")
    assert french.startswith("❌ Pas tout à fait. La bonne réponse est A. Paris")
    assert "À propos de B\u00a0: Lyon ist die drittgrößte Stadt." in french
    assert render.verdict(question, post, wrong, "de").startswith("❌ Not quite.")


def test_a_player_sees_their_language_when_the_quiz_has_it_else_the_first(
    tmp_path: Path,
) -> None:
    quiz = load_quiz(write(tmp_path, BILINGUAL, "capitals"))
    question, post = quiz.questions[0], post_for(quiz)
    assert "Hauptstadt Frankreichs?" in render.question_card(quiz, question, post, "de").text
    assert "Capital of France?" in render.question_card(quiz, question, post, "fr").text
    assert "Capital of France?" in render.question_card(quiz, question, post, "ja").text
    assert quiz.render_languages() == ("en", "fr", "de")
    assert Text.of((("pt-BR", "Olá"), ("en", "Hello"))).get("pt") == "Olá"


def test_without_an_explanation_the_verdict_shows_the_right_answer_alone(
    tmp_path: Path,
) -> None:
    quiz = load_quiz(write(tmp_path, GERMAN, "erdkunde"))
    question, post = quiz.questions[1], post_for(quiz, 1)
    right = Answer(7, "u", 1, True, NOW, 0)
    line = render.verdict_line(question, post, right, "en")
    assert render.verdict(question, post, right, "en") == line
    assert render.verdict_alert(question, post, right, "en") == line
    closed = render.closed_card(quiz, question, post, [right], "en").text
    assert closed.endswith(t("en", "closed.votes", count=1))


def test_a_missing_explanation_is_a_warning_at_the_questions_line(tmp_path: Path) -> None:
    path = write(tmp_path, GERMAN, "erdkunde")
    warnings: list[Problem] = []
    quizzes, problems = validate([path], warnings)
    assert ([quiz.id for quiz in quizzes], problems) == (["erdkunde"], [])
    assert [str(warning) for warning in warnings] == [
        f"{path}:17: question 'spanien': no explanation: the verdict will show the "
        "right answer alone (add one that says why it is right)"
    ]
    assert validate([path]) == (quizzes, [])
    checked = check_source(str(path), "erdkunde", path.read_bytes())
    assert (checked.quiz, checked.warnings) == (quizzes[0], warnings)


def test_the_credit_is_shown_with_the_quiz_in_each_markup(tmp_path: Path) -> None:
    quiz = load_quiz(write(tmp_path, GERMAN, "erdkunde"))
    assert quiz_texts.quiz_line(quiz, "fr") == (
        "erdkunde · Hauptstädte · 2 questions · facile\n"
        "   Source\u00a0: Open Trivia Database (https://opentdb.com) · CC BY-SA 4.0"
    )
    assert quiz_texts.credit_line(quiz, "en", markup.HtmlStyle()) == (
        'Source: <a href="https://opentdb.com">Open Trivia Database</a> · CC BY-SA 4.0'
    )
    assert quiz_texts.credit_line(quiz, "en", markup.MarkdownStyle()) == (
        "Source\\: [Open Trivia Database](<https://opentdb.com>) · CC BY\\-SA 4.0"
    )
    intro = quiz_texts.quiz_intro(quiz, 2, "en")
    assert intro.splitlines() == [
        "Hauptstädte · easy · 2 questions",
        "Source: Open Trivia Database (https://opentdb.com) · CC BY-SA 4.0",
    ]


def test_limits_are_checked_in_the_quizs_language_with_each_of_the_bots(tmp_path: Path) -> None:
    long_choice = "Ä" * 190
    text = GERMAN.replace('["Barcelona", "Madrid"]', f'["Barcelona", "{long_choice}"]')
    quiz = load_quiz_or_problems(write(tmp_path, text, "erdkunde"))
    assert isinstance(quiz, list)
    assert any(
        "question 'spanien': the short verdict line is" in problem
        and "in 'de' with the bot's English words" in problem
        for problem in quiz
    )
    assert any("in 'de' with the bot's French words" in problem for problem in quiz)


def load_quiz_or_problems(path: Path) -> Quiz | list[str]:
    quizzes, problems = validate([path])
    return quizzes[0] if quizzes else [str(problem) for problem in problems]


def test_a_format_2_quiz_comes_back_whole_from_the_cache(tmp_path: Path) -> None:
    folder = tmp_path / "quizzes"
    folder.mkdir()
    write(folder, GERMAN, "erdkunde")
    write(folder, BILINGUAL, "capitals")
    first, problems = quiz_cache.validate_cached(folder, tmp_path / "cache")
    again, _ = quiz_cache.validate_cached(folder, tmp_path / "cache")
    assert problems == []
    assert again == first
    assert {quiz.id: quiz.credit is not None for quiz in again} == {
        "capitals": False,
        "erdkunde": True,
    }


def test_format_1_files_are_still_english_and_french(quizzes: dict[str, Quiz]) -> None:
    quiz = quizzes["parallelism"]
    assert quiz.languages == ("en", "fr")
    assert quiz.credit is None
    assert limits.check_quiz(quiz) == []


def test_every_round_ends_with_the_credit_on_both_platforms(tmp_path: Path) -> None:
    from bot.text import boards

    quiz = load_quiz(write(tmp_path, GERMAN, "erdkunde"))
    summary = boards.round_summary(quiz, [], 2, "fr", markup.HtmlStyle())
    assert summary.splitlines()[-1] == (
        'Source\u00a0: <a href="https://opentdb.com">Open Trivia Database</a> · CC BY-SA 4.0'
    )


def test_the_editor_schema_knows_format_2_and_what_imports_write() -> None:
    import json

    import jsonschema
    import yaml

    from bot.catalog.importers import import_file
    from tests.support.paths import QUIZZES, ROOT

    schema = json.loads((QUIZZES / "quiz.schema.json").read_text(encoding="utf-8"))
    for text in (GERMAN, BILINGUAL):
        jsonschema.validate(yaml.safe_load(text), schema)
    for path in sorted((ROOT / "tests" / "corpus" / "imports").iterdir()):
        if path.name in ("opentdb-errors.json", "quizlet-custom.txt"):
            continue
        written = import_file(path.name, path.read_bytes()).yaml
        jsonschema.validate(yaml.safe_load(written), schema)
    format_1 = yaml.safe_load(GERMAN) | {"format": 1}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(format_1, schema)


def test_a_quiz_in_french_alone_is_checked_for_french_typography(tmp_path: Path) -> None:
    """An import with --lang fr writes plain strings: they are French texts all the same."""
    text = GERMAN.replace("languages: [de]", "languages: [fr]").replace(
        '"Was ist die Hauptstadt Frankreichs?"', '"Quelle est la capitale de la France ?"'
    )
    path = write(tmp_path, text, "erdkunde")
    warnings: list[Problem] = []
    validate([path], warnings)
    assert str(warnings[0]).startswith(
        f"{path}:12: question 'frankreich': prompt (fr): no-break space missing before '?'"
    )
