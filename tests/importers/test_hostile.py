"""Hostile input: whatever text or bytes an importer is given, it answers with questions or a
domain error (MalformedFileError, ImportFailedError with lines), never another exception; and
what it imports always passes `quizbot validate`."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.catalog.field_reader import Problem
from bot.catalog.importers import (
    IMPORTERS,
    Imported,
    ImportFailedError,
    Options,
    import_file,
)
from bot.catalog.importers.common import MalformedFileError
from bot.catalog.loader import validate
from tests.importers.helpers import IMPORTS, corpus
from tests.importers.packages import apkg, kahoot

TEXT_FIXTURES = {
    "gift": "moodle.gift",
    "anki": "anki-notes.txt",
    "opentdb": "opentdb.json",
    "red": "red.yaml",
    "quizlet": "quizlet.txt",
    "csv": "quizbot.csv",
    "kahoot": "quizbot.csv",  # text where a spreadsheet is expected
}
SYNTAX = "{}=~#:%[]\\/\"',;\t\n-<>&$|*!?@`"


def mutated(original: str) -> st.SearchStrategy[str]:
    """The fixture with junk put in, or a piece cut out: mostly-valid, nearly-broken files."""
    return st.one_of(
        st.builds(
            lambda cut, junk: original[:cut] + junk + original[cut:],
            st.integers(0, len(original)),
            st.text(alphabet=st.sampled_from(SYNTAX) | st.characters(), max_size=20),
        ),
        st.builds(
            lambda start, length: original[:start] + original[start + length :],
            st.integers(0, len(original)),
            st.integers(1, 120),
        ),
    )


def texts(format_name: str) -> st.SearchStrategy[str]:
    original = corpus(TEXT_FIXTURES[format_name]).decode()
    return st.one_of(
        st.text(max_size=300),
        st.text(alphabet=st.sampled_from(SYNTAX + "abc TF0123"), max_size=300),
        mutated(original),
    )


def parse_or_domain_error(format_name: str, data: bytes) -> None:
    """The importer alone: a result whose skipped items have lines, or MalformedFileError."""
    error: MalformedFileError | None = None
    try:
        result = IMPORTERS[format_name](data, Options())
    except MalformedFileError as raised:
        error = raised
    if error is not None:
        assert error.line >= 1
        assert error.reason.key.startswith("error.")
        return
    for item in result.skipped:
        assert item.line >= 1
        assert item.reason.key.startswith("skip.")


def import_or_problems(name: str, data: bytes, options: Options | None = None) -> None:
    """The whole import: a quiz that passes validate, or problems each with a line."""
    failed: ImportFailedError | None = None
    try:
        imported = import_file(name, data, options)
    except ImportFailedError as raised:
        failed = raised
    if failed is not None:
        assert failed.problems
        assert all(problem.line >= 1 for problem in failed.problems)
        return
    passes_validate(imported)


def passes_validate(imported: Imported) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{imported.quiz.id}.yaml"
        path.write_text(imported.yaml, encoding="utf-8")
        warnings: list[Problem] = []
        quizzes, problems = validate([path], warnings)
    assert problems == []
    assert [quiz.id for quiz in quizzes] == [imported.quiz.id]
    assert all("no explanation" in warning.message for warning in warnings)


@pytest.mark.parametrize("format_name", sorted(TEXT_FIXTURES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_text_gives_questions_or_domain_errors(format_name: str, data: st.DataObject) -> None:
    encoded = data.draw(texts(format_name)).encode("utf-8", "surrogatepass")
    parse_or_domain_error(format_name, encoded)
    import_or_problems("upload", encoded, Options(format=format_name))


READINGS = {"options.csv": "csv", "anki-headerless.txt": "anki"}
"""Readings of issue 26: a quiz sheet with options and a correct-answer column, a headerless
Anki export after a comment line (detected as an upload is)."""


@pytest.mark.parametrize("name", sorted(READINGS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_damaged_reading_gives_questions_or_domain_errors(
    name: str, data: st.DataObject
) -> None:
    encoded = data.draw(mutated(corpus(name).decode())).encode("utf-8", "surrogatepass")
    parse_or_domain_error(READINGS[name], encoded)
    import_or_problems(name, encoded)


PACKAGES = {"anki": apkg(), "anki21b": apkg(True), "kahoot": kahoot()}


@pytest.mark.parametrize("name", sorted(PACKAGES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_damaged_packages_give_questions_or_domain_errors(name: str, data: st.DataObject) -> None:
    original = PACKAGES[name]
    position = data.draw(st.integers(0, len(original) - 1))
    junk = data.draw(st.binary(min_size=1, max_size=16))
    damaged = data.draw(
        st.sampled_from(
            [
                original[:position] + junk + original[position + len(junk) :],
                original[:position],
                junk,
            ]
        )
    )
    format_name = "kahoot" if name == "kahoot" else "anki"
    parse_or_domain_error(format_name, damaged)
    import_or_problems("upload", damaged, Options(format=format_name))


def newer_zip(package: bytes) -> bytes:
    """The package, its first member marked as needing zip version 6.4: zipfile reads up to
    6.3 and raises NotImplementedError (not BadZipFile) on opening it."""
    at = package.index(b"PK\x01\x02") + 6  # central directory: "version needed to extract"
    return package[:at] + (64).to_bytes(2, "little") + package[at + 2 :]


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_a_package_needing_a_newer_zip_version_gives_a_domain_error(name: str) -> None:
    """Found by the test above (hypothesis): Anki's package test let it escape."""
    damaged = newer_zip(PACKAGES[name])
    format_name = "kahoot" if name == "kahoot" else "anki"
    parse_or_domain_error(format_name, damaged)
    import_or_problems("upload", damaged, Options(format=format_name))


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_with_any_name_give_questions_or_domain_errors(data: bytes) -> None:
    for name in ("x.gift", "x.apkg", "x.json", "x.xlsx", "x.yaml", "x.csv", "x.txt", "x"):
        import_or_problems(name, data)


