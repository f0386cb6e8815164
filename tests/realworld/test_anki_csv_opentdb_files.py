"""Every real Anki, CSV and Open Trivia DB file in ../shared/realworld imports right (issue 26):
its format detected, every item either a question whose prompt, right answer (and choices,
explanation where the file gives them) are the source's, or skipped by line for a reason the
source bears out; questions and skipped items add up to the source's items; no markup left.
The expectations come from tests/realworld/anki_csv_opentdb.py, which reads the files without the
importers. Skipped, saying why, where ../shared/realworld is absent."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.catalog.importers import Imported, ImportFailedError, Options, import_file
from tests.realworld.anki_csv_opentdb import (
    MARKUP,
    Item,
    package_notes,
    seen_text,
    table_rows,
    text_rows,
    trivia,
    words,
)
from tests.support.paths import find_realworld_dir

REALWORLD = find_realworld_dir()
ABSENT = "../shared/realworld (the real files of issue 26) is not beside the repository"
TWO_PLAIN_COLUMNS = {"text-update.txt", "sqlite.csv"}
"""Anki exports that Quizlet's reading fits as well (term, tab, definition): read as Quizlet."""
LENGTH_KEYS = {"skip.long_prompt", "skip.long_choice", "skip.limit", "skip.long_explanation"}
_CLOZE = re.compile(r"\{\{c\d+::")
Card = tuple[int, str, str]
"""line, front (prompt), back (right answer), as a reader sees them."""


def files(folder: str, *suffixes: str) -> list[object]:
    if REALWORLD is None:
        return [pytest.param(None, marks=pytest.mark.skip(reason=ABSENT))]
    found = sorted(p for p in (REALWORLD / folder).rglob("*") if p.suffix in suffixes)
    return [pytest.param(path, id=str(path.relative_to(REALWORLD))) for path in found]


def imported(path: Path, **options: str) -> Imported | ImportFailedError:
    try:
        return import_file(path.name, path.read_bytes(), Options(**options))
    except ImportFailedError as failed:
        return failed


def cards(items: Sequence[Item], unit: str, columns: int, is_html: bool) -> tuple[
    list[Card], dict[int, str]
]:  # fmt: skip
    """The cards a flashcard file makes, and the items it cannot make one of, by line."""
    skips: dict[int, str] = {}
    kept: list[Card] = []
    fronts: set[str] = set()
    for item in items:
        texts = [seen_text(field, is_html) for field in item.fields[:2]]
        # no real file here has a cloze note (tests/importers/test_anki.py has them): a reading
        # of their cards belongs here the day one comes
        assert not item.cloze
        assert not any(_CLOZE.search(field) for field in item.fields)
        if columns and len(item.fields) > columns:
            skips[item.line] = "skip.anki_extra_fields"
        elif len(texts) < 2:
            skips[item.line] = "skip.anki_one_field"
        elif not all(texts):
            skips[item.line] = "skip.media_only" if item.media else "skip.empty_field"
        elif texts[0].casefold() in fronts:
            skips[item.line] = f"skip.anki_duplicate_{unit}"
        else:
            fronts.add(texts[0].casefold())
            kept.append((item.line, texts[0], texts[1]))
    for line, front, back in kept:
        others = {b.casefold() for n, _, b in kept if n != line and len(b) <= 200}
        if not others - {back.casefold(), front.casefold()}:
            skips[line] = "skip.no_wrong_choices"
    return [card for card in kept if card[0] not in skips], skips


def check_cards(
    result: Imported | ImportFailedError, kept: list[Card], skips: dict[int, str]
) -> None:
    """The import against the cards: the same skips, the rest questions in order."""
    if isinstance(result, ImportFailedError):
        assert kept == []
        assert {p.line: p.reason.key for p in result.problems} == skips
        return
    got = {item.line: item.reason.key for item in result.skipped}
    assert len(got) == len(result.skipped)
    assert {line: got.get(line) for line in skips} == skips
    too_long = {line: key for line, key in got.items() if line not in skips}
    assert set(too_long) <= {line for line, _, _ in kept}
    for line, front, back in kept:
        if line in too_long:
            assert too_long[line] in LENGTH_KEYS
            assert len(back) > 120 or len(front) > 300, (line, too_long[line])
    expected = [(front, back) for line, front, back in kept if line not in too_long]
    questions = result.quiz.questions
    shown = [
        (words(q.prompt.versions[0][1]), words(q.choices[q.answer].versions[0][1]))
        for q in questions
    ]
    assert shown == expected
    answers = {back.casefold() for _, _, back in kept}
    for (prompt, right), question in zip(shown, questions, strict=True):
        wrong = [
            words(c.versions[0][1]) for i, c in enumerate(question.choices) if i != question.answer
        ]
        assert all(w.casefold() in answers - {right.casefold(), prompt.casefold()} for w in wrong)
    assert len(questions) + len(result.skipped) == len(kept) + len(skips)


