"""French typography: every missing no-break space and typewriter mark found, exactly, and
nothing else."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.catalog.field_reader import Problem
from bot.catalog.loader import validate
from bot.catalog.typography import Finding, missing_spaces, typewriter_marks
from bot.text.i18n import CATALOGS
from tests.support.paths import QUIZZES, ROOT

NARROW, NBSP = "\u202f", "\u00a0"


def marks(text: str) -> list[tuple[int, str]]:
    return [(finding.offset, finding.character) for finding in missing_spaces(text)]


def test_each_mark_with_an_ordinary_space_or_none_is_found_with_its_message() -> None:
    assert missing_spaces("Pourquoi ? Parce que ! Voici : un ; deux") == [
        Finding(9, "?", "no-break space missing before '?'"),
        Finding(21, "!", "no-break space missing before '!'"),
        Finding(29, ":", "no-break space missing before ':'"),
        Finding(34, ";", "no-break space missing before ';'"),
    ]
    assert missing_spaces("Vraiment?") == [Finding(8, "?", "no-break space missing before '?'")]
    assert missing_spaces("« bulle » et «bulle»") == [
        Finding(0, "«", "no-break space missing after '«'"),
        Finding(8, "»", "no-break space missing before '»'"),
        Finding(13, "«", "no-break space missing after '«'"),
        Finding(19, "»", "no-break space missing before '»'"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        f"Pourquoi{NARROW}? Parce que{NARROW}! Voici{NBSP}: un{NARROW}; deux",
        f"Pourquoi{NBSP}? Voici{NARROW}: un",  # either no-break space will do
        f"«{NBSP}bulle{NBSP}» et «{NARROW}bulle{NARROW}»",
        "Rendez-vous à 14:03, ou 9:30 ; ratio 3:1.".replace(" ;", f"{NARROW};"),
        "Format HH:MM, ou /daily set time:09:00 quiz:parallelism",
        "Voir https://arxiv.org/abs/2104.04473?v=2;x!y et http://example.org/a:b?c",
        "En C++, std::vector et a::b",
        "Le seau s3://données/modèle et file:///tmp",
        f"Quoi{NARROW}?! Vraiment{NARROW}!!",
        "? en tête, et en fin «",
        "» en tête",
        "",
    ],
    ids=[
        "spaced",
        "either-space",
        "guillemets",
        "times",
        "colon-in-a-word",
        "urls",
        "double-colon",
        "scheme",
        "repeated-marks",
        "edges",
        "closing-first",
        "empty",
    ],
)
def test_what_is_not_a_missing_space(text: str) -> None:
    assert missing_spaces(text) == []


def test_exceptions_do_not_hide_the_real_mistakes_beside_them() -> None:
    text = "Voir https://a.fr/b?c : à 14:03 ?! Non: std::x»"
    assert marks(text) == [(22, ":"), (32, "?"), (38, ":"), (46, "»")]
    assert marks("Il est 14 :03 ?") == [(10, ":"), (14, "?")]
    assert marks("Voici:") == [(5, ":")]


APOSTROPHES = "typewriter apostrophe (') where French uses ’ (U+2019)"
RANGE = "hyphen in a range of numbers where French uses an en dash (1–2)"


def test_typewriter_apostrophes_are_one_finding_at_the_first_with_their_count() -> None:
    assert typewriter_marks("l'étape d'un pas") == [
        Finding(1, "'", f"{APOSTROPHES} (2 in this text)")
    ]
    assert typewriter_marks("aujourd'hui") == [Finding(7, "'", APOSTROPHES)]


def test_hyphenated_ranges_of_numbers_are_found_one_by_one() -> None:
    assert typewriter_marks("couches 1-2 et 9-10, puis 1,5-2,5.") == [
        Finding(9, "-", RANGE),
        Finding(16, "-", RANGE),
        Finding(29, "-", RANGE),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "l’étape, couches 1–2 et 9–10",
        "f'(x) et x'' sont des primes ; 'cité' entre guillemets droits",
        "le 2026-12-02, le 01-23-45, x86-64, GPT-3, ZeRO-3, v1-2, 1.2.3-4",
        "Voir `print('l'x')` et `1-2`, https://example.org/l'essai/1-2",
        "",
    ],
    ids=["typographic", "quotes-and-primes", "not-ranges", "code-and-urls", "empty"],
)
def test_what_is_not_a_typewriter_mark(text: str) -> None:
    assert typewriter_marks(text) == []


QUIZ = """\
format: 1
id: {stem}
title: {{en: "Typography", fr: "Typographie : essai"}}
description: {{en: "A test quiz.", fr: "Un quiz d'essai."}}
difficulty: easy
questions:
  - id: two-plus-two
    prompt:
      en: "Two plus two?"
      fr: "Deux plus deux ?"
    choices:
      - {{en: "Four", fr: "Quatre"}}
      - {{en: "Five", fr: "«Cinq\u00a0»"}}
    answer: A
    explanation:
      en: >-
        Two plus two is four.
      fr: >-
        Deux plus deux font quatre\u00a0; la preuve\u202f: https://example.org/2+2?x=4
        (à 10:30, 1-2 fois).
    notes:
      B: {{en: "One too many.", fr: "Un de trop !"}}
