"""Anki: text exports with their headers (tests/corpus/imports/anki-*.txt) and packages built
with Anki's schemas (tests/importers/packages.py), old and zstd-compressed."""

from __future__ import annotations

import io
import zipfile

import pytest
import zstandard

from bot.catalog.importers import ImportFailedError
from tests.importers.helpers import imported, seen, skipped
from tests.importers.packages import apkg, zip_of


def test_a_text_export_reads_its_headers_html_decks_tags_and_quoting() -> None:
    result = imported("anki-notes.txt")
    assert result.format == "anki"
    questions = [seen(question) for question in result.quiz.questions]
    assert [(q.prompt, q.right) for q in questions] == [
        ("Which planet is closest to the Sun?", "Mercury"),
        ("Which planet has the Great Red Spot?", "Jupiter"),
        ('Which planet is known as the "Red Planet"?', "Mars"),
        ("How many moons does Mars have?", "2"),
        ("How many planets are in the Solar System?", "8"),
        ("Which planet is the largest?\n(by mass)", "Jupiter\n(318 Earths)"),
    ]
    assert result.quiz.title.versions == (("en", "Planets"),)
    assert result.quiz.tags == ("astronomy", "planets", "storms", "moons")
    assert skipped(result) == [
        (12, "skip.anki_cloze"),
        (13, "skip.empty_field"),
        (14, "skip.media_only"),
    ]
    assert [note.key for note in result.notes] == ["note.media", "note.distractors", "note.html"]


def test_wrong_choices_are_other_answers_of_the_same_kind_and_always_the_same() -> None:
    questions = [seen(q) for q in imported("anki-notes.txt").quiz.questions]
    assert questions[0].choices == ["Mercury", "Jupiter", "Jupiter\n(318 Earths)", "Mars"]
    assert questions[3].choices == ["2", "8", "3", "1"]  # numbers: the deck's, then near ones
    again = [seen(q) for q in imported("anki-notes.txt").quiz.questions]
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
    assert [(seen(q).prompt, seen(q).right) for q in result.quiz.questions] == [
        ("What is the capital of France?", "Paris"),
        ("Capital of Germany?", "Berlin"),
        ("Capital of Italy?", "Rome"),
        ("Capital of Norway?", "Oslo"),
    ]
    assert result.quiz.id == "capitals"
    assert result.quiz.title.versions == (("en", "Capitals"),)
    assert result.quiz.tags == ("geography", "europe")
    assert skipped(result) == [
        (4, "skip.anki_cloze"),
        (5, "skip.anki_one_field"),
        (6, "skip.media_only"),
    ]


def test_a_modern_package_in_wal_mode_is_read_without_a_file() -> None:
    """Anki 2.1.50+ exports its collection with the WAL mark (header bytes 18-19 = 2), which an
    in-memory database refuses: "unable to open database file" until the mark is reset."""
    collection = zstandard.ZstdDecompressor().decompress(
        zipfile.ZipFile(io.BytesIO(apkg(True))).read("collection.anki21b")
    )
    assert collection[18:20] == b"\x02\x02"
    result = imported("Capitals.apkg", apkg(True))
    assert len(result.quiz.questions) == 4


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
