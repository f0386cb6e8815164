"""The organiser's report in a real browser, end to end.

A group plays two rounds through the real Telegram adapter (python-telegram-bot against the
loopback fake Bot API); its admin types /report and gets the link privately; headless
Chromium (Debian's, driven by Playwright) opens it and every figure it reads is checked
against `quizbot export` of the same chat. Each page is photographed at 390 and 1280 px and
checked for horizontal overflow at 390 px; nothing may load from another host, no script may
run, no console error (a CSP violation is one) may appear. Then the link is revoked.
"""

from __future__ import annotations

import asyncio
import csv
import io
import os
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from bot.domain.models import Quiz
from bot.domain.report_links import LinkSigner
from bot.storage.sqlite.store import SQLiteStore
from bot.text.report_tables import count_text, share_text
from tests.e2e.browser import chromium, require_browser, screenshot_dir
from tests.e2e.telegram_harness import GROUP, Harness, running_bot
from tests.e2e.telegram_report import link_in, play_rounds
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock
from tests.support.paths import ROOT
from tests.support.web import SECRET, served

CHAT = f"tg:{GROUP}"
PAGES = ("", "members", "rounds", "quiz/parallelism")


def exported(database: Path) -> list[dict[str, str]]:
    """`quizbot export` of the chat, as the organiser would get it."""
    result = subprocess.run(
        [sys.executable, "-m", "adapters.cli", "export", "--chat", CHAT],
        capture_output=True, text=True, cwd=ROOT, check=True, timeout=60,
        env={**os.environ, "QUIZBOT_DB": str(database)},
    )  # fmt: skip
    return list(csv.DictReader(io.StringIO(result.stdout)))


async def text(page: Any, selector: str) -> str:
    return str(await page.locator(selector).first.inner_text()).strip()


async def check_overview(page: Any, rows: list[dict[str, str]]) -> None:
    right = sum(int(row["correct"]) for row in rows)
    assert await text(page, "[data-figure=members]") == str(len({r["user_id"] for r in rows}))
    assert await text(page, "[data-figure=answers]") == count_text(len(rows), "fr")
    assert await text(page, "[data-figure=accuracy]") == share_text(right / len(rows), "fr")
    assert await page.locator("figure.chart svg:visible").count() == 2


async def check_members(
    page: Any, rows: list[dict[str, str]], database: Path, clock: FakeClock
) -> None:
    """Answers per member against the export; "due for review" against the review cards."""
    answers = Counter(row["name"].removeprefix("'") for row in rows)
    store = await SQLiteStore.open(database)
    try:
        due = {row["name"].removeprefix("'"): await store.count_due(row["user_id"], clock.now())
               for row in rows}  # fmt: skip
    finally:
        await store.close()
    members = page.locator("main > section > .table-wrap table")  # all time, not the period's
    headers = [str(h).strip() for h in await members.locator("thead th").all_inner_texts()]
    column = headers.index("À revoir")
    shown, shown_due = {}, {}
    for line in await members.locator("tbody tr").all():
        cells = [str(c).strip() for c in await line.locator("th, td").all_inner_texts()]
        shown[cells[0]] = int(cells[1])
        shown_due[cells[0]] = int(cells[column])
    assert shown == dict(answers)
    assert shown_due == due
    assert any(due.values()), "a member missed a question: it is due for review"


async def check_questions(page: Any, rows: list[dict[str, str]], quiz: Quiz) -> None:
    picked: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        picked[row["question"]][row["choice"]] += 1
    assert picked, "the group answered"
    for question in quiz.questions:
        for letter in "ABCD"[: len(question.choices)]:
            cell = page.locator(f"#q-{question.id} tr[data-choice={letter}] td.count")
            if question.id in picked:
                want = picked[question.id][letter]
                assert await cell.get_attribute("data-picked") == str(want), (question.id, letter)
            else:
                assert await cell.count() == 0


