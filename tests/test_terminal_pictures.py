"""The terminal shows no pixels: a question's picture, and its explanation's, are their alt text
marked as a picture, in the player's language; formulas stay in Unicode."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from tests.support.commands import quizbot

QUIZ = """format: 3
id: pics
languages: [en, fr]
title: {en: Pictures, fr: Images}
difficulty: easy
questions:
  - id: bubble
    type: truefalse
    prompt:
      en: "The bubble of this schedule is $\\\\frac{p - 1}{m + p - 1}$ of a step."
      fr: "La bulle de ce planning est $\\\\frac{p - 1}{m + p - 1}$ d’une étape."
    answer: true
    image:
      file: pics/schedule.png
      alt: {en: A GPipe schedule of 4 stages, fr: Un planning GPipe de 4 étages}
    explanation:
      en: "Each stage is idle for $p - 1$ of the $m + p - 1$ slots."
      fr: "Chaque étage attend pendant $p - 1$ des $m + p - 1$ créneaux."
    explanation_image:
      file: pics/idle.png
      alt: {en: The idle slots in grey, fr: Les créneaux vides en gris}
"""


def png(colour: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 20), colour).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    quizzes = tmp_path / "quizzes"
    (quizzes / "pics").mkdir(parents=True)
    (quizzes / "pics" / "schedule.png").write_bytes(png("white"))
    (quizzes / "pics" / "idle.png").write_bytes(png("grey"))
    (quizzes / "pics.yaml").write_text(QUIZ, encoding="utf-8")
    return quizzes


@pytest.mark.parametrize(
    ("lang", "question", "explanation", "formula"),
    [
        (
            "en",
            "🖼 Picture: A GPipe schedule of 4 stages",
            "🖼 Picture: The idle slots in grey",
            "The bubble of this schedule is (p − 1)/(m + p − 1) of a step.",
        ),
        (
            "fr",
            "🖼 Image\u00a0: Un planning GPipe de 4 étages",
            "🖼 Image\u00a0: Les créneaux vides en gris",
            "La bulle de ce planning est (p − 1)/(m + p − 1) d’une étape.",
        ),
    ],
)
def test_a_picture_is_its_alt_text_in_the_players_language(
    folder: Path, tmp_path: Path, lang: str, question: str, explanation: str, formula: str
) -> None:
    result = quizbot(
        "play", "pics", "--lang", lang, "--name", "Ana", stdin="A\n", db=tmp_path / "q.db",
        QUIZBOT_QUIZZES=str(folder), NO_COLOR="1", COLUMNS="100",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert formula in lines
    assert lines[lines.index(formula) + 1] == question  # right under the prompt
    assert explanation in lines
    assert lines.index(explanation) > lines.index(question)
    assert "$" not in result.stdout


def test_a_missed_question_comes_back_in_review_with_its_pictures(
    folder: Path, tmp_path: Path
) -> None:
    db, settings = tmp_path / "q.db", {"QUIZBOT_QUIZZES": str(folder), "NO_COLOR": "1"}
    played = quizbot(
        "play", "pics", "--lang", "en", "--name", "Ana", stdin="B\n", db=db, **settings
    )
    assert "❌ Not quite." in played.stdout, played.stdout
    reviewed = quizbot("review", "--lang", "fr", "--name", "Ana", stdin="A\n", db=db, **settings)
    assert reviewed.returncode == 0, reviewed.stderr
    lines = reviewed.stdout.splitlines()
    assert "🖼 Image\u00a0: Un planning GPipe de 4 étages" in lines
    assert "🖼 Image\u00a0: Les créneaux vides en gris" in lines
