"""Open Trivia DB: an API response (tests/corpus/imports/opentdb.json), its results alone, and
the same questions in the API's other encodings."""

from __future__ import annotations

import base64
import html
import json
from typing import Any
from urllib.parse import quote

import pytest

from bot.catalog.importers import ImportFailedError
from bot.text.import_texts import summary
from tests.importers.helpers import corpus, imported, seen, skipped

EXPECTED = [
    (
        'What does "CPU" stand for?',
        [
            "Central Processing Unit",
            "Central Process Unit",
            "Computer Personal Unit",
            "Central Processor Unit",
        ],
        "Central Processing Unit",
    ),
    (
        "The programming language 'Python' is named after a snake.",
        ["True", "False"],
        "False",
    ),
    ("What is the chemical symbol for gold?", ["Au", "Ag", "Gd", "Go"], "Au"),
]


def questions(name: str, data: bytes | None = None) -> list[tuple[str, list[str], str]]:
    result = imported(name, data)
    return [(s.prompt, s.choices, s.right) for s in map(seen, result.quiz.questions)]


def test_an_api_response_decodes_entities_and_credits_the_source() -> None:
    result = imported("opentdb.json")
    assert result.format == "opentdb"
    assert questions("opentdb.json") == EXPECTED
    credit = result.quiz.credit
    assert credit is not None
    assert (credit.name, credit.url, credit.licence) == (
        "Open Trivia Database",
        "https://opentdb.com",
        "CC BY-SA 4.0",
    )
    assert result.quiz.tags == ("science-computers", "science-nature")
    assert result.quiz.difficulty == "medium"
    assert skipped(result) == [(32, "skip.opentdb_type"), (40, "skip.missing_field")]
    assert "source:\n  name: Open Trivia Database" in result.yaml
    assert [q.type for q in result.quiz.questions] == ["choice", "truefalse", "choice"]
    assert "  type: truefalse\n  prompt: The programming language 'Python' is named" in result.yaml


def encoded(encode: Any) -> bytes:
    """The fixture's results as the API sends them with encode=…: every text encoded."""
    document = json.loads(corpus("opentdb.json"))

    def each(value: Any) -> Any:
        if isinstance(value, str):
            return encode(html.unescape(value))
        if isinstance(value, list):
            return [each(item) for item in value]
        return value

    results = [{key: each(value) for key, value in item.items()} for item in document["results"]]
    return json.dumps(results[:3], indent=1).encode()


@pytest.mark.parametrize(
    "encode",
    [
        lambda text: base64.b64encode(text.encode()).decode(),
        lambda text: quote(text, safe=""),
    ],
    ids=["base64", "url3986"],
)
def test_the_apis_other_encodings_give_the_same_questions(encode: Any) -> None:
    assert questions("results.json", encoded(encode)) == EXPECTED


def test_a_response_code_other_than_0_is_the_problem() -> None:
    with pytest.raises(ImportFailedError) as failed:
        imported("opentdb-errors.json")
    assert [(p.line, p.reason.key) for p in failed.value.problems] == [
        (1, "error.opentdb_no_results")
    ]


@pytest.mark.parametrize(
    ("text", "line", "key"),
    [
        (b'{"results": [\n  {"type": "multiple",\n  oops}\n]}', 3, "error.json"),
        (b'{"results": {"type": "multiple"}}', 1, "error.opentdb_shape"),
        (b'"a string"', 1, "error.opentdb_shape"),
    ],
)
def test_malformed_json_is_named_by_line(text: bytes, line: int, key: str) -> None:
    with pytest.raises(ImportFailedError) as failed:
        imported("trivia.json", text)
    assert [(p.line, p.reason.key) for p in failed.value.problems] == [(line, key)]


def test_a_response_on_one_line_names_its_skipped_questions_by_number() -> None:
    """An API response is one line: "file:1" for every item would name none of them."""
    document = json.loads(corpus("opentdb.json"))
    document["results"].insert(1, {"type": "multiple", "question": "Lost?"})
    result = imported("api.json", json.dumps(document).encode())
    assert result.unit == "question"
    assert skipped(result) == [
        (2, "skip.missing_field"),
        (5, "skip.opentdb_type"),
        (6, "skip.missing_field"),
    ]
    lines = summary("api.json", result, "en")
    assert "api.json: question 2: “correct_answer” is missing" in lines