def watch(page: Any, requests: list[str], problems: list[str]) -> None:
    """Record every request, console error, page error and dialog of the page."""
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("dialog", lambda dialog: problems.append(f"dialog: {dialog.message}"))


async def photograph(browser: Any, link: str, folder: Path, origin: str) -> list[Path]:
    """Every page at 390 and 1280 px: screenshots, no overflow, nothing foreign, no errors;
    the screenshots' paths."""
    taken = []
    for width in (390, 1280):
        context = await browser.new_context(viewport={"width": width, "height": 800},
                                            locale="fr-FR")  # fmt: skip
        page = await context.new_page()
        requests: list[str] = []
        problems: list[str] = []
        watch(page, requests, problems)
        for path in PAGES:
            response = await page.goto(link + path)
            assert response is not None
            assert response.status == 200, path
            assert await page.get_attribute("html", "lang") == "fr"
            name = (path or "overview").replace("/", "-")
            taken.append(folder / f"{name}-{width}.png")
            await page.screenshot(path=str(taken[-1]), full_page=True)
            if width == 390:
                scroll = await page.evaluate("document.scrollingElement.scrollWidth")
                assert scroll <= width, f"{path or 'overview'} is {scroll} px wide at {width} px"
        assert problems == []
        assert all(url.startswith(origin) for url in requests), requests
        await context.close()
    return taken


async def test_an_admin_opens_the_groups_report_in_chromium(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock,
    group: dict[str, Any],
) -> None:  # fmt: skip
    require_browser()
    database = tmp_path / "quiz.db"
    await (await SQLiteStore.open(database)).close()  # the schema, before the web app reads it
    async with served(database, quizzes, clock) as web:
        origin = str(web.client.make_url("/")).rstrip("/")
        signer = LinkSigner(SECRET, origin)
        async with running_bot(fake, database, quizzes, clock, signer) as bot:
            link = await group_plays_and_asks(bot, fake, group)
        rows = await asyncio.to_thread(exported, database)
        folder = screenshot_dir(tmp_path)
        async with chromium() as browser:
            context = await browser.new_context(locale="fr-FR")
            page = await context.new_page()
            await page.goto(link)
            await check_overview(page, rows)
            await page.get_by_role("link", name="Membres").click()
            await check_members(page, rows, database, clock)
            await page.get_by_role("link", name="Vue d’ensemble").click()
            await page.locator("main table a").first.click()
            await check_questions(page, rows, quizzes["parallelism"])
            await context.close()
            photos = await photograph(browser, link, folder, origin)
            async with running_bot(fake, database, quizzes, clock, signer) as bot:
                admin = fake.users[1]
                await bot.command(group, admin, "/report revoke")
            context = await browser.new_context()
            page = await context.new_page()
            refused = await page.goto(link + "members")
            assert refused is not None
            assert refused.status == 403
            assert "Ana" not in await page.content()
            await context.close()
    assert len(photos) == 2 * len(PAGES)
    assert all(photo.stat().st_size > 0 for photo in photos)


async def group_plays_and_asks(bot: Harness, fake: FakeTelegramAPI, group: Any) -> str:
    """Four players, two rounds; a member's /report gets nothing, the admin's a link."""
    admin = fake.user(1, "Ana", "fr")
    players = [
        admin,
        fake.user(2, "<img src=x onerror=alert(1)>", "en"),
        fake.user(3, 'Zoé & "Co"', "fr"),
        fake.user(4, "Chris", "en"),
    ]
    fake.add_admin(group, admin)
    for player in players[1:]:
        fake.add_member(group, player)
        fake.private_chat(player)
    fake.private_chat(admin)
    await play_rounds(bot, group, players, questions=(2, 1))
    refused = await bot.command(group, players[1], "/report")
    assert link_in(refused) is None
    assert not any(link_in(m) for m in fake.bot_messages(players[1]["id"]))
    await bot.command(group, admin, "/report")
    link = link_in(fake.bot_messages(admin["id"])[-1])
    assert link is not None
    return link