@pytest.mark.parametrize("path", sorted(IMPORTS.iterdir()), ids=lambda path: path.name)
def test_what_every_fixture_imports_passes_validate(path: Path) -> None:
    options = Options(term_separator=" - ", row_separator=";;") if "custom" in path.name else None
    try:
        imported = import_file(path.name, path.read_bytes(), options)
    except ImportFailedError:
        assert path.name == "opentdb-errors.json"
        return
    passes_validate(imported)


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_what_every_package_imports_passes_validate(name: str) -> None:
    passes_validate(import_file(f"deck.{'xlsx' if name == 'kahoot' else 'apkg'}", PACKAGES[name]))


def crafted_package(script: str) -> bytes:
    """An .apkg whose collection is whatever `script` makes of an empty database."""
    import sqlite3

    from tests.importers.packages import zip_of

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c.anki2"
        connection = sqlite3.connect(path)
        connection.executescript(script)
        connection.commit()
        connection.close()
        return zip_of({"collection.anki2": path.read_bytes()})


def first_problem(data: bytes) -> tuple[str, str]:
    with pytest.raises(ImportFailedError) as failed:
        import_file("deck.apkg", data)
    reason = failed.value.problems[0].reason
    return reason.key, str(reason.arguments().get("problem", ""))


ROWS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT {count}) "


def test_a_crafted_collection_cannot_make_the_work_unbounded() -> None:
    """20,000 notes and 300,000 cards with no index: finding each note's deck would take
    billions of steps; the step budget stops it."""
    script = (
        "CREATE TABLE col (models text, decks text); INSERT INTO col VALUES ('{}', '{}');"
        "CREATE TABLE notes (id integer, mid integer, flds text, tags text);"
        "CREATE TABLE cards (nid integer, did integer);"
        f"INSERT INTO notes {ROWS.format(count=20000)}"
        "SELECT i, 1, 'q' || i || char(31) || 'a' || i, '' FROM n;"
        f"INSERT INTO cards {ROWS.format(count=300000)} SELECT -i, 1 FROM n;"
    )
    assert first_problem(crafted_package(script)) == ("error.anki_database", "interrupted")


def test_a_view_in_place_of_the_notes_is_refused_unread() -> None:
    script = (
        "CREATE TABLE col (models text, decks text); CREATE TABLE cards (nid, did);"
        "CREATE VIEW notes AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)"
        " SELECT i AS id, 1 AS mid, 'q' AS flds, '' AS tags FROM n;"
    )
    assert first_problem(crafted_package(script)) == ("error.anki_no_notes", "")
