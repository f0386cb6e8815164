"""One broken file in the quizzes folder is named (file, line, problem) and skipped; the other
quizzes are served by every command, the report's server and the bots (tests/e2e); only
`quizbot validate` (and so CI) still fails on it."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.catalog.installed import load_catalog, load_served, skipped_lines
from bot.catalog.loader import QuizError
from bot.text.i18n import t
from tests.support.commands import quizbot
from tests.support.paths import ROOT, folder_with_a_broken_file
from tests.support.web import free_port, start_serve


@pytest.fixture(params=["no cache", "cache"])
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[dict[str, str], str]:
    """QUIZBOT_QUIZZES: a folder with a broken file beside a good one (validated anew, or
    through the cache of validated quizzes); and the broken file's one problem."""
    folder, problem = folder_with_a_broken_file(tmp_path / "quizzes")
    cache = "off" if request.param == "no cache" else str(tmp_path / "cache")
    return {"QUIZBOT_QUIZZES": str(folder), "QUIZBOT_CACHE": cache}, problem


def skipped(problem: str, language: str = "en") -> str:
    return f"quizbot: {t(language, 'catalog.skipped', problem=problem)}"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_list_shows_the_good_quizzes_and_names_the_broken_file(
    settings: tuple[dict[str, str], str], tmp_path: Path, language: str
) -> None:
    env, problem = settings
    for _ in range(2):  # the second time, the good file comes from the cache
        listed = quizbot("list", "--lang", language, db=tmp_path / "q.db", **env)
        assert listed.returncode == 0, listed.stderr
        assert listed.stdout.startswith("parallelism · ")
        assert listed.stderr.splitlines() == [skipped(problem, language)]
    assert ":13: question 'q1': answer 'E' is out of range" in problem  # file, line, what


def test_play_review_and_leaderboard_serve_the_good_quiz(
    settings: tuple[dict[str, str], str], tmp_path: Path
) -> None:
    env, problem = settings
    db = tmp_path / "q.db"
    played = quizbot(
        "play", "parallelism", "--name", "Ana", "--questions", "2", stdin="a\nb\n", db=db, **env
    )
    assert played.returncode == 0, played.stderr
    assert "Question 2/2" in played.stdout
    assert played.stderr.splitlines() == [skipped(problem)]
    for command in (["review", "--name", "Ana"], ["leaderboard"]):
        result = quizbot(*command, stdin="q\n", db=db, **env)
        assert result.returncode == 0, result.stderr
        assert result.stderr.splitlines() == [skipped(problem)]
    board = quizbot("leaderboard", "--quiz", "parallelism", db=db, **env)
    assert "Ana" in board.stdout


def test_the_broken_quiz_itself_is_unknown_and_named(
    settings: tuple[dict[str, str], str], tmp_path: Path
) -> None:
    env, problem = settings
    refused = quizbot("play", "answer-out-of-range", stdin="q\n", db=tmp_path / "q.db", **env)
    assert refused.returncode == 1
    assert refused.stderr.splitlines()[0] == skipped(problem)
    assert "parallelism" in refused.stderr  # what can be played instead


def test_validate_stays_strict(settings: tuple[dict[str, str], str], tmp_path: Path) -> None:
    env, problem = settings
    checked = quizbot("validate", env["QUIZBOT_QUIZZES"], db=tmp_path / "q.db")
    assert checked.returncode == 1
    assert checked.stderr.splitlines()[0] == problem
    assert "ok  parallelism" in checked.stdout


def test_the_catalog_serves_what_loads_and_keeps_the_problems(tmp_path: Path) -> None:
    folder, problem = folder_with_a_broken_file(tmp_path / "quizzes")
    for cache in (None, tmp_path / "cache", tmp_path / "cache"):
        catalog = load_served(folder, cache)
        assert list(catalog.quizzes) == ["parallelism"]
        assert [str(found) for found in catalog.problems] == [problem]
        with pytest.raises(QuizError):
            load_catalog(folder, cache)  # the strict loader the tests and benches use


def test_a_file_with_several_problems_is_one_line_saying_how_many_more(tmp_path: Path) -> None:
    folder, _ = folder_with_a_broken_file(tmp_path / "quizzes")
    (folder / "two.yaml").write_text("id: two\ntitle: [\n", encoding="utf-8")
    text = (folder / "answer-out-of-range.yaml").read_text(encoding="utf-8")
    (folder / "answer-out-of-range.yaml").write_text(
        text.replace("difficulty: easy", "difficulty: trivial"), encoding="utf-8"
    )
    catalog = load_served(folder)
    lines = skipped_lines(catalog.problems, "en")
    assert len(lines) == 2  # one a file
    assert lines[0].startswith(f"{folder}/answer-out-of-range.yaml:5: difficulty must be")
    assert "(and 1 more problem: quizbot validate " in lines[0]
    assert lines[1].startswith(f"{folder}/two.yaml:")
    assert "the other quizzes are served" in lines[1]


async def test_the_report_server_starts_and_logs_the_broken_file(
    settings: tuple[dict[str, str], str], tmp_path: Path
) -> None:
    env, problem = settings
    args = ("play", "parallelism", "--questions", "1")
    played = await asyncio.to_thread(quizbot, *args, stdin="a\n", db=tmp_path / "q.db", **env)
    assert played.returncode == 0, played.stderr  # the database `serve` reads
    secret = {"QUIZBOT_WEB_SECRET": "the deployment's long web secret"}
    server, logged = await start_serve(
        free_port(), {**os.environ, **env, **secret, "QUIZBOT_DB": str(tmp_path / "q.db")}
    )
    server.send_signal(signal.SIGTERM)
    await server.wait()
    warnings = [line for line in logged if "WARNING" in line]
    assert len(warnings) == 1, logged
    assert t("en", "catalog.skipped", problem=problem) in warnings[0]


def test_doctor_still_names_the_broken_file(
    settings: tuple[dict[str, str], str], tmp_path: Path
) -> None:
    env, problem = settings
    doctor = subprocess.run(
        [sys.executable, "-m", "adapters.cli", "doctor", "--lang", "en"],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
        env={
            **{key: value for key, value in os.environ.items() if not key.endswith("_TOKEN")},
            **env, "QUIZBOT_DB": str(tmp_path / "q.db"),
        },
    )  # fmt: skip
    assert doctor.returncode == 1
    assert " ".join(problem.split()) in " ".join(doctor.stdout.split())  # wrapped to 80
