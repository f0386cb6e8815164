"""Moodle GIFT: tests/corpus/imports/moodle.gift, written from Moodle's format documentation."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.catalog.importers import ImportFailedError
from bot.catalog.importers.cleaning import plain
from bot.catalog.importers.markdown_text import markdown_to_text
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
    assert questions["markdown"].prompt == "What does 2 = 2 say?"  # as Markdown renders it


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


def test_the_title_is_the_category_all_questions_are_in() -> None:
    assert imported("moodle.gift").quiz.title.versions[0][1] == "Astronomy"
    one = b"$CATEGORY: $course$/top/Default for Unit 1\\: Topic\n\nQ?{=a ~b}\n"
    assert imported("unit.gift", one).quiz.title.versions[0][1] == "Unit 1: Topic"
    none = imported("my-bank.gift", b"Q?{=a ~b}\n")
    assert none.quiz.title.versions[0][1] == "my bank"  # no category: the file's name


def test_markdown_reads_as_it_renders_and_html_comments_are_gone() -> None:
    text = (
        "[markdown]Argon is a **noble gas**: it _rarely_ reacts (see [IUPAC](https://iupac.org))."
        "{=True ~False}\n\n"
        "[html]<p>Which?<!--<var>LE0000017566</var>--></p>{=<b>One</b> ~Two &amp; three"
        "####<p>Because <!-- hidden -->it is &lt;1&gt;.</p>}\n\n"
        "Is 2 < 3 > 1 in Moodle's format?{=yes ~no # [html]<i>No</i>, it holds}\n"
    )
    argon, which, order = (seen(q) for q in imported("f.gift", text.encode()).quiz.questions)
    assert argon.prompt == (
        "Argon is a noble gas: it rarely reacts (see IUPAC (https://iupac.org))."
    )
    assert (which.prompt, which.choices) == ("Which?", ["One", "Two & three"])
    assert which.explanation == "Because it is <1>."
    assert order.prompt == "Is 2 < 3 > 1 in Moodle's format?"
    assert order.notes == {"no": "No, it holds"}  # the feedback's own [html], after a space


def test_true_false_choices_are_true_then_false() -> None:
    result = imported("tf.gift", b"Sky is blue.{T}\n\nGrass is red.{F}\n")
    questions = [seen(q) for q in result.quiz.questions]
    assert [(q.choices, q.right) for q in questions] == [
        (["True", "False"], "True"),
        (["True", "False"], "False"),
    ]


@given(st.text(alphabet=st.characters(blacklist_characters="*_`[]()#\\!\ue010"), max_size=200))
def test_text_without_markdown_marks_reads_the_same_in_markdown(text: str) -> None:
    assert markdown_to_text(text) == plain(text)


@given(st.text(alphabet=st.sampled_from("*_`[]()#\\! ab\n"), max_size=200))
def test_markdown_marks_never_stay_paired(text: str) -> None:
    shown = markdown_to_text(text)
    assert not re.search(r"\*\*[^*\s][^*\n]*\*\*", shown)
