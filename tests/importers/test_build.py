"""From drafts to a quiz file: ids, the 500-question cap, lengths, platform limits, and the
format detection that picks the importer."""

from __future__ import annotations

import pytest

from bot.catalog.importers import (
    ImportFailedError,
    Options,
    check_options,
    import_file,
)
from bot.catalog.importers.build import MARKER
from bot.catalog.importers.common import MAX_QUESTIONS
from bot.catalog.importers.detect import detect
from tests.importers.helpers import corpus, imported, skipped
from tests.importers.packages import apkg, kahoot


def gift(count: int, prompt: str = "Question {n}?") -> bytes:
    blocks = [f"{prompt.format(n=n)} {{=right {n} ~wrong {n}}}" for n in range(count)]
    return "\n\n".join(blocks).encode()


def test_a_quiz_holds_500_questions_and_the_rest_is_one_skipped_line() -> None:
    result = import_file("big.gift", gift(MAX_QUESTIONS + 20))
    assert len(result.quiz.questions) == MAX_QUESTIONS
    assert skipped(result) == [(2 * MAX_QUESTIONS + 1, "skip.cap")]
    assert result.skipped[0].reason.arguments() == {"limit": 500, "count": 20}


def test_ids_come_from_names_or_prompts_and_stay_unique() -> None:
    text = "::Same::A? {=a ~b}\n\n::Same::B? {=a ~b}\n\nThe same prompt {=a ~b}\n\n"
    text += "The same prompt {=c ~d}\n\n::!!!::Äpfel und Birnen? {=a ~b}\n\n日本? {=a ~b}\n"
    result = import_file("ids.gift", text.encode())
    assert [q.id for q in result.quiz.questions] == [
        "same",
        "same-2",
        "the-same-prompt",
        "the-same-prompt-2",
        "apfel-und-birnen",
        "q",
    ]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("{p}? {{=a ~b}}".format(p="x" * 501), "skip.long_prompt"),
        ("Q? {{={c} ~b}}".format(c="y" * 201), "skip.long_choice"),
        ("Q? {{=a ~b #{n}}}".format(n="z" * 301), "skip.long_note"),
        ("Q? {{=a ~b ####{e}}}".format(e="e" * 701), "skip.long_explanation"),
        ("Q? {=a ~A}", "skip.same_choices"),
        ("Q? {=a ~" + " ~".join("abcdefghijk") + "}", "skip.too_many_choices"),
        ("Q? {=a ~}", "skip.too_few_choices"),
        ("{=a ~b}", "skip.empty_prompt"),
        ("Q? {{={c} ~b}}".format(c="w " * 95), "skip.limit"),
    ],
)
def test_what_the_loader_would_refuse_is_skipped_with_why(text: str, key: str) -> None:
    result = import_file("bad.gift", f"{text}\n\nGood? {{=yes ~no}}\n".encode())
    assert [q.id for q in result.quiz.questions] == ["good"]
    assert skipped(result) == [(1, key)]


def test_a_verdict_too_long_for_a_telegram_alert_is_named() -> None:
    result = import_file(
        "bad.gift", "Q? {{={c} ~b}}\n\nOk? {{=a ~b}}".format(c="w " * 95).encode()
    )
    problem = result.skipped[0].reason.arguments()["problem"]
    assert "the short verdict line is" in str(problem)
    assert "Telegram alerts hold 200" in str(problem)


def test_the_file_written_says_it_was_imported_and_is_format_3_with_other_types() -> None:
    result = imported("moodle.gift", quiz_id="astro", title="Astronomie", language="fr")
    lines = result.yaml.splitlines()
    assert lines[0] == f"{MARKER} from moodle.gift (Moodle GIFT); edit it freely."
    assert lines[2:6] == ["format: 3", "id: astro", "languages:", "- fr"]
    assert result.quiz.title.versions == (("fr", "Astronomie"),)
    assert {question.type for question in result.quiz.questions} > {"choice"}


def test_a_quiz_of_choice_questions_alone_is_still_written_as_format_2() -> None:
    result = import_file("q.gift", b"Capital of France? {=Paris ~Lyon ~Nice}\n")
    assert result.yaml.splitlines()[2] == "format: 2"
    assert "type:" not in result.yaml


@pytest.mark.parametrize(
    ("options", "key"),
    [
        (Options(format="moodle"), "error.unknown_format"),
        (Options(quiz_id="Bad Id"), "error.bad_id"),
        (Options(language="german"), "error.bad_language"),
        (Options(title="  "), "error.bad_title"),
    ],
)
def test_bad_options_are_refused_before_reading(options: Options, key: str) -> None:
    problem = check_options(options)
    assert problem is not None
    assert problem.key == key
    with pytest.raises(ValueError, match=key):
        import_file("x.gift", b"", options)


@pytest.mark.parametrize(
    ("name", "data", "expected"),
    [
        ("moodle.gift", corpus("moodle.gift"), "gift"),
        ("bank.txt", corpus("moodle.gift"), "gift"),
        ("notes.txt", corpus("anki-notes.txt"), "anki"),
        ("words.txt", corpus("anki-columns.txt"), "anki"),
        ("deck.apkg", apkg(), "anki"),
        ("download", apkg(True), "anki"),
        ("trivia", corpus("opentdb.json"), "opentdb"),
        ("kahoot.xlsx", kahoot(), "kahoot"),
        ("sheet", kahoot(), "kahoot"),
        ("list.yaml", corpus("red.yaml"), "red"),
        ("set.txt", corpus("quizlet.txt"), "quizlet"),
        ("mine.csv", corpus("quizbot.csv"), "csv"),
        ("mine.txt", corpus("quizbot.csv"), "csv"),
        ("html.txt", b"<b>Front</b>\tBack\n", "anki"),
        ("notes.txt", b"just some prose\n", None),
    ],
)
def test_the_format_is_told_from_the_name_and_content(
    name: str, data: bytes, expected: str | None
) -> None:
    assert detect(name, data, Options()) == expected


def test_an_unknown_format_and_a_quiz_file_are_said_so() -> None:
    with pytest.raises(ImportFailedError) as unknown:
        import_file("notes.txt", b"just some prose\n")
    assert unknown.value.problems[0].reason.key == "error.unknown_source"
    with pytest.raises(ImportFailedError) as quiz:
        import_file("parallelism.yaml", b"format: 1\nid: parallelism\n")
    assert quiz.value.problems[0].reason.key == "error.already_a_quiz"


def test_a_quiz_file_stays_under_the_loaders_size_limit() -> None:
    """500 questions with texts near every limit would make a 1.3 MB file: the last ones
    are left out, said on one line, and the rest loads."""
    wrong = " ".join(f"~{letter * 150} #{'n' * 290}" for letter in "bcd")
    text = "\n\n".join(
        f"{'p' * 440} {n}? {{={'a' * 140}{n} {wrong} ####{'e' * 690}}}" for n in range(500)
    )
    result = import_file("long.gift", text.encode())
    assert len(result.yaml.encode()) <= 1_000_000
    kept = len(result.quiz.questions)
    assert 300 < kept < 500
    assert skipped(result) == [(2 * kept + 1, "skip.file_size")]
    assert result.skipped[0].reason.arguments() == {"limit": 1_000_000, "count": 499 - kept}
