"""Anki text exports without headers, as older Anki writes them and as its own import tests hold
them: a tags column, a comment line, duplicates, rows with too many or too few fields (issue 26,
items 4 and 8); and what the summary says about the reading it took."""

from __future__ import annotations

from bot.catalog.importers import Options, import_file
from bot.text.import_texts import summary
from tests.importers.helpers import imported, seen, skipped

TAGGED = b"Hund\tdog\tanimals pets\nKatze\tcat\tanimals,pets\nPferd\thorse\t\n"
HEADERLESS = (
    b"# my German words\n"
    b"Hund\tdog\n"
    b"Katze\tcat\n"
    b"dog\tHund\n"
    b"Katze\tcat\n"
    b"Pferd\thorse\textra\n"
    b"just one field\n"
    b"Vogel\t\n"
    b"\tcow\n"
    b"Maus\tmouse\n"
)


def test_a_third_column_is_the_tags_not_part_of_the_answer() -> None:
    result = imported("words.txt", TAGGED)  # no --format: three columns are Anki's, not Quizlet's
    assert result.format == "anki"
    assert [(seen(q).prompt, seen(q).right) for q in result.quiz.questions] == [
        ("Hund", "dog"),
        ("Katze", "cat"),
        ("Pferd", "horse"),
    ]
    assert result.quiz.tags == ("animals", "pets", "animals-pets")
    assert result.skipped == []
    assert result.notes[0].key == "note.anki_text_tags"  # first: it explains the rest
    assert result.notes[0].arguments() == {"separator": "tab", "column": 3}


def test_the_summary_says_which_reading_was_taken_in_both_languages() -> None:
    result = imported("words.txt", TAGGED)
    assert (
        "Note: read as an Anki text export (fields separated by tabs, tags in column 3)"
        in summary("words.txt", result, "en")
    )
    assert (
        "À noter\u00a0: lu comme un export texte d’Anki (champs séparés par des tabulations, "
        "étiquettes en colonne 3)" in summary("words.txt", result, "fr")
    )


def test_a_tags_column_header_is_honoured() -> None:
    data = "#separator:Semicolon\n#html:false\n#tags column:1\nanimals;Hund;dog\n;Katze;cat\n"
    result = imported("words.txt", data.encode())
    assert [(seen(q).prompt, seen(q).right) for q in result.quiz.questions] == [
        ("Hund", "dog"),
        ("Katze", "cat"),
    ]
    assert result.quiz.tags == ("animals",)
    assert not any(note.key.startswith("note.anki_text") for note in result.notes)


def test_an_export_after_a_comment_line_is_detected_and_each_bad_row_named() -> None:
    result = imported("words.txt", HEADERLESS)
    assert result.format == "anki"
    assert [(seen(q).prompt, seen(q).right) for q in result.quiz.questions] == [
        ("Hund", "dog"),
        ("Katze", "cat"),
        ("dog", "Hund"),
        ("Maus", "mouse"),
    ]
    assert skipped(result) == [
        (5, "skip.anki_duplicate_line"),
        (6, "skip.anki_extra_fields"),
        (7, "skip.anki_one_field"),
        (8, "skip.empty_field"),
        (9, "skip.empty_field"),
    ]
    assert result.skipped[0].reason.arguments() == {"first": 3}
    assert result.skipped[1].reason.arguments() == {"count": 3, "expected": 2}


def test_a_prompt_is_never_among_its_own_wrong_choices() -> None:
    result = imported("words.txt", HEADERLESS, format="anki")
    for question in map(seen, result.quiz.questions):
        assert question.prompt not in question.choices
    reversed_card = seen(result.quiz.questions[2])
    assert (reversed_card.prompt, reversed_card.right) == ("dog", "Hund")


def test_two_plain_columns_are_read_as_quizlet_and_the_summary_says_so() -> None:
    result = import_file("words.txt", b"Hund\tdog\nKatze\tcat\n", Options())
    assert result.format == "quizlet"
    assert result.notes[0].key == "note.read_quizlet"
    chosen = import_file("words.txt", b"Hund\tdog\nKatze\tcat\n", Options(format="quizlet"))
    assert "note.read_quizlet" not in [note.key for note in chosen.notes]


def test_a_first_card_starting_with_a_hash_is_a_card_not_a_comment() -> None:
    result = import_file("c.txt", b"#include\tpulls in a header\nint\ta whole number\n", Options())
    assert result.format == "quizlet"
    assert [seen(q).prompt for q in result.quiz.questions] == ["#include", "int"]


def test_html_in_a_file_read_as_quizlet_becomes_text() -> None:
    data = b"docker pull\tPull an image from the&nbsp;Hub\t\ndocker ps\t<div>List them</div>\n"
    result = imported("docker.txt", data, format="quizlet")
    assert [seen(q).right for q in result.quiz.questions] == [
        "Pull an image from the Hub",
        "List them",
    ]
    assert "note.html" in [note.key for note in result.notes]


def test_notes_in_sibling_decks_are_titled_by_their_common_parent() -> None:
    data = "#separator:tab\n#deck column:1\nMusic::Easy\tC to G?\tfifth\n"
    data += "Music::Hard\tC to F#?\ttritone\nMusic::Hard\tC to Eb?\tminor third\n"
    result = imported("deck.txt", data.encode())
    assert result.quiz.title.versions == (("en", "Music"),)
