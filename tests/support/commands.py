"""The `quizbot` command run as a user runs it: a subprocess with its own environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.paths import ROOT


def quizbot(
    *args: str, stdin: str = "", db: Path, lang: str = "C.UTF-8", **settings: str
) -> subprocess.CompletedProcess[str]:
    """The `quizbot` command as a user runs it; `settings` are more environment variables."""
    env = {**os.environ, "QUIZBOT_DB": str(db), "LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""}
    env.update(settings)
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
