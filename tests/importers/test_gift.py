"""Moodle GIFT: tests/corpus/imports/moodle.gift, written from Moodle's format documentation."""

from __future__ import annotations

import pytest

from bot.catalog.importers import ImportFailedError
from tests.importers.helpers import Seen, imported, seen, skipped


def test_every_multiple_choice_and_true_false_question_is_imported() -> None:
    result = imported("moodle.gift")
    assert result.format == "gift"
    questions = {question.id: seen(question) for question in result.quiz.questions}
    assert list(questions) == [
        "grant-s-tomb",
        "q2",
        "sun-is-a-star",
        "pluto-is-a-planet",
        "mercury-is-the-planet-of-the",
        "jesus-hometown",
        "escapes",
        "markdown",
    ]
    assert questions["grant-s-tomb"] == Seen(
        "Who's buried in Grant's tomb?", ["Grant", "Jefferson", "no one"], "no one", None, {}
    )
    assert questions["q2"] == Seen(
        "What's between orange and green in the spectrum?",
        ["yellow", "red", "blue"],
        "yellow",
        "right; good!",
        {"red": "wrong, it's yellow", "blue": "wrong, it's yellow"},
    )


def test_true_false_feedback_if_wrong_is_a_note_and_if_right_the_explanation() -> None:
    questions = {q.id: seen(q) for q in imported("moodle.gift").quiz.questions}
    assert questions["sun-is-a-star"] == Seen(
        "The Sun is a star.",
        ["True", "False"],
        "True",
        "Yes: a yellow dwarf.",
        {"False": "It is one: a G-type main-sequence star."},
    )
    assert questions["pluto-is-a-planet"].right == "False"
    french = {q.id: seen(q) for q in imported("moodle.gift", language="fr").quiz.questions}
    assert french["pluto-is-a-planet"].choices == ["Vrai", "Faux"]


def test_weights_general_feedback_missing_words_formats_and_escapes() -> None:
    questions = {q.id: seen(q) for q in imported("moodle.gift").quiz.questions}
    hometown = questions["jesus-hometown"]
    assert hometown.right == "Nazareth"
    assert hometown.choices == ["Jerusalem", "Bethlehem", "Galilee", "Nazareth"]
    assert hometown.explanation == "Nazareth is a town of Galilee.\n\nYes! That's right!"
    assert hometown.notes["Galilee"] == "You need to be more specific."
    assert questions["mercury-is-the-planet-of-the"].prompt == (
        "Mercury is the _____ planet of the Solar System."
    )
    escapes = questions["escapes"]
    assert escapes.prompt == "Which character ends a GIFT answer block { }?"
    assert (escapes.right, escapes.choices) == ("}", ["}", "{", "~"])
    assert escapes.explanation == "In GIFT, { opens and } closes.\n\nRight: the closing brace."
    assert questions["markdown"].prompt == "What does **2 = 2** say?"


def test_categories_become_tags_and_other_question_types_are_skipped_by_line() -> None:
    result = imported("moodle.gift")
    assert result.quiz.tags == ("astronomy", "solar-system", "missions")
    assert skipped(result) == [
        (42, "skip.gift_short_answer"),
        (44, "skip.gift_numeric"),
        (46, "skip.gift_matching"),
        (52, "skip.gift_essay"),
        (54, "skip.gift_description"),
        (56, "skip.gift_partial_only"),
        (62, "skip.gift_braces"),
    ]
    assert [note.key for note in result.notes] == ["note.gift_partial"]


def test_several_full_credit_answers_are_skipped() -> None:
    text = "Pick one.{=a =b ~c}\n\nAnd this one.{=a ~b}\n"
    result = imported("two.gift", text.encode())
    assert skipped(result) == [(1, "skip.several_right")]
    assert result.skipped[0].reason.arguments() == {"count": 2}


def test_a_file_of_essays_only_imports_nothing_and_says_why_by_line() -> None:
    with pytest.raises(ImportFailedError) as failed:
        imported("essays.gift", b"// two essays\nOne? {}\n\n\nTwo?\n{}\n")
    assert [(p.line, p.reason.key) for p in failed.value.problems] == [
        (2, "skip.gift_essay"),
        (5, "skip.gift_essay"),
    ]
