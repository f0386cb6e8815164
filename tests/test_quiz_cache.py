"""The cache of validated quizzes: reused only for the same bytes and code, never an error."""

from __future__ import annotations

import dataclasses
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from bot.catalog import cache as quiz_cache
from bot.catalog import codec as quiz_codec
from bot.catalog.installed import load_catalog
from bot.catalog.loader import QuizError, validate
from bot.config import cache_setting
from bot.domain.models import Credit, Picture, Question, Quiz, Reference, Text
from tests.support.commands import quizbot
from tests.support.paths import BROKEN, QUIZZES, ROOT, expected_problems


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    quizzes = tmp_path / "quizzes"
    quizzes.mkdir()
    shutil.copy(QUIZZES / "parallelism.yaml", quizzes)
    return quizzes


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache"


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files really validated (not taken from the cache), in order."""
    names: list[str] = []
    real = quiz_cache.load_source

    def counting(name: str, stem: str, data: bytes, **options: Any) -> Quiz:
        names.append(Path(name).name)
        return real(name, stem, data, **options)

    monkeypatch.setattr(quiz_cache, "load_source", counting)
    return names


def test_a_second_start_reuses_the_quizzes_and_validates_nothing(
    folder: Path, cache: Path, validations: list[str]
) -> None:
    first = load_catalog(folder, cache)
    second = load_catalog(folder, cache)
    assert second == first == load_catalog(folder)
    assert validations == ["parallelism.yaml"]
    assert [path.suffix for path in cache.iterdir()] == [".cache"]


def test_a_changed_byte_is_validated_again(
    folder: Path, cache: Path, validations: list[str]
) -> None:
    title = load_catalog(folder, cache)["parallelism"].title.en
    path = folder / "parallelism.yaml"
    edited = title.upper()
    assert edited != title
    path.write_bytes(path.read_bytes().replace(title.encode(), edited.encode(), 1))
    quizzes = load_catalog(folder, cache)
    assert quizzes["parallelism"].title.en == edited
    assert validations == ["parallelism.yaml", "parallelism.yaml"]
    assert load_catalog(folder, cache) == quizzes
    assert len(validations) == 2


def test_other_code_does_not_reuse_what_this_code_validated(
    folder: Path, cache: Path, validations: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    load_catalog(folder, cache)
    monkeypatch.setattr(quiz_cache, "code_fingerprint", lambda: "0" * 64)
    load_catalog(folder, cache)
    assert len(validations) == 2


def test_the_fingerprint_covers_every_source_file_of_the_bot_package() -> None:
    fingerprint = quiz_cache.code_fingerprint()
    assert fingerprint is not None
    assert len(fingerprint) == 64
    assert quiz_cache.PACKAGE == ROOT / "bot"
    assert {"loader.py", "limits.py", "render.py", "en.py"} <= {
        path.name for path in quiz_cache.PACKAGE.rglob("*.py")
    }


@pytest.mark.parametrize(
    "damage",
    [
        lambda blob: b"",
        lambda blob: blob[: len(blob) // 2],
        lambda blob: blob[:-1] + bytes([blob[-1] ^ 1]),
        lambda blob: b"\x00" * len(blob),
        lambda blob: blob.replace(b"quizbot", b"quizbat", 1),
    ],
    ids=["empty", "truncated", "flipped-bit", "zeros", "other-magic"],
)
def test_a_damaged_cache_is_ignored_and_rewritten(
    folder: Path, cache: Path, validations: list[str], damage: object
) -> None:
    expected = load_catalog(folder, cache)
    (path,) = cache.iterdir()
    good = path.read_bytes()
    path.write_bytes(damage(good))  # type: ignore[operator]
    assert load_catalog(folder, cache) == expected
    assert len(validations) == 2
    assert path.read_bytes() == good


def test_entries_of_the_wrong_shape_are_validated_again(
    folder: Path, cache: Path, validations: list[str]
) -> None:
    expected = load_catalog(folder, cache)
    (path,) = cache.iterdir()
    fingerprint = quiz_cache.code_fingerprint()
    assert fingerprint is not None
    digest = quiz_cache._read(path, fingerprint)["parallelism.yaml"][0]
    quiz_cache._write(path, fingerprint, {"parallelism.yaml": (digest, ("not", "a quiz"))})
    assert load_catalog(folder, cache) == expected
    assert len(validations) == 2


def test_an_unwritable_cache_is_no_error(
    folder: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    caplog.set_level("INFO")
    assert load_catalog(folder, blocked / "cache") == load_catalog(folder)
    assert "quiz cache not written" in caplog.text


def test_broken_files_give_their_exact_problems_with_a_cache(
    folder: Path, cache: Path, validations: list[str]
) -> None:
    load_catalog(folder, cache)
    for path in sorted(BROKEN.glob("*.yaml")):
        shutil.copy(path, folder)
    shutil.copytree(BROKEN / "pictures", folder / "pictures")  # what the hostile ones name
    expected = [str(problem) for problem in validate([folder])[1]]
    for _ in range(2):
        with pytest.raises(QuizError) as raised:
            load_catalog(folder, cache)
        assert [str(problem) for problem in raised.value.problems] == expected
    for path in sorted(BROKEN.glob("*.yaml")):
        problems = expected_problems(path)
        assert [p.replace(str(path), str(folder / path.name)) for p in problems] == [
            problem for problem in expected if problem.startswith(f"{folder / path.name}:")
        ]
    assert validations.count("parallelism.yaml") == 1


def test_a_cached_file_that_breaks_gives_its_exact_problem(folder: Path, cache: Path) -> None:
    load_catalog(folder, cache)
    path = folder / "parallelism.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("answer: B", "answer: E", 1))
    with pytest.raises(QuizError) as raised:
        load_catalog(folder, cache)
    assert [str(problem) for problem in raised.value.problems] == [
        str(problem) for problem in validate([folder])[1]
    ]
    assert "answer 'E' is out of range" in str(raised.value)


def test_a_removed_file_leaves_the_cache(folder: Path, cache: Path) -> None:
    shutil.copy(folder / "parallelism.yaml", folder / "copy.yaml")
    with pytest.raises(QuizError):
        load_catalog(folder, cache)  # copy.yaml's id does not match its name
    (path,) = cache.iterdir()
    fingerprint = quiz_cache.code_fingerprint()
    assert fingerprint is not None
    assert set(quiz_cache._read(path, fingerprint)) == {"parallelism.yaml"}
    (folder / "copy.yaml").unlink()
    os.rename(folder / "parallelism.yaml", folder / "other.yaml")
    with pytest.raises(QuizError):
        load_catalog(folder, cache)
    assert quiz_cache._read(path, fingerprint) == {}


def test_the_codec_keeps_every_field() -> None:
    question = Question(
        "q",
        Text("p", "P"),
        (Text("a", "A"), Text("b", "B"), Text("c", "C")),
        2,
        Text("e", "E"),
        {0: Text("n", "N"), 1: Text("m", "M")},
        (Reference("r", "https://r"),),
    )
    quiz = Quiz(
        "z",
        Text("t", "T"),
        Text("d", "D"),
        "easy",
        ("x", "y"),
        (question,),
        (Reference("f", "https://f"),),
        "quizzes/z.yaml",
    )
    assert quiz_codec.decode(quiz_codec.encode(quiz)) == quiz
    german = dataclasses.replace(
        quiz,
        title=Text.of((("de", "Titel"),)),
        description=None,
        questions=(dataclasses.replace(question, explanation=None),),
        languages=("de",),
        credit=Credit("Open Trivia Database", "https://opentdb.com", "CC BY-SA 4.0"),
    )
    assert quiz_codec.decode(quiz_codec.encode(german)) == german
    fields = {
        model.__name__: [field.name for field in dataclasses.fields(model)]
        for model in (Quiz, Question, Text, Reference, Credit, Picture)
    }
    assert fields == {  # a new field must be added to bot/catalog/codec.py too
        "Quiz": [
            "id",
            "title",
            "description",
            "difficulty",
            "tags",
            "questions",
            "further_reading",
            "source",
            "languages",
            "credit",
        ],
        "Question": [
            "id",
            "prompt",
            "choices",
            "answer",
            "explanation",
            "notes",
            "references",
            "type",
            "key",
            "image",
            "explanation_image",
        ],
        "Text": ["versions"],
        "Reference": ["title", "url"],
        "Credit": ["name", "url", "licence"],
        "Picture": ["digest", "media_type", "width", "height", "alt", "data", "name"],
    }


def test_the_setting(tmp_path: Path) -> None:
    assert cache_setting(None) == cache_setting("")
    assert cache_setting(None) is not None
    assert cache_setting(" OFF ") is None
    assert cache_setting(str(tmp_path)) == tmp_path


def test_the_command_keeps_its_cache_where_quizbot_cache_says(tmp_path: Path) -> None:
    for _ in range(2):
        result = quizbot(
            "list", "--lang", "en", db=tmp_path / "q.db", QUIZBOT_CACHE=str(tmp_path / "cache")
        )
        assert result.returncode == 0, result.stderr
        assert "parallelism" in result.stdout
    assert len(list((tmp_path / "cache").iterdir())) == 1
