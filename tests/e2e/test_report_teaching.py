"""The report's teaching sections in Chromium at 390 and 1280 px (issue 29, item 3).

Eight members play scripted rounds over four weeks: some improve, one drops and misses
enough to have reviews due. The quiz page shows the item analysis (with its method named),
the questions to discuss and the member × question grid, which becomes a card per member on
a phone; the members page shows who falls behind, the trend and the predicted recall; the
period filter changes what is counted. Screenshots of each go to $QUIZBOT_SCREENSHOTS.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.domain.entities import Player
from bot.domain.models import Quiz
from bot.play.service import QuizService
from bot.storage.opening import open_store
from tests.e2e.browser import chromium, page_at, require_browser, screenshot_dir
from tests.support.clocks import FakeClock
from tests.support.report import CHAT, Picks, play_script
from tests.support.web import served

MEMBERS = [Player(f"tg:{n}", name, "en") for n, name in enumerate(
    ("Ana", "Ben", "Chloé", "Dev", "Eli", "Fatou", "Gus", "Hana"), start=1)]  # fmt: skip
DAY = 24 * 3600


def week(strong_right: bool, dropping: Player) -> list[list[Picks]]:
    """A week's rounds: the first four members mostly right, the others mostly wrong;
    `dropping` right in the first week, wrong in the second."""
    rounds = []
    for _ in range(3):
        script: list[Picks] = []
        for number in range(4):
            picks: Picks = {}
            for index, member in enumerate(MEMBERS):
                good = index < 4 if number != 3 else index >= 4  # the 4th: the weak get it
                if member == dropping:
                    good = strong_right
                picks[member] = 0 if good else 1 + (index + number) % 2
            script.append(picks)
        rounds.append(script)
    return rounds


async def play(database: Path, quizzes: dict[str, Quiz], clock: FakeClock) -> None:
    store = await open_store(database)
    try:
        service = QuizService(store, quizzes, clock=clock, rng=random.Random(4))
        for strong_right in (True, False):  # rounds 32, 28, 24 days ago, then 16, 12, 8
            for script in week(strong_right, MEMBERS[0]):
                await play_script(service, clock, script)
                clock.advance(4 * DAY)
            clock.advance(4 * DAY)
    finally:
        await store.close()


async def overflow(page: Any) -> int:
    return int(await page.evaluate("document.scrollingElement.scrollWidth"))


async def test_the_teaching_sections_at_390_and_1280_px(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    require_browser()
    database = tmp_path / "quiz.db"
    await play(database, quizzes, clock)
    folder = screenshot_dir(tmp_path)
    async with served(database, quizzes, clock) as web, chromium() as browser:
        link = str(web.client.make_url(web.path(CHAT)))
        for width in (390, 1280):
            async with page_at(browser, width) as page:
                await page.goto(link + "quiz/parallelism?period=30")
                assert "upper-minus-lower 27 %" in await page.locator("#items").inner_text()
                assert await page.locator("#items tbody tr").count() >= 4
                assert await page.locator("ol.discuss li").count() >= 1
                assert await page.locator("table.grid tbody tr").count() == len(MEMBERS)
                first_row = page.locator("table.grid tbody tr").first
                name, chip = first_row.locator("th"), first_row.locator("td").first
                name_box, chip_box = await name.bounding_box(), await chip.bounding_box()
                assert name_box is not None
                assert chip_box is not None
                if width == 390:  # a card: the name on its own line, the chips under it
                    assert chip_box["y"] >= name_box["y"] + name_box["height"] - 1
                else:  # a table row: the name and the cells side by side
                    assert chip_box["x"] >= name_box["x"] + name_box["width"] - 1
                assert await overflow(page) <= width
                await page.screenshot(
                    path=str(folder / f"teaching-quiz-{width}.png"), full_page=True
                )
                await page.goto(link + "members?period=30")
                behind = await page.locator("ol.behind").inner_text()
                assert "Ana" in behind
                assert "share right down" in behind
                assert await overflow(page) <= width
                await page.screenshot(
                    path=str(folder / f"teaching-members-{width}.png"), full_page=True
                )
                await page.goto(link + "members?period=7")
                assert await page.locator("nav.periods a[aria-current]").inner_text() == (
                    "Last 7 days"
                )
