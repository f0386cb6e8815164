"""A quizbot quiz file sent to a chat: its id is the one the loader reads in it, whatever the
file is called and however the YAML spells the key; the loader's problems come back by line."""

from __future__ import annotations

import pytest

from bot.catalog.uploads import ReadUpload, read_upload
from bot.domain.uploads import UploadFailed

QUIZ = """format: 1
{id_line}
title: {{en: "Capitals", fr: "Capitales"}}
description: {{en: "Where the capitals are.", fr: "Où sont les capitales."}}
difficulty: easy
questions:
  - id: q1
    prompt: {{en: "The capital of France?", fr: "La capitale de la France ?"}}
    choices:
      - {{en: "Paris", fr: "Paris"}}
      - {{en: "Lyon", fr: "Lyon"}}
    answer: A
    explanation: {{en: "Paris has been since 987.", fr: "Paris l'est depuis 987."}}
"""


def quiz_file(id_line: str) -> bytes:
    return QUIZ.format(id_line=id_line).encode()


@pytest.mark.parametrize(
    "id_line",
    [
        "id: capitals",
        "id: 'capitals'  # the group's own",
        '"id": capitals',  # a quoted key: valid YAML, as an editor may write it
        "id: !!str capitals",
    ],
)
def test_a_quiz_file_is_read_under_the_id_it_declares_whatever_its_name(id_line: str) -> None:
    read = read_upload("My quiz (final).yaml", quiz_file(id_line))
    assert isinstance(read, ReadUpload), read
    assert read.quiz.id == "capitals"
    assert read.source == quiz_file(id_line).decode()
    assert read.warnings == ()


def test_a_quiz_file_without_an_id_gets_the_loader_s_problem_at_its_line() -> None:
    read = read_upload("capitals.yaml", quiz_file("# no id"))
    assert isinstance(read, UploadFailed), read
    assert [problem.line for problem in read.problems] == [1]
    assert "'id'" in dict(read.problems[0].values)["problem"]


def test_a_quiz_file_with_a_bad_id_is_refused_for_it_not_for_its_name() -> None:
    read = read_upload("capitals.yaml", quiz_file("id: Capitals Of Europe"))
    assert isinstance(read, UploadFailed), read
    problems = [(problem.line, dict(problem.values)["problem"]) for problem in read.problems]
    assert problems == [
        (2, "quiz id 'Capitals Of Europe' must be 1-24 lowercase letters, digits or hyphens")
    ]
