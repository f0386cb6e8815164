"""Debian's Chromium driven by Playwright, for the report's pages; no browser is downloaded.

The browser is the one `scripts/browser-for-tests.sh` installs (`.ci/run` runs it), or
`$QUIZBOT_CHROMIUM`; without one, the tests that need it skip and say how to get it.
Screenshots go to `$QUIZBOT_SCREENSHOTS` when set, else under pytest's tmp_path.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

SKIP_REASON = (
    "no Chromium: run scripts/browser-for-tests.sh (Debian's chromium package; .ci/run does) "
    "or set QUIZBOT_CHROMIUM to a Chromium binary"
)


def chromium_path() -> str | None:
    given = os.environ.get("QUIZBOT_CHROMIUM", "").strip()
    if given:
        return given if Path(given).is_file() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


def require_browser() -> str:
    path = chromium_path()
    if path is None:
        pytest.skip(SKIP_REASON)
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        pytest.skip("playwright is not installed: pip install -e '.[test]'")
    return path


def screenshot_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("QUIZBOT_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A headless Chromium (no sandbox: CI runs as root)."""
    from playwright.async_api import async_playwright

    path = require_browser()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=path, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            yield browser
        finally:
            await browser.close()


@contextlib.asynccontextmanager
async def page_at(browser: Any, width: int, height: int = 900) -> AsyncIterator[Any]:
    """A page in a fresh context of that viewport, closed after."""
    context = await browser.new_context(viewport={"width": width, "height": height})
    try:
        yield await context.new_page()
    finally:
        await context.close()
