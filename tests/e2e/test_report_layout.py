"""The report's layout as Chromium draws it, at a phone's 390 px and a laptop's 1280 px.

A scripted round gives known figures (a question nobody got right, wrong choices picked);
Chromium measures what a reader would see: charts that fill their column, a 0 % figure clear
of its row's label, right and wrong choices in different colours with enough contrast.
Screenshots go beside the other report ones ($QUIZBOT_SCREENSHOTS).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from bot.domain.models import Quiz
from bot.play.service import QuizService
from bot.storage.opening import open_store
from tests.e2e.browser import chromium, page_at, require_browser, screenshot_dir
from tests.support.clocks import FakeClock
from tests.support.report import CHAT, PLAYERS, Picks, play_script
from tests.support.web import served

ANA, BOB, CAT, DORA = PLAYERS
SCRIPT: list[Picks] = [
    {ANA: 1, BOB: 2, CAT: 1, DORA: 3},  # nobody right: a 0 % bar
    {ANA: 0, BOB: 0, CAT: 1, DORA: 0},
    {ANA: 0, BOB: 2, CAT: 2},
]


def rgb(css: str) -> tuple[int, int, int]:
    red, green, blue = (int(n) for n in re.findall(r"\d+", css)[:3])
    return red, green, blue


def contrast_on_white(colour: tuple[int, int, int]) -> float:
    """WCAG's contrast ratio of a colour against white."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)


async def box(locator: Any) -> dict[str, float]:
    found = await locator.bounding_box()
    assert found is not None
    return dict(found)


async def check_charts_fill_their_column(page: Any, width: int) -> None:
    column = await box(page.locator("main"))
    charts = page.locator("figure.chart svg:visible")
    assert await charts.count() == 2  # the days and the weeks; one drawing of each shown
    for index in range(2):
        drawn = await box(charts.nth(index))
        assert drawn["width"] >= 0.9 * column["width"], (width, drawn, column)
        if width == 1280:
            assert drawn["width"] >= 900, drawn
        font = (
            await charts.nth(index)
            .locator("text")
            .first.evaluate("t => t.getBoundingClientRect().height")
        )
        assert font >= 10, f"chart labels {font:.1f} px high at {width} px"


async def check_question_bars(page: Any) -> None:
    rows = page.locator("table.bars tr")
    assert await rows.count() >= len(SCRIPT)
    zero = 0
    for index in range(await rows.count()):
        label = await box(rows.nth(index).locator("th"))
        figure = await box(rows.nth(index).locator("td.share"))
        assert label["x"] + label["width"] <= figure["x"], "the figure runs into the label"
        zero += (await rows.nth(index).locator("td.share").inner_text()).strip() == "0%"
    assert zero >= 1


async def check_choice_colours(page: Any) -> None:
    def fill(selector: str) -> Any:
        return page.locator(selector).first.evaluate("e => getComputedStyle(e).fill")

    right = rgb(await fill("table.choices tr.right .bar .fill"))
    wrong = rgb(await fill("table.choices tr.wrong .bar .fill"))
    tempting = rgb(await fill("table.choices tr.tempting .bar .fill"))
    assert right[1] == max(right), f"right is green: {right}"
    for colour in (wrong, tempting):
        assert colour[1] < max(colour[0], colour[2]) + 16, f"not green: {colour}"
    assert len({right, wrong, tempting}) == 3
    for colour in (right, wrong, tempting):
        assert contrast_on_white(colour) >= 3, colour


async def test_charts_bars_and_colours_as_drawn(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    require_browser()
    database = tmp_path / "quiz.db"
    store = await open_store(database)
    try:
        service = QuizService(store, quizzes, clock=clock, rng=random.Random(2))
        await play_script(service, clock, SCRIPT)
        clock.advance(8 * 24 * 3600)
        await play_script(service, clock, [{ANA: 1}])  # a second week; still none at 0 % right
    finally:
        await store.close()
    folder = screenshot_dir(tmp_path)
    async with served(database, quizzes, clock) as web, chromium() as browser:
        link = str(web.client.make_url(web.path(CHAT)))
        for width in (390, 1280):
            async with page_at(browser, width) as page:
                await page.goto(link)
                await check_charts_fill_their_column(page, width)
                await page.screenshot(path=str(folder / f"layout-overview-{width}.png"),
                                      full_page=True)  # fmt: skip
                await page.goto(link + "quiz/parallelism")
                await check_question_bars(page)
                await check_choice_colours(page)
                await page.screenshot(
                    path=str(folder / f"layout-quiz-{width}.png"), full_page=True
                )
                scroll = await page.evaluate("document.scrollingElement.scrollWidth")
                assert scroll <= width, f"the quiz page is {scroll} px wide at {width} px"
