"""What is installed: quizbot's own version and its main libraries', from package metadata."""

from __future__ import annotations

import platform
from importlib import metadata

DISTRIBUTION = "quizbot"
LIBRARIES = ("discord.py", "python-telegram-bot", "aiosqlite", "asyncpg", "rich")
"""The libraries a support question usually turns on, in the order they are shown."""


def installed_version(distribution: str) -> str | None:
    """The installed version of `distribution`, or None when it is not installed."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def quizbot_version() -> str:
    """quizbot's version as installed; "unknown" when run from a source tree never installed."""
    return installed_version(DISTRIBUTION) or "unknown"


def python_version() -> str:
    return platform.python_version()


def library_versions() -> dict[str, str | None]:
    """Each library in LIBRARIES with its version, None for a missing one."""
    return {name: installed_version(name) for name in LIBRARIES}
