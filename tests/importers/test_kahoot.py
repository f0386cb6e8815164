"""Kahoot's quiz template (.xlsx), built with openpyxl as the template lays it out."""

from __future__ import annotations

import pytest

from bot.catalog.importers import ImportFailedError
from tests.importers.helpers import imported, seen, skipped
from tests.importers.packages import kahoot, zip_of


@pytest.mark.parametrize("header_row", [8, 1, 20])
def test_the_header_row_is_found_wherever_it_is(header_row: int) -> None:
    result = imported("quiz.xlsx", kahoot(header_row))
    assert (result.format, result.unit) == ("kahoot", "row")
    questions = result.quiz.questions
    assert [q.type for q in questions] == ["choice", "choice", "choice", "truefalse"]
    assert [(s.prompt, s.choices, s.right) for s in map(seen, questions)] == [
        ("What is 2 + 2?", ["3", "4", "5"], "4"),
        ("When did Apollo 11 land on the Moon?", ["1969", "1972"], "1969"),
        (
            "Which gas do plants take in?",
            ["Oxygen", "Carbon dioxide", "Nitrogen"],
            "Carbon dioxide",
        ),
        ("The Moon is a planet.", ["True", "False"], "False"),  # the bot's words, in order
    ]
    first = header_row + 1  # and the template's empty numbered rows are not items
    assert skipped(result) == [
        (first + 1, "skip.several_right"),
        (first + 3, "skip.kahoot_bad_correct"),
        (first + 4, "skip.kahoot_no_correct"),
    ]


def test_a_spreadsheet_without_the_template_header_is_malformed() -> None:
    import io

    import openpyxl

    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.append(["Term", "Definition"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    with pytest.raises(ImportFailedError) as failed:
        imported("quiz.xlsx", buffer.getvalue())
    assert failed.value.problems[0].reason.key == "error.kahoot_header"


@pytest.mark.parametrize(
    "data", [b"PK\x03\x04 not really", zip_of({"xl/workbook.xml": b"<not xml"})]
)
def test_a_broken_spreadsheet_is_one_problem(data: bytes) -> None:
    with pytest.raises(ImportFailedError) as failed:
        imported("quiz.xlsx", data)
    assert failed.value.problems[0].reason.key == "error.spreadsheet"
