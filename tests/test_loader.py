"""Quiz files: every bundled one loads; every broken one fails with its exact message."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest

from bot.catalog.loader import load_quiz, quiz_files, validate
from bot.domain.models import Quiz
from tests.support.paths import BROKEN, QUIZZES, ROOT, expected_problems


@pytest.mark.parametrize("path", sorted(quiz_files([QUIZZES])), ids=lambda p: p.name)
def test_every_bundled_quiz_loads(path: Path) -> None:
    quiz = load_quiz(path)
    assert quiz.id == path.stem
    assert quiz.questions


def test_the_parallelism_quiz_is_complete(quizzes: dict) -> None:  # type: ignore[type-arg]
    quiz = quizzes["parallelism"]
    assert len(quiz.questions) == 8
    assert "".join("ABCD"[q.answer] for q in quiz.questions) == "ABCDABCD"
    for question in quiz.questions:
        assert len(question.choices) == 4
        for text in (question.prompt, question.explanation, *question.choices):
            assert text.en.strip()
            assert text.fr.strip()
            assert text.en != text.fr or text.en.startswith(("NVIDIA", "scikit", "Open", "Pandas"))
        sentences = question.explanation.en.count(". ") + 1
        assert 2 <= sentences <= 5, question.id
    french = " ".join(q.prompt.fr + " ".join(c.fr for c in q.choices) for q in quiz.questions)
    for machine_translation in ("dégradés", "calques", "scikit-apprendre", "OuvrirCV", "Mégatron"):
        assert machine_translation not in french


BROKEN_FILES = sorted(BROKEN.glob("*.yaml"))


@pytest.mark.parametrize("path", BROKEN_FILES, ids=lambda p: p.stem)
def test_broken_file_gives_its_exact_problems(path: Path) -> None:
    expected = expected_problems(path)
    assert expected, f"{path} lists no expected problem"
    quizzes, problems = validate([path])
    assert quizzes == []
    assert [str(problem) for problem in problems] == expected


def test_the_corpus_covers_the_promised_problems() -> None:
    names = {path.stem for path in BROKEN_FILES}
    assert {
        "yaml-syntax",
        "duplicate-id",
        "answer-out-of-range",
        "missing-translation",
        "yes-no-trap",
        "verdict-too-long",
        "duplicate-key",
        "billion-laughs",
    } <= names


def run_validate(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli", "validate", *map(str, paths)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_validate_command_accepts_the_bundled_quizzes(quizzes: dict[str, Quiz]) -> None:
    result = run_validate(QUIZZES)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"ok  {quiz.id}: {len(quiz.questions)} questions" for quiz in quizzes.values()
    ]


def test_validate_command_reports_every_broken_file_without_traceback() -> None:
    result = run_validate(BROKEN)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    for path in BROKEN_FILES:
        for problem in expected_problems(path):
            assert problem.replace(str(path), str(BROKEN / path.name)) in result.stderr


def test_validate_command_on_a_missing_file(tmp_path: Path) -> None:
    result = run_validate(tmp_path / "nope.yaml")
    assert result.returncode == 1
    assert "nope.yaml:1: cannot read the file: No such file or directory" in result.stderr


def test_the_editor_schema_accepts_the_bundled_quizzes_and_rejects_a_boolean() -> None:
    import json

    import jsonschema
    import yaml

    schema = json.loads((QUIZZES / "quiz.schema.json").read_text(encoding="utf-8"))
    for path in quiz_files([QUIZZES]):
        jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), schema)
    trap = yaml.safe_load((BROKEN / "yes-no-trap.yaml").read_text(encoding="utf-8"))
    trap["id"] = "yes-no-trap"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(trap, schema)


@pytest.mark.parametrize("enabled", [True, False])
def test_validating_leaves_cycle_collection_as_it_was(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        quizzes, problems = validate([QUIZZES, BROKEN / "duplicate-key.yaml"])
        assert gc.isenabled() is enabled
        assert quizzes
        assert problems
    finally:
        (gc.enable if was else gc.disable)()
