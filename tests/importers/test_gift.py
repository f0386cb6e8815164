"""Moodle GIFT: tests/corpus/imports/moodle.gift, written from Moodle's format documentation."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.catalog.importers import ImportFailedError
from bot.catalog.importers.cleaning import plain
from bot.catalog.importers.markdown_text import markdown_to_text
from bot.domain.question_types import SINGLE, NumberKey, SetKey, TextKey
from tests.importers.helpers import Seen, imported, seen, skipped


def test_every_question_but_matching_and_essays_is_imported_with_its_type() -> None:
    result = imported("moodle.gift")
    assert result.format == "gift"
    assert [(q.id, q.type) for q in result.quiz.questions] == [
        ("grant-s-tomb", "choice"),
        ("q2", "choice"),
        ("sun-is-a-star", "truefalse"),
        ("pluto-is-a-planet", "truefalse"),
        ("mercury-is-the-planet-of-the", "choice"),
        ("jesus-hometown", "choice"),
        ("escapes", "choice"),
        ("markdown", "choice"),
        ("short-answer", "text"),
        ("numeric", "number"),
        ("two-planets", "multiple"),
    ]
    questions = {q.id: seen(q) for q in result.quiz.questions if q.type in SINGLE}
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
    quiz = imported("moodle.gift").quiz
    questions = {q.id: seen(q) for q in quiz.questions if q.type in SINGLE}
    assert questions["sun-is-a-star"] == Seen(
        "The Sun is a star.",
        ["True", "False"],
        "True",
        "Yes: a yellow dwarf.",
        {"False": "It is one: a G-type main-sequence star."},
    )
    assert questions["pluto-is-a-planet"].right == "False"
    french = {q.id: q for q in imported("moodle.gift", language="fr").quiz.questions}
    pluto = french["pluto-is-a-planet"]  # True and False in the player's language
    assert [dict(choice.versions)["fr"] for choice in pluto.choices] == ["Vrai", "Faux"]
    assert (pluto.type, pluto.answer) == ("truefalse", 1)


def test_short_answer_accepts_the_full_credit_answers_only() -> None:
    text = "Capital of France? {=Paris =Lutèce =%50%Lyon#close =%0%*#no}\n"
    result = imported("short.gift", text.encode())
    question = result.quiz.questions[0]
    assert isinstance(question.key, TextKey)
    assert [a.spelling for a in question.key.accepted] == ["Paris", "Lutèce"]
    assert [note.key for note in result.notes] == ["note.gift_partial_typed"]
    assert "  answer:\n  - Paris\n  - Lutèce\n" in result.yaml


@pytest.mark.parametrize(
    ("answers", "key"),
    [
        ("#1822", NumberKey(1822, 1822, 1822)),
        ("#3.1415:0.0005", NumberKey(3.141, 3.142, 3.1415)),
        ("#-3.142..-3.141", NumberKey(-3.142, -3.141)),
        ("#=1822:0 =%50%1822:2", NumberKey(1822, 1822, 1822)),  # only full credit counts
        ("#=1..2 =2..3", NumberKey(1, 3)),  # touching ranges: the range they make
        ("#=%0%5:0#no =%100%9:0#yes =%0%23:0", NumberKey(9, 9, 9)),
        ("#3:2~#Completely wrong", NumberKey(1, 5, 3)),
    ],
)
def test_numeric_answers_become_a_number_question(answers: str, key: NumberKey) -> None:
    question = imported("n.gift", f"How many?{{{answers}}}\n".encode()).quiz.questions[0]
    assert question.type == "number"
    assert isinstance(question.key, NumberKey)
    found = question.key
    assert (found.low, found.high) == pytest.approx((key.low, key.high))
    assert found.value == key.value


def test_a_short_answer_of_punctuation_alone_is_skipped_saying_so() -> None:
    result = imported("s.gift", b"Anything?{=*}\n\nCapital of France?{=Paris}\n")
    assert skipped(result) == [(1, "skip.untypable_answer")]


def test_numeric_answers_with_a_gap_between_them_are_skipped_saying_so() -> None:
    result = imported("n.gift", b"Even?{#=2 =4}\n\nOdd?{#3}\n\nWhat?{#three}\n")
    assert skipped(result) == [(1, "skip.gift_numeric_apart"), (5, "skip.gift_numeric")]


def test_weights_general_feedback_missing_words_formats_and_escapes() -> None:
    quiz = imported("moodle.gift").quiz
    questions = {q.id: seen(q) for q in quiz.questions if q.type in SINGLE}
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
        (46, "skip.gift_matching"),
        (52, "skip.gift_essay"),
        (54, "skip.gift_description"),
        (62, "skip.gift_braces"),
    ]
    assert [note.key for note in result.notes] == ["note.gift_partial"]


def test_shared_credit_makes_a_multiple_question_and_several_full_credits_are_skipped() -> None:
    """`~%50%a ~%50%b` is Moodle's multiple-answer question: both are to be picked. `=a =b`
    is its one-answer question where either is right: no question here says that."""
    text = "Planets?{~%50%Jupiter#gas ~%50%Saturn ~%-100%Mars#rock}\n\nPick one.{=a =b ~c}\n\n"
    text += "Half?{~%50%a ~b}\n\nAll?{~%50%a ~%50%b}\n"
    result = imported("two.gift", text.encode())
    (planets,) = result.quiz.questions
    assert (planets.type, planets.key) == ("multiple", SetKey(frozenset({0, 1})))
    assert {i: n.versions[0][1] for i, n in planets.notes.items()} == {2: "rock"}
    assert skipped(result) == [
        (3, "skip.several_right"),
        (5, "skip.gift_partial_only"),
        (7, "skip.all_right"),
    ]
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


def test_true_false_questions_are_true_then_false() -> None:
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
