"""The real files of ../shared/realworld that carry media or point at pictures (issue 28): what
their importers bring in. None holds a picture an import can keep (Anki's fixtures hold a sound
and add-on data, the shared decks an empty map; Moodle's feedback names a file it did not
export), so each must come in whole, its map read, its picture reference skipped by line.
Skipped, saying why, where ../shared/realworld is absent."""

from __future__ import annotations

import io
import zipfile

import pytest

from bot.catalog.importers import import_file
from bot.catalog.importers.anki_media import package_media
from bot.catalog.importers.pictures import FilesBeside
from tests.support.paths import find_realworld_dir

REALWORLD = find_realworld_dir()
pytestmark = pytest.mark.skipif(
    REALWORLD is None, reason="../shared/realworld (the real files) is not beside the repository"
)


@pytest.mark.parametrize(
    ("name", "zstd", "media"),
    [
        ("anki/anki-pwa/example_music_intervals.apkg", True, []),  # 2.1.50+: protobuf, zstd
        ("anki/anki-pwa/ap_gov_vocab_anki11.apkg", False, []),
        ("anki/ankitects/media.apkg", False, ["foo.wav"]),
        (
            "anki/ankitects/diffmodeltemplates-1.apkg",
            False,
            ["_IncrementalReadingExtension.dat", "_ViewSizeAdjustAddon.dat"],
        ),
    ],
)
def test_a_real_package_s_media_map_is_read(name: str, zstd: bool, media: list[str]) -> None:
    assert REALWORLD is not None
    data = (REALWORLD / name).read_bytes()
    found = package_media(zipfile.ZipFile(io.BytesIO(data)))
    assert (found.zstd, sorted(found.members)) == (zstd, media)


@pytest.mark.parametrize(
    ("name", "questions"),
    [
        ("anki/anki-pwa/example_music_intervals.apkg", 340),
        ("anki/anki-pwa/ap_gov_vocab_anki11.apkg", 230),
    ],
)
def test_the_real_shared_decks_import_whole_with_no_picture(name: str, questions: int) -> None:
    assert REALWORLD is not None
    path = REALWORLD / name
    result = import_file(path.name, path.read_bytes(), None, FilesBeside(path.parent))
    assert len(result.quiz.questions) == questions
    assert result.pictures == {}
    assert not [item for item in result.skipped if item.reason.key.startswith("skip.picture")]


def test_moodle_s_feedback_picture_not_exported_is_skipped_by_line_the_question_kept() -> None:
    """`####<p><img src\\="@@PLUGINFILE@@/3.png" alt\\="" role\\="presentation" …>`: Moodle's
    own escaped attributes, its file convention; 3.png was not exported with the file."""
    assert REALWORLD is not None
    path = REALWORLD / "gift/gift-grammar-pegjs/multiLineFeedback1.gift"
    result = import_file(path.name, path.read_bytes(), None, FilesBeside(path.parent))
    assert [(item.line, item.reason.key, item.reason.arguments()) for item in result.skipped] == [
        (
            11,
            "skip.picture",
            {
                "name": "@@PLUGINFILE@@/3.png",
                "problem": "there is no file '3.png' beside the imported file",
            },
        )
    ]
    assert result.lines == {"what-s-the-answer-to-this": 3, "06-creation-d-instance": 11}
    assert all(q.explanation_image is None for q in result.quiz.questions)