"""

WARNINGS = [
    "{file}:3: warning: title (fr): no-break space missing before ':' at character 13"
    ' ("Typographie :")',
    "{file}:4: warning: description (fr): typewriter apostrophe (') where French uses ’"
    ' (U+2019) at character 10 ("Un quiz d\'")',
    "{file}:10: warning: question 'two-plus-two': prompt (fr): no-break space missing"
    " before '?' at character 16 (\"Deux plus deux ?\")",
    "{file}:13: warning: question 'two-plus-two': choice B (fr): no-break space missing"
    " after '«' at character 1 (\"«\")",
    "{file}:18: warning: question 'two-plus-two': explanation (fr): hyphen in a range of"
    ' numbers where French uses an en dash (1–2) at character 81 ("…?x=4 (à 10:30, 1-")',
    "{file}:22: warning: question 'two-plus-two': note B (fr): no-break space missing"
    " before '!' at character 12 (\"Un de trop !\")",
]


@pytest.fixture
def quiz_file(tmp_path: Path) -> Path:
    path = tmp_path / "typography.yaml"
    path.write_text(QUIZ.format(stem=path.stem), encoding="utf-8")
    return path


def run_validate(*args: str) -> subprocess.CompletedProcess[str]:
    """`quizbot validate` in an English terminal."""
    env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli", "validate", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


def test_validate_warns_with_file_line_question_and_character(quiz_file: Path) -> None:
    result = run_validate(str(quiz_file))
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [line.format(file=quiz_file) for line in WARNINGS]
    assert result.stdout.startswith("ok  typography:")


def test_strict_validate_makes_the_warnings_errors(quiz_file: Path) -> None:
    result = run_validate("--strict", str(quiz_file))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        *(line.format(file=quiz_file) for line in WARNINGS),
        "quizbot: --strict turns the warnings above into errors",
    ]


def test_warnings_never_stop_a_quiz_from_loading(quiz_file: Path) -> None:
    warnings: list[Problem] = []
    quizzes, problems = validate([quiz_file], warnings)
    assert [quiz.id for quiz in quizzes] == ["typography"]
    assert problems == []
    assert [warning.line for warning in warnings] == [3, 4, 10, 13, 18, 22]
    assert validate([quiz_file]) == (quizzes, [])  # without a list: not even looked for


def test_the_bundled_quizzes_pass_strict_validation() -> None:
    result = run_validate("--strict", str(QUIZZES))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_the_bots_french_messages_have_their_no_break_spaces() -> None:
    found = {
        key: [(finding.offset, finding.character) for finding in missing_spaces(text)]
        for key, text in CATALOGS["fr"].items()
    }
    assert {key: marks for key, marks in found.items() if marks} == {}
    assert CATALOGS["fr"]["verdict.right"].startswith(f"✅ Bonne réponse{NARROW}!")
    assert (
        CATALOGS["fr"]["summary.line"]
        == f"{{rank}}. {{name}}{NBSP}: {{points}}/{{total}} ({{seconds}} s)"
    )


def test_the_bots_french_messages_use_typographic_marks() -> None:
    """The apostrophe ’ (issue 31), as the quizzes use it: a typewriter ' between two letters
    is flagged in a quiz by `validate --strict`, and the bot's own words follow the same rule."""
    found = {key: typewriter_marks(text) for key, text in CATALOGS["fr"].items()}
    assert {key: marks for key, marks in found.items() if marks} == {}
    assert CATALOGS["fr"]["verdict.typo"] == "✅ Acceptée — l’orthographe est {spelling}"


def test_formulas_and_code_are_not_french_prose() -> None:
    text = "Si $f'(x) = a : b$ et `x = d['k']` puis\n```python\nif a: print('1-2')\n```\nfin ?"
    assert [finding.character for finding in missing_spaces(text)] == ["?"]
    assert typewriter_marks(text) == []
    assert [finding.character for finding in missing_spaces("coûte $5 : et $6 ?")] == [":", "?"]
