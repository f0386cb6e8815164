"""The hostile picture corpus (tests/corpus/broken/pictures): each file is named by a broken
quiz beside it, whose `# expect:` lines say what `quizbot validate` answers (file, line, reason:
tests/test_loader.py checks them); the one picture that is only dangerous for what it tells, a
JPEG with its GPS position, loads with nothing left of its EXIF. The editor schema knows
`image` and `explanation_image`, in format 3 only."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import jsonschema
import pytest
import yaml
from PIL import Image

from bot.catalog.loader import load_quiz, validate
from bot.domain.platform_limits import TELEGRAM_CAPTION
from tests.support.paths import BROKEN, QUIZZES, expected_problems

PICTURES = BROKEN / "pictures"
GPS_IFD = 0x8825
CORPUS_BUDGET = 100_000
"""Bytes the corpus may take in the repository."""


def test_every_hostile_picture_is_named_by_a_broken_quiz_with_its_reason() -> None:
    expected = [line for path in BROKEN.glob("format3-*.yaml") for line in expected_problems(path)]
    reasons = {
        "bomb.png": "the picture expands to too many pixels (a bomb)",
        "truncated.png": "the picture is damaged or cut short",
        "script.svg": "SVG pictures are refused: they can hold scripts",
        "gif-named.png": "the file holds a GIF picture, not the PNG its name says",
        "too-wide.png": "the picture is 5000 × 2 pixels; at most 4096 × 4096",
    }
    for name, reason in reasons.items():
        assert any(f"'pictures/{name}': {reason}" in line for line in expected), name
    assert {path.name for path in PICTURES.iterdir()} == {*reasons, "gps.jpg"}
    assert sum(path.stat().st_size for path in PICTURES.iterdir()) < CORPUS_BUDGET


def test_the_bomb_is_a_real_one() -> None:
    """20,000 × 20,000 pixels in its header and in its data: refused from the header alone."""
    data = (PICTURES / "bomb.png").read_bytes()
    assert len(data) < 50_000
    width, height = int.from_bytes(data[16:20]), int.from_bytes(data[20:24])
    assert (width, height) == (20_000, 20_000)


def test_the_picture_with_a_gps_position_loads_without_it(tmp_path: Path) -> None:
    original = Image.open(PICTURES / "gps.jpg")
    assert original.getexif().get_ifd(GPS_IFD), "the corpus file lost its GPS position"
    (tmp_path / "pictures").mkdir()
    shutil.copy(PICTURES / "gps.jpg", tmp_path / "pictures")
    text = (BROKEN / "format3-pictures.yaml").read_text(encoding="utf-8")
    start = text.index("  - id: gps")
    path = tmp_path / "format3-pictures.yaml"
    path.write_text(text[: text.index("  - id: bomb")] + text[start:], encoding="utf-8")
    (question,) = load_quiz(path).questions
    assert question.image is not None
    cleaned = Image.open(io.BytesIO(question.image.data))
    assert cleaned.format == "JPEG"
    assert not cleaned.getexif().get_ifd(GPS_IFD)
    assert len(cleaned.getexif()) == 0
    assert b"Exif" not in question.image.data
    assert cleaned.size == original.size


def test_validate_names_every_caption_over_the_limit() -> None:
    path = BROKEN / "format3-caption-too-long.yaml"
    _, problems = validate([path])
    messages = [problem.message for problem in problems]
    assert len(messages) == 6
    assert all(f"Telegram caption, which holds {TELEGRAM_CAPTION}" in m for m in messages)
    assert {problem.question_id for problem in problems} == {"diagram", "formula", "explained"}


SCHEMA = json.loads((QUIZZES / "quiz.schema.json").read_text(encoding="utf-8"))


def with_picture(format_version: int, picture: object, key: str = "image") -> dict[str, object]:
    quiz = yaml.safe_load((BROKEN / "format3-pictures.yaml").read_text(encoding="utf-8"))
    quiz["format"] = format_version
    quiz["questions"] = [quiz["questions"][-1]]
    quiz["questions"][0].pop("image")
    quiz["questions"][0][key] = picture
    return dict(quiz)


GOOD = {"file": "pictures/gps.jpg", "alt": {"en": "A blue rectangle", "fr": "Un rectangle"}}


@pytest.mark.parametrize("key", ["image", "explanation_image"])
def test_the_editor_schema_takes_a_picture_in_format_3(key: str) -> None:
    jsonschema.validate(with_picture(3, GOOD, key), SCHEMA)


@pytest.mark.parametrize(
    ("version", "picture"),
    [
        (2, GOOD),
        (3, {"file": "pictures/gps.jpg"}),
        (3, {**GOOD, "alt": {"en": "x" * 301}}),
        (3, {**GOOD, "file": "../secret.png"}),
        (3, {**GOOD, "file": "/etc/x.png"}),
        (3, {**GOOD, "file": "https://example.com/x.png"}),
        (3, {**GOOD, "file": "drawing.svg"}),
        (3, {**GOOD, "width": 10}),
        (3, "pictures/gps.jpg"),
    ],
)
def test_the_editor_schema_refuses_a_picture_it_cannot_have(version: int, picture: object) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(with_picture(version, picture), SCHEMA)
