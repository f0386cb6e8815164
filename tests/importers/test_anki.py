"""Anki: text exports with their headers (tests/corpus/imports/anki-*.txt) and packages built
with Anki's schemas (tests/importers/packages.py), old and zstd-compressed."""

from __future__ import annotations

import io
import zipfile

import pytest
import zstandard

from bot.catalog.importers import ImportFailedError
from bot.catalog.importers.anki_cloze import MAX_CARDS, Card, cloze_cards
from bot.domain.models import Question
from bot.domain.question_types import TextKey
from tests.importers.helpers import imported, seen, skipped
from tests.importers.packages import apkg, zip_of


def typed(question: Question) -> list[str]:
    assert question.type == "text"
    assert isinstance(question.key, TextKey)
    return [answer.spelling for answer in question.key.accepted]


def shown(question: Question) -> list[str]:
    """The right answer: the choice, or every accepted one of a typed question."""
    if question.type == "choice":
        return [seen(question).right]
    return typed(question)


def test_a_text_export_reads_its_headers_html_decks_tags_and_quoting() -> None:
    result = imported("anki-notes.txt")
    assert result.format == "anki"
    questions = [seen(q) for q in result.quiz.questions if q.type == "choice"]
    assert [(q.prompt, q.right) for q in questions] == [
        ("Which planet is closest to the Sun?", "Mercury"),
        ("Which planet has the Great Red Spot?", "Jupiter"),
        ('Which planet is known as the "Red Planet"?', "Mars"),
        ("How many moons does Mars have?", "2"),
        ("How many planets are in the Solar System?", "8"),
        ("Which planet is the largest?\n(by mass)", "Jupiter\n(318 Earths)"),
    ]
    assert [
        (q.prompt.versions[0][1], typed(q)) for q in result.quiz.questions if q.type != "choice"
    ] == [
        ("[...] has the most visible rings.", ["Saturn"]),  # the cloze note
        ("Which planet is the hottest?", ["Venus"]),  # Basic (type in the answer)
    ]
    assert result.quiz.title.versions == (("en", "Planets"),)
    assert result.quiz.tags == ("astronomy", "planets", "storms", "moons")
    assert skipped(result) == [
        (13, "skip.empty_field"),
        (14, "skip.picture"),  # <img src="venus.jpg">: no such file beside the export
        (14, "skip.picture_only"),  # and nothing else to ask
    ]
    assert [note.key for note in result.notes] == ["note.distractors", "note.html"]


def test_wrong_choices_are_other_answers_of_the_same_kind_and_always_the_same() -> None:
    questions = [seen(q) for q in imported("anki-notes.txt").quiz.questions if q.type == "choice"]
    assert questions[0].choices == ["Mercury", "Jupiter", "Jupiter\n(318 Earths)", "Venus"]
    assert questions[3].choices == ["2", "8", "3", "1"]  # numbers: the deck's, then near ones
    again = [seen(q) for q in imported("anki-notes.txt").quiz.questions if q.type == "choice"]
    assert again == questions
    for question in questions:
        assert len(set(question.choices)) == len(question.choices)
        assert question.choices[0] == question.right
        assert question.explanation is None


def test_named_columns_put_front_and_back_where_the_header_says() -> None:
    result = imported("anki-columns.txt", language="de")
    assert [(seen(q).prompt, seen(q).right) for q in result.quiz.questions] == [
        ("dog", "Hund"),
        ("cat", "Katze"),
        ("horse", "Pferd"),
        ("bird", "Vogel"),
    ]
    assert result.quiz.languages == ("de",)
    assert result.quiz.title.versions == (("de", "Vokabeln"),)
    assert result.skipped == []


@pytest.mark.parametrize("schema_18", [False, True], ids=["anki2", "anki21b-zstd"])
def test_a_package_is_read_from_its_sqlite_collection(schema_18: bool) -> None:
    result = imported("Capitals.apkg", apkg(schema_18))
    assert (result.format, result.unit) == ("anki", "note")
    assert [(q.prompt.versions[0][1], shown(q)) for q in result.quiz.questions] == [
        ("What is the capital of France?", ["Paris"]),
        ("Capital of Germany?", ["Berlin"]),
        ("Capital of Italy?", ["Rome"]),
        ("[...] is the capital of Spain.", ["Madrid"]),  # cloze: a card per number
        ("Madrid is the capital of [a country].", ["Spain"]),  # with its hint
        ("Capital of Norway?", ["Oslo"]),
        ("Capital of Sweden?", ["Stockholm"]),  # {{type:Back}} in its template
    ]
    cloze = result.quiz.questions[3]
    assert cloze.explanation is not None
    assert cloze.explanation.versions[0][1] == "Since 1561"  # Back Extra
    assert result.quiz.id == "capitals"
    assert result.quiz.title.versions == (("en", "Capitals"),)
    assert result.quiz.tags == ("geography", "europe")
    assert skipped(result) == [
        (5, "skip.anki_one_field"),
        (6, "skip.picture"),  # <img src="map.png">: not in the package's media
        (6, "skip.picture_only"),
        (9, "skip.anki_cloze_several"),  # c1 hides Bern and Geneva: no one answer
    ]


def test_cloze_cards_are_read_in_one_pass_and_at_most_20_a_note() -> None:
    many = "".join(f"{{{{c{n}::w{n}}}}} " for n in range(1, 26))
    cards, left = cloze_cards(many, str.strip)
    assert (len(cards), left) == (MAX_CARDS, 5)
    assert cards[0] == Card(1, "[...] w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17 "
                            "w18 w19 w20 w21 w22 w23 w24 w25", "w1")  # fmt: skip
    assert cloze_cards("{{c1::open " * 200_000, str.strip) == ([], 0)  # 2 MB, never closed
    assert cloze_cards("{{c²::x}} {{c1::y::hint}}", str.strip) == (
        [Card(1, "{{c²::x}} [hint]", "y")],
        0,
    )


def test_a_modern_package_in_wal_mode_is_read_without_a_file() -> None:
    """Anki 2.1.50+ exports its collection with the WAL mark (header bytes 18-19 = 2), which an
    in-memory database refuses: "unable to open database file" until the mark is reset."""
    collection = zstandard.ZstdDecompressor().decompress(
        zipfile.ZipFile(io.BytesIO(apkg(True))).read("collection.anki21b")
    )
    assert collection[18:20] == b"\x02\x02"
    result = imported("Capitals.apkg", apkg(True))
    assert len(result.quiz.questions) == 7


@pytest.mark.parametrize(
    ("members", "key"),
    [
        ({"media": b"{}"}, "error.anki_no_collection"),
        ({"collection.anki2": b"not a database at all"}, "error.anki_database"),
        ({"collection.anki21b": b"\x28\xb5\x2f\xfd garbage"}, "error.anki_zstd"),
    ],
)
def test_a_broken_package_is_one_clear_problem(members: dict[str, bytes], key: str) -> None:
    with pytest.raises(ImportFailedError) as failed:
        imported("deck.apkg", zip_of(members))
    assert [(p.line, p.reason.key) for p in failed.value.problems] == [(1, key)]


def test_a_package_that_is_not_a_zip_is_malformed() -> None:
    with pytest.raises(ImportFailedError) as failed:
        imported("deck.apkg", b"PK\x03\x04 truncated")
    assert failed.value.problems[0].reason.key == "error.zip"
