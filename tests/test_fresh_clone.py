"""The first five minutes: the README's first command in a fresh clone, with a fresh HOME.

It must print the quiz and nothing a newcomer has to worry about: no build-backend warning,
no pip chatter. A broken install must still say so: quiet is not silent. The clone is of the
committed tree (what a newcomer gets), so commit before running this locally.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.paths import ROOT

ANSWERS = "a\nb\nc\nd\na\nb\nc\nd\n"  # the README's `printf ... | make play`
KEPT = ("PATH", "LANG", "PIP_", "SSL_", "REQUESTS_CA_BUNDLE", "HTTP_PROXY", "HTTPS_PROXY")
"""From this machine's environment: where programs are, the language, how pip reaches the
package index. Nothing of the developer's own (no venv, no QUIZBOT_*, no XDG folders)."""


def newcomer_environment(home: Path) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name.startswith(KEPT)}
    env["HOME"] = str(home)
    env["LANG"] = "C.UTF-8"
    # The wheels already downloaded on this machine may be reused (offline-friendly, faster);
    # everything else (config, data, the quiz cache) starts empty under the fresh HOME.
    env.setdefault("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip"))
    return env


def make_play(clone: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "play"],
        input=ANSWERS,
        capture_output=True,
        text=True,
        cwd=clone,
        env=env,
        timeout=240,
        check=False,
    )


@pytest.mark.slow
@pytest.mark.timeout(400)
def test_make_play_in_a_fresh_clone_prints_the_quiz_and_no_warning(tmp_path: Path) -> None:
    if shutil.which("git") is None or shutil.which("make") is None:
        pytest.skip("needs git and make, as the README says")
    clone, home = tmp_path / "quizbot", tmp_path / "home"
    home.mkdir()
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    env = newcomer_environment(home)
    first = make_play(clone, env)
    output = first.stdout + first.stderr
    assert first.returncode == 0, output
    assert re.findall(r"(?i)warning|deprecat", output) == [], output
    assert first.stderr == ""
    assert output.startswith("Model and pipeline parallelism · hard · 8 questions\n"), output
    assert "Question 8/8" in output
    assert re.search(r"Your score: \d/8", output)
    kept = f"Scores are kept in {home}/.local/share/quizbot/quizbot.db"
    assert kept in " ".join(output.split())  # in the fresh HOME; the path may wrap

    pyproject = clone / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace('"aiosqlite>=0.20"', '"aiosqlite>=?"'))
    broken = make_play(clone, env)
    assert broken.returncode != 0
    assert "ERROR" in broken.stderr  # pip's error, and what caused it, still show
    assert "project.dependencies" in broken.stderr
