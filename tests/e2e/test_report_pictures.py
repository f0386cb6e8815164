"""A question's picture in the organiser's report: inline, as a data: URI with its alt text and
its size, under the page's Content-Security-Policy (`img-src 'self' data:`), loaded by Chromium.
"""

from __future__ import annotations

import base64
import dataclasses
import io
from pathlib import Path
from typing import Any

from PIL import Image

from bot.domain.models import Quiz, Text
from bot.pictures.clean import clean
from bot.storage.sqlite.store import SQLiteStore
from tests.e2e.browser import chromium, require_browser, screenshot_dir
from tests.support.clocks import FakeClock
from tests.support.report import CHAT
from tests.support.web import served

SCHEDULE = Text.of((("en", "A GPipe schedule: 4 stages, 8 micro-batches"),
                    ("fr", "Un planning GPipe : 4 étages, 8 micro-lots")))  # fmt: skip
IDLE = Text.of((("en", "The idle slots"), ("fr", "Les créneaux vides <en gris> & blancs")))


def png(size: tuple[int, int], colour: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def with_pictures(quizzes: dict[str, Quiz]) -> dict[str, Quiz]:
    """The bundled quizzes, the parallelism quiz's first question with two pictures."""
    quiz = quizzes["parallelism"]
    first = dataclasses.replace(
        quiz.questions[0],
        image=clean(png((240, 120), "#1e6fd9"), "schedule.png").picture(SCHEDULE, "schedule.png"),
        explanation_image=clean(png((60, 30), "grey"), "idle.png").picture(IDLE, "idle.png"),
    )
    changed = dataclasses.replace(quiz, questions=(first, *quiz.questions[1:]))
    return {**quizzes, "parallelism": changed}


async def empty_database(tmp_path: Path) -> Path:
    database = tmp_path / "quiz.db"
    await (await SQLiteStore.open(database)).close()  # the schema, before the web app reads it
    return database


async def test_the_page_holds_the_picture_its_alt_and_its_size(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    shown = with_pictures(quizzes)
    async with served(await empty_database(tmp_path), shown, clock) as web:
        response = await web.client.get(web.path(CHAT) + "quiz/parallelism?lang=fr")
        page = await response.text()
        policy = response.headers["Content-Security-Policy"]
    assert "img-src 'self' data:;" in policy
    picture = shown["parallelism"].questions[0].image
    assert picture is not None
    data = base64.b64encode(picture.data).decode()
    assert (
        f'<img class="picture" src="data:image/png;base64,{data}" '
        'alt="Un planning GPipe : 4 étages, 8 micro-lots" width="240" height="120">'
    ) in page
    assert 'alt="Les créneaux vides &lt;en gris&gt; &amp; blancs"' in page  # escaped
    assert page.count('<img class="picture"') == 2


async def test_chromium_loads_the_picture_under_the_pages_policy(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    require_browser()
    shown = with_pictures(quizzes)
    async with served(await empty_database(tmp_path), shown, clock) as web, chromium() as browser:
        link = str(web.client.make_url(web.path(CHAT))) + "quiz/parallelism"
        context = await browser.new_context(viewport={"width": 390, "height": 800})
        page = await context.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        await page.goto(link + "?lang=en")
        pictures = page.locator("section.question img.picture")
        assert await pictures.count() == 2
        question, explanation = pictures.nth(0), pictures.nth(1)
        loaded: dict[str, Any] = await question.evaluate(
            "img => ({complete: img.complete, natural: img.naturalWidth, shown: img.width})"
        )
        assert loaded["complete"], loaded
        assert loaded["natural"] == 240, loaded
        assert loaded["shown"] <= 390  # scaled down to a phone's column, never wider
        assert await question.get_attribute("alt") == SCHEDULE.get("en")
        assert await explanation.evaluate("img => img.naturalWidth") == 60
        assert await explanation.get_attribute("alt") == IDLE.get("en")
        await page.screenshot(path=str(screenshot_dir(tmp_path) / "quiz-pictures-390.png"))
        await context.close()
    assert problems == []  # a CSP violation would be a console error
