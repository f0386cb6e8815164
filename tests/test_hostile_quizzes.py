"""Hostile quiz files: whatever the bytes, the loader gives domain errors, never a crash."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.catalog.loader import MAX_FILE_BYTES, QuizError, decode, load_quiz, validate
from tests.support.paths import QUIZZES


def test_a_huge_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("# padding\n" * (MAX_FILE_BYTES // 10 + 1))
    _, problems = validate([path])
    assert [str(p) for p in problems] == [
        f"{path}:1: the file is {path.stat().st_size} bytes; the limit is {MAX_FILE_BYTES}"
    ]


def test_a_binary_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    _, problems = validate([path])
    assert [str(p) for p in problems] == [f"{path}:1: the file is not UTF-8 text"]


BUNDLED = (QUIZZES / "parallelism.yaml").read_text(encoding="utf-8")


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.text(max_size=400),
        st.builds(
            lambda cut, junk: BUNDLED[:cut] + junk + BUNDLED[cut:],
            st.integers(0, len(BUNDLED)),
            st.text(max_size=20),
        ),
        st.builds(
            lambda start, length: BUNDLED[:start] + BUNDLED[start + length :],
            st.integers(0, len(BUNDLED)),
            st.integers(1, 200),
        ),
    )
)
def test_any_text_loads_or_gives_domain_errors(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "parallelism.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            quiz = load_quiz(path)
        except QuizError as error:
            problems = error.problems
        else:
            assert quiz.id == "parallelism"
            return
    assert problems
    assert all(problem.line >= 1 for problem in problems)
    assert all(str(problem).startswith(f"{path}:") for problem in problems)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.binary(max_size=60),
        st.lists(st.sampled_from(["a", "é", "\r", "\n", "\r\n", "\ufeff", "\u2028"])).map(
            lambda parts: "".join(parts).encode()
        ),
    )
)
def test_bytes_are_read_as_read_text_reads_the_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "quiz.yaml"
        path.write_bytes(data)
        try:
            expected: str | None = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            expected = None
    try:
        got: str | None = decode(data)
    except UnicodeDecodeError:
        got = None
    assert got == expected
