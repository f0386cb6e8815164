"""Quiz format 3: a type per question, read, cached, checked against the platforms, described by
the editor schema. (Broken format 3 files and their exact messages: tests/corpus/broken.)"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from bot.catalog import codec, limits
from bot.catalog.field_reader import Problem
from bot.catalog.loader import QuizError, load_quiz, load_source
from bot.catalog.uploads import ReadUpload, read_upload
from bot.domain.models import Quiz
from bot.domain.question_types import NumberKey, SetKey, TextKey
from tests.support.paths import BROKEN, QUIZZES, TYPES, expected_problems

EVERY_TYPE = TYPES / "every-type.yaml"


@pytest.fixture(scope="module")
def quiz() -> Quiz:
    return load_quiz(EVERY_TYPE)


def test_every_type_is_read(quiz: Quiz) -> None:
    kinds = {question.id: question.type for question in quiz.questions}
    assert kinds == {
        "capital": "text",
        "bubble": "number",
        "stable": "truefalse",
        "primes": "multiple",
        "steps": "order",
        "sum": "choice",  # the default
    }
    capital, bubble, stable, primes, steps, _ = quiz.questions
    assert isinstance(capital.key, TextKey)
    assert [a.spelling for a in capital.key.shown("fr")] == ["Paris", "Lutèce"]
    assert [a.spelling for a in capital.key.shown("de")] == ["Paris"]
    assert bubble.key == NumberKey(0.2727 - 0.005, 0.2727 + 0.005, 0.2727, "%")
    assert stable.answer == 0
    assert [choice.get("fr") for choice in stable.choices] == ["Vrai", "Faux"]
    assert [choice.get("de") for choice in stable.choices] == ["True", "False"]
    assert primes.key == SetKey(frozenset({0, 2}))
    assert set(primes.notes) == {3}
    assert [choice.en for choice in steps.choices] == [
        "Forward pass", "Backward pass", "Optimizer step"
    ]  # fmt: skip
    assert steps.key is None
    assert capital.choices == bubble.choices == ()


@pytest.mark.parametrize("form", [1, 2])
def test_formats_1_and_2_still_give_choice_questions(tmp_path: Path, form: int) -> None:
    """`parallelism` (format 3 since issue 31, every question a `choice`) written back in an
    older format: format 1 without `languages`, format 2 with them."""
    text = (QUIZZES / "parallelism.yaml").read_text(encoding="utf-8")
    assert "\nformat: 3\n" in text
    text = text.replace("\nformat: 3\n", f"\nformat: {form}\n")
    if form == 1:
        text = text.replace("\nlanguages: [en, fr]\n", "\n")
    path = tmp_path / "parallelism.yaml"
    path.write_text(text, encoding="utf-8")
    quiz = load_quiz(path)
    assert len(quiz.questions) == 8
    assert {question.type for question in quiz.questions} == {"choice"}


def test_the_cache_codec_keeps_types_and_keys(quiz: Quiz) -> None:
    assert codec.decode(codec.encode(quiz)) == quiz


def test_a_typed_verdict_that_breaks_a_platform_limit_is_named_at_its_line() -> None:
    reference = (
        b"      - {title: " + b"R" * 190 + b", url: https://example.org/" + b"x" * 470 + b"}\n"
    )
    source = EVERY_TYPE.read_bytes().replace(
        b"answer: {en: [Paris], fr: [Paris, Lut\xc3\xa8ce]}",
        b"answer: [Paris]\n    references:\n" + reference * 3,
    )
    with pytest.raises(QuizError) as raised:
        load_source("every-type.yaml", "every-type", source)
    messages = [str(problem) for problem in raised.value.problems]
    assert messages
    assert all(
        message.startswith("every-type.yaml:9: question 'capital': ") for message in messages
    )
    assert any("the private verdict is" in message for message in messages)


def test_limits_render_every_type_exactly(quiz: Quiz) -> None:
    assert limits.check_quiz(quiz, exact=True) == limits.check_quiz(quiz) == []


def test_the_editor_schema_knows_every_type() -> None:
    schema = json.loads((QUIZZES / "quiz.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(yaml.safe_load(EVERY_TYPE.read_text(encoding="utf-8")), schema)
    for name in ("format3-tol-and-range", "format3-tf-choices", "format3-order-too-long",
                 "format3-text-too-long", "format2-type"):  # fmt: skip
        broken = yaml.safe_load((BROKEN / f"{name}.yaml").read_text(encoding="utf-8"))
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken, schema)


def test_the_corpus_covers_the_mistakes_the_issue_names() -> None:
    expected = [line for path in BROKEN.glob("format3-*.yaml") for line in expected_problems(path)]
    for message in (
        "accepted answer is 102 characters long; the limit is 100",
        "a number question has a tolerance or a range, not both",
        "a multiple question needs a wrong choice: every choice is right",
        "a truefalse question has no choices",
        "an order question orders 2 to 10 choices (found 11)",
    ):
        assert any(message in line for line in expected), message


def test_readme_examples_of_every_type_load(tmp_path: Path) -> None:
    """The README's format 3 example is a quiz that loads, with one question of each type."""
    readme = (QUIZZES / "README.md").read_text(encoding="utf-8")
    block = readme.split("```yaml\nformat: 3\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "types-example.yaml"
    path.write_text("format: 3\n" + block, encoding="utf-8")
    loaded = load_quiz(path)
    assert {question.type for question in loaded.questions} == {
        "choice", "truefalse", "multiple", "text", "number", "order"
    }  # fmt: skip


def test_a_chat_upload_takes_every_type() -> None:
    """Telegram and Discord play every type, so a chat's quiz may hold any of them."""
    read = read_upload("every-type.yaml", EVERY_TYPE.read_bytes())
    assert isinstance(read, ReadUpload)
    assert {question.type for question in read.quiz.questions} == {
        "choice", "truefalse", "multiple", "text", "number", "order"
    }  # fmt: skip


def test_a_chat_upload_the_importers_make_typed_questions_of_is_taken_too() -> None:
    """A Red list is typed questions, and a GIFT short answer: uploaded, they are the chat's
    quiz; what the import skipped is still named by line."""
    red = read_upload("capitals.yaml", b"Capital of France?:\n- Paris\nOf Italy?:\n- Rome\n")
    assert isinstance(red, ReadUpload)
    assert [question.type for question in red.quiz.questions] == ["text", "text"]
    gift = b"Q? {=a ~b}\n\nName it. {=Paris}\n\nMatch. {=a -> b =c -> d}\n"
    mixed = read_upload("mixed.gift", gift)
    assert isinstance(mixed, ReadUpload)
    assert [question.type for question in mixed.quiz.questions] == ["choice", "text"]
    assert [(p.line, p.key) for p in mixed.warnings] == [(5, "import.skip.gift_matching")]


def test_validate_says_nothing_of_the_types_themselves() -> None:
    warnings: list[Problem] = []
    load_quiz(EVERY_TYPE, warnings)
    assert warnings == []
