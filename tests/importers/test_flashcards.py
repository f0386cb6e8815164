"""Red-DiscordBot trivia lists, Quizlet exports and quizbot's own CSV
(tests/corpus/imports/red.yaml, quizlet*.txt, quizbot.csv)."""

from __future__ import annotations

import pytest

from bot.catalog.importers import ImportFailedError
from bot.catalog.importers.quizlet import separator
from bot.domain.question_types import TextKey
from tests.importers.helpers import imported, seen, skipped


def test_a_red_list_is_typed_answers_and_credits_its_author() -> None:
    result = imported("red.yaml")
    assert result.format == "red"
    typed = [
        (q.prompt.versions[0][1], [a.spelling for a in q.key.accepted])
        for q in result.quiz.questions
        if isinstance(q.key, TextKey)
    ]
    assert typed == [
        ("What is the capital of France?", ["Paris"]),
        ("How many legs does a spider have?", ["8", "eight"]),
        ("Which planet is closest to the Sun?", ["Mercury"]),
        ("In which year did the Second World War end?", ["1945"]),
        ("What is the capital of Spain?", ["Madrid"]),  # madrid: the same, once folded
        ("In which year did the Berlin Wall fall?", ["1989"]),
    ]
    assert result.quiz.credit is not None
    assert result.quiz.credit.name == "Twentysix"
    assert skipped(result) == [(16, "skip.red_not_list"), (17, "skip.red_no_answer")]
    assert result.notes == []


@pytest.mark.parametrize(
    ("text", "line", "key"),
    [
        (b"- just\n- a list\n", 1, "error.red_shape"),
        (b"Question?:\n  - [unclosed\n", 3, "error.yaml"),
        (b"a: &x [1]\nb: *x\n<<: *x\n", 3, "error.yaml"),
    ],
)
def test_a_broken_red_list_is_named_by_line(text: bytes, line: int, key: str) -> None:
    with pytest.raises(ImportFailedError) as failed:
        imported("list.yaml", text)
    assert [(p.line, p.reason.key) for p in failed.value.problems] == [(line, key)]


def test_a_quizlet_export_with_its_default_separators() -> None:
    result = imported("quizlet.txt", language="fr")
    assert result.format == "quizlet"
    assert [(s.prompt, s.right) for s in map(seen, result.quiz.questions)] == [
        ("chien", "dog"),
        ("chat", "cat"),
        ("cheval", "horse"),
        ("vache", "cow"),
    ]
    assert skipped(result) == [(5, "skip.quizlet_no_separator")]
    assert result.skipped[0].reason.arguments() == {"separator": "\\t"}


def test_a_quizlet_export_with_custom_separators() -> None:
    result = imported("quizlet-custom.txt", term_separator=" - ", row_separator=";;")
    assert [(s.prompt, s.right) for s in map(seen, result.quiz.questions)] == [
        ("der Hund", "the dog"),
        ("die Katze", "the cat"),
        ("das Pferd", "the horse"),
        ("die Kuh", "the cow"),
    ]
    assert skipped(result) == [(2, "skip.quizlet_no_separator")]


def test_separators_are_typed_as_names_escapes_or_themselves() -> None:
    assert [separator(s) for s in ("tab", "Comma", "\\n", "\\t|", " - ")] == [
        "\t",
        ",",
        "\n",
        "\t|",
        " - ",
    ]


def test_quizbot_csv_reads_its_columns_and_fills_missing_wrong_choices() -> None:
    result = imported("quizbot.csv")
    assert result.format == "csv"
    questions = {q.id: seen(q) for q in result.quiz.questions}
    assert list(questions) == ["sum", "capital-of-france", "capital-of-spain", "capital-of-italy"]
    assert questions["sum"].choices == ["4", "3", "5", "22"]
    assert questions["sum"].explanation == "Two and two make four, in any base above 4."
    assert questions["capital-of-france"].choices == ["Paris", "Lyon", "Marseille"]
    assert questions["capital-of-spain"].choices == ["Madrid", "Paris", "Rome"]
    assert skipped(result) == [(6, "skip.empty_prompt"), (7, "skip.same_choices")]
    assert [note.key for note in result.notes] == ["note.distractors"]


def test_a_csv_without_its_header_is_malformed() -> None:
    with pytest.raises(ImportFailedError) as failed:
        imported("table.csv", b"What is 2 + 2?,4,3\n", format="csv")
    problem = failed.value.problems[0]
    assert (problem.line, problem.reason.key) == (1, "error.csv_header")
    assert problem.reason.arguments() == {"found": "What is 2 + 2?, 4, 3"}


def test_semicolons_as_french_spreadsheets_write_them() -> None:
    text = "question;answer;wrong;explanation\nCapitale de la France ?;Paris;Lyon;Depuis 987.\n"
    result = imported("quiz.csv", text.encode("utf-8"), language="fr")
    question = seen(result.quiz.questions[0])
    assert (question.prompt, question.choices, question.explanation) == (
        "Capitale de la France ?",
        ["Paris", "Lyon"],
        "Depuis 987.",
    )