def no_markup(result: Imported | ImportFailedError) -> None:
    if isinstance(result, ImportFailedError):
        return
    for question in result.quiz.questions:
        texts = [question.prompt, *question.choices, *filter(None, [question.explanation])]
        for text in texts:
            assert not MARKUP.search(text.versions[0][1]), text.versions[0][1]


@pytest.mark.parametrize("path", files("anki", ".apkg"))
def test_an_anki_package(path: Path, tmp_path: Path) -> None:
    notes = package_notes(path, tmp_path)
    result = imported(path)
    assert (result.format, result.unit) == ("anki", "note")
    check_cards(result, *cards(notes, "note", 0, is_html=True))
    no_markup(result)


@pytest.mark.parametrize("path", files("anki", ".txt", ".csv"))
def test_an_anki_text_export(path: Path) -> None:
    rows, columns = text_rows(path)
    is_html = bool(MARKUP.search(path.read_text(encoding="utf-8")))
    result = imported(path)
    assert result.format == ("quizlet" if path.name in TWO_PLAIN_COLUMNS else "anki")
    check_cards(result, *cards(rows, "line", columns, is_html))
    no_markup(result)
    if isinstance(result, Imported) and result.format == "anki":  # headerless: said how read
        assert result.notes[0].key in ("note.anki_text", "note.anki_text_tags")


@pytest.mark.parametrize("path", files("anki", ".csv"))
def test_a_tab_separated_export_read_as_quizlet(path: Path) -> None:
    """Quizlet's importer on the shape it reads (term, tab, definition): no Quizlet export is
    under a licence that lets it be shared, so Anki's tab-separated exports stand in."""
    lines = path.read_text(encoding="utf-8").split("\n")
    if "\t" not in lines[0]:
        pytest.skip("not tab-separated: the Quizlet reading does not apply")
    rows = [Item(n, tuple(line.split("\t", 1))) for n, line in enumerate(lines, 1) if line.strip()]
    result = imported(path, format="quizlet")
    assert result.format == "quizlet"
    check_cards(result, *cards(rows, "line", 0, bool(MARKUP.search("\n".join(lines)))))
    no_markup(result)


@pytest.mark.parametrize("path", files("csv", ".csv"))
def test_a_quiz_table(path: Path) -> None:
    rows = table_rows(path)
    result = imported(path)
    assert isinstance(result, Imported)
    assert result.format == "csv"
    assert result.skipped == []
    seen = [
        (
            q.prompt.versions[0][1],
            [c.versions[0][1] for c in q.choices],
            q.choices[q.answer].versions[0][1],
            q.explanation.versions[0][1] if q.explanation else None,
        )
        for q in result.quiz.questions
    ]
    expected = []
    for row in rows:
        options = [row[f"Option {n}"] for n in range(1, 5) if row[f"Option {n}"]]
        assert row["Correct Answer"] in options  # the file names its answer by text
        expected.append((row["Question"], options, row["Correct Answer"], row["Explanation"]))
    assert seen == expected
    no_markup(result)


@pytest.mark.parametrize("path", files("opentdb", ".json"))
def test_open_trivia_db(path: Path) -> None:
    document = path.read_text(encoding="utf-8")
    result = imported(path)
    assert result.format == "opentdb"
    if '"response_code":1' in document.replace(" ", ""):
        assert isinstance(result, ImportFailedError)
        assert [(p.line, p.reason.key) for p in result.problems] == [
            (1, "error.opentdb_no_results")
        ]
        return
    assert isinstance(result, Imported)
    items = trivia(path)
    questions = result.quiz.questions
    assert len(questions) == min(len(items), 500)
    for question, item in zip(questions, items, strict=False):
        choices = [c.versions[0][1] for c in question.choices]
        right = words(item.right)
        assert question.prompt.versions[0][1] == words(item.question)
        assert choices[question.answer] == right
        assert set(choices) == {right, *map(words, item.wrong)}
        if item.kind == "boolean":  # True, False: posted in that order, in the player's language
            assert (question.type, choices) == ("truefalse", ["True", "False"])
        else:
            assert question.type == "choice"
    cap = [(s.line, s.reason.key, s.reason.arguments().get("count")) for s in result.skipped]
    assert cap == ([(501, "skip.cap", len(items) - 500)] if len(items) > 500 else [])
    assert result.unit == "question"  # an API response or a dump on one line: by number
    no_markup(result)
