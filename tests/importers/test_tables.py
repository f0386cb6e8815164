"""Question tables as people write them: options and a correct-answer column (by text, number or
letter), and rows with nothing in the answer column (issue 26, items 2 and 10)."""

from __future__ import annotations

import pytest

from bot.catalog.importers import ImportFailedError
from tests.importers.helpers import imported, seen, skipped

OPTIONS_HEADER = "Question,Option 1,Option 2,Option 3,Option 4,Correct Answer,Explanation\n"


def table(*rows: str, header: str = OPTIONS_HEADER) -> bytes:
    return (header + "".join(f"{row}\n" for row in rows)).encode("utf-8")


def test_options_with_the_right_one_named_by_its_text_keep_every_answer_and_explanation() -> None:
    data = table(
        '"Did you know… Which gas do plants take in?",Oxygen,Carbon dioxide,Nitrogen,Helium,'
        '"Carbon dioxide","They give oxygen back."',
        "Which planet is largest?,Mars,Venus,Jupiter,Earth,jupiter,By far.",
    )
    result = imported("quiz.csv", data)  # no --format: the header says what the file is
    assert result.format == "csv"
    questions = [seen(question) for question in result.quiz.questions]
    assert [(q.prompt, q.right, q.explanation) for q in questions] == [
        ("Did you know… Which gas do plants take in?", "Carbon dioxide", "They give oxygen back."),
        ("Which planet is largest?", "Jupiter", "By far."),
    ]
    assert questions[0].choices == ["Oxygen", "Carbon dioxide", "Nitrogen", "Helium"]
    assert result.skipped == []
    assert [note.key for note in result.notes] == ["note.csv_answer_text"]
    assert result.notes[0].arguments() == {
        "column": "Correct Answer",
        "first": "Option 1",
        "question": "Question",
    }


@pytest.mark.parametrize(
    ("cells", "way"),
    [(("2", "3.0", "1"), "number"), (("B", "c", "A"), "letter")],
    ids=["number", "letter"],
)
def test_the_right_option_named_by_its_number_or_letter(cells: tuple[str, ...], way: str) -> None:
    data = table(
        f"2 + 2?,3,4,5,,{cells[0]},",
        f"Capital of France?,Lyon,Nice,Paris,Metz,{cells[1]},",
        f"Largest planet?,Jupiter,Mars,Venus,Earth,{cells[2]},",
    )
    result = imported("quiz.csv", data, format="csv")
    assert [(seen(q).prompt, seen(q).right) for q in result.quiz.questions] == [
        ("2 + 2?", "4"),
        ("Capital of France?", "Paris"),
        ("Largest planet?", "Jupiter"),
    ]
    assert seen(result.quiz.questions[0]).choices == ["3", "4", "5"]  # the empty option left out
    assert [note.key for note in result.notes] == [f"note.csv_answer_{way}"]


def test_options_named_by_bare_letters_with_the_answer_as_a_letter() -> None:
    data = table("2 + 2?,3,4,5,6,B,", header="Question,A,B,C,D,Answer,Explanation\n")
    result = imported("quiz.csv", data)
    assert [(seen(q).choices, seen(q).right) for q in result.quiz.questions] == [
        (["3", "4", "5", "6"], "4")
    ]
    assert [note.key for note in result.notes] == ["note.csv_answer_letter"]


def test_a_file_read_one_way_throughout_the_text_first_on_a_tie() -> None:
    data = table("Double of 1?,2,4,6,8,2,", "Double of 3?,2,4,6,8,6,")
    result = imported("quiz.csv", data)
    assert [seen(q).right for q in result.quiz.questions] == ["2", "6"]
    assert [note.key for note in result.notes] == ["note.csv_answer_text"]


def test_a_correct_answer_that_names_no_option_is_skipped_by_line_with_its_value() -> None:
    data = table(
        "2 + 2?,3,4,5,6,4,",
        "3 + 3?,5,6,7,8,twelve,",
        "4 + 4?,7,8,9,10,,",
        "5 + 5?,9,10,11,12,10,",
    )
    result = imported("quiz.csv", data)
    assert skipped(result) == [(3, "skip.csv_bad_correct"), (4, "skip.empty_field")]
    assert result.skipped[0].reason.arguments() == {"value": "twelve", "column": "Correct Answer"}
    assert result.skipped[1].reason.arguments() == {"field": "Correct Answer"}


def test_several_options_named_at_once_are_skipped_as_several_right() -> None:
    data = table('Primes?,2,3,4,6,"1,2",', "Even?,1,2,3,5,2,")
    result = imported("quiz.csv", data)
    assert skipped(result) == [(2, "skip.several_right")]
    assert [seen(q).right for q in result.quiz.questions] == ["2"]


def test_a_row_without_answer_is_named_as_such_and_lends_no_empty_wrong_choice() -> None:
    data = "question;answer;wrong\nCapital of France?;;Lyon\nCapital of Spain?;Madrid\n"
    data += "Capital of Italy?;Rome\n"
    result = imported("quiz.csv", data.encode())
    assert skipped(result) == [(2, "skip.empty_field")]
    assert result.skipped[0].reason.arguments() == {"field": "answer"}
    assert [seen(q).choices for q in result.quiz.questions] == [
        ["Madrid", "Rome"],
        ["Rome", "Madrid"],
    ]


def test_no_note_about_borrowed_choices_when_none_could_be_borrowed() -> None:
    data = "question;answer;wrong\nQ1?;;W1\nQ2?;A2;W2\nQ3?;A2\n"
    result = imported("quiz.csv", data.encode())
    assert skipped(result) == [(2, "skip.empty_field"), (4, "skip.no_wrong_choices")]
    assert [seen(q).prompt for q in result.quiz.questions] == ["Q2?"]
    assert result.notes == []


def test_a_row_without_answer_nor_wrong_choices_is_not_dropped_silently() -> None:
    data = "question;answer\nCapital of France?;Paris\nCapital of Spain?;\nItaly?;Rome\n"
    result = imported("quiz.csv", data.encode())
    assert skipped(result) == [(3, "skip.empty_field")]
    assert len(result.quiz.questions) == 2


def test_a_table_of_options_without_any_resolvable_answer_fails_by_line() -> None:
    with pytest.raises(ImportFailedError) as failed:
        imported("quiz.csv", table("2 + 2?,3,4,5,6,seven,"))
    assert [(p.line, p.reason.key) for p in failed.value.problems] == [(2, "skip.csv_bad_correct")]


def test_an_id_column_names_the_question_in_a_table_of_options_too() -> None:
    data = table("2 + 2?,3,4,,,4,,sum", header=OPTIONS_HEADER.replace("\n", ",id\n"))
    assert [q.id for q in imported("quiz.csv", data).quiz.questions] == ["sum"]
