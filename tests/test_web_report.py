"""The report's pages over HTTP: figures as exported, texts escaped, refusals that show nothing.

The real aiohttp app on a loopback port, reading a SQLite file a group has played in.
(tests/e2e/test_report_browser.py opens the same pages in Chromium.)
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.web.links import revoke
from bot.domain.models import Quiz
from bot.storage.opening import open_store
from tests.support.clocks import FakeClock
from tests.support.report import CHAT, expected
from tests.support.web import Served, played, served

HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Robots-Tag": "noindex, nofollow",
    "Cache-Control": "no-store",
}
NAMES = ("<script>alert('x')</script>", 'Dora & "Co"')


@pytest.fixture
async def web(tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock) -> AsyncIterator[Served]:
    database = tmp_path / "quiz.db"
    await played(database, quizzes, clock)
    async with served(database, quizzes, clock) as found:
        yield found


def check_headers(headers: object) -> None:
    for name, value in HEADERS.items():
        assert headers[name] == value, name  # type: ignore[index]
    policy = headers["Content-Security-Policy"]  # type: ignore[index]
    assert "default-src 'none'" in policy
    assert "script-src" not in policy
    assert "frame-ancestors 'none'" in policy


async def text_of(web: Served, path: str, **headers: str) -> str:
    response = await web.client.get(path, headers=headers)
    assert response.status == 200, path
    check_headers(response.headers)
    return await response.text()


async def test_the_overview_shows_the_exported_totals(web: Served) -> None:
    store = await open_store(web.database)
    want = expected(await store.export_chat(CHAT))
    await store.close()
    page = await text_of(web, web.path(CHAT))
    assert f'data-figure="members">{want.members}<' in page
    assert f'data-figure="answers">{want.answered}<' in page
    assert f'data-figure="accuracy">{round(100 * want.correct / want.answered)}%<' in page
    assert '<html lang="en">' in page
    assert "<svg" in page
    assert "<script" not in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page), "nothing from other hosts"


async def test_language_from_the_link_or_the_browser(web: Served) -> None:
    french = await text_of(web, web.path(CHAT), **{"Accept-Language": "fr-FR,fr;q=0.9"})
    assert '<html lang="fr">' in french
    assert "Vue d’ensemble" in french
    english = await text_of(web, web.path(CHAT) + "?lang=en", **{"Accept-Language": "fr"})
    assert '<html lang="en">' in english
    assert "Overview" in english


async def test_members_are_escaped_with_their_figures(web: Served) -> None:
    store = await open_store(web.database)
    want = expected(await store.export_chat(CHAT))
    await store.close()
    page = await text_of(web, web.path(CHAT) + "members")
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in page
    assert "Dora &amp; &#34;Co&#34;" in page
    for answered, _ in want.per_member.values():
        assert f'<td class="count" data-label="Answers">{answered}</td>' in page


async def test_the_quiz_page_counts_each_choice(web: Served, quizzes: dict[str, Quiz]) -> None:
    store = await open_store(web.database)
    want = expected(await store.export_chat(CHAT))
    await store.close()
    page = await text_of(web, web.path(CHAT) + "quiz/parallelism")
    quiz = quizzes["parallelism"]
    for question in quiz.questions:
        section = page.split(f'id="q-{question.id}"', 1)[1].split("</section>", 1)[0]
        for index, letter in enumerate("ABCD"[: len(question.choices)]):
            picked = want.choices.get(question.id, {}).get(index, 0)
            assert re.search(
                rf'data-choice="{letter}">.*?data-picked="{picked}"', section, re.S
            ), (question.id, letter)
        assert 'class="right"' in section
    assert "⚠" in page  # some wrong answer tempted this group


async def test_rounds_page_ranks_the_players(web: Served) -> None:
    page = await text_of(web, web.path(CHAT) + "rounds")
    assert page.count("<tr>") == 3  # the header and two rounds
    assert "1. " in page
    assert "/8" in page


async def test_downloads_keep_numbers_and_defuse_formulas(web: Served) -> None:
    response = await web.client.get(web.path(CHAT) + "members.csv")
    assert response.status == 200
    assert response.content_type == "text/csv"
    check_headers(response.headers)
    rows = list(csv.reader(io.StringIO((await response.read()).decode("utf-8-sig"))))
    assert rows[0][:3] == ["Member", "Answers", "Share right"]
    names = {row[0] for row in rows[1:]}
    assert '\'=HYPERLINK("http://x.example")' in names
    assert NAMES[0] in names
    xlsx = await web.client.get(web.path(CHAT) + "quiz/parallelism.xlsx?lang=fr")
    assert xlsx.status == 200
    with zipfile.ZipFile(io.BytesIO(await xlsx.read())) as book:
        sheet = book.read("xl/worksheets/sheet1.xml").decode()
        strings = book.read("xl/sharedStrings.xml").decode()
    assert "<f>" not in sheet
    assert "Choisi par" in strings


async def test_refused_links_get_403_and_no_data(web: Served) -> None:
    good = web.path(CHAT)
    token = good.split("/")[2]
    expired = web.signer.url(CHAT, web.clock.now() - timedelta(days=8), 7).removeprefix(
        "http://127.0.0.1"
    )
    tampered = good.replace(token, token[:-2] + ("AA" if token[-2:] != "AA" else "BB"))
    other_chat = good.replace(token.split(".")[1], "dGc6LTE", 1)
    for path in (tampered, other_chat, expired, "/r/nothing/", "/r/r1.x.1.2.y/members"):
        response = await web.client.get(path)
        body = await response.text()
        assert response.status == 403, path
        check_headers(response.headers)
        assert "Ana" not in body
        assert "alert" not in body
        assert "svg" not in body
    store = await open_store(web.database)
    await revoke(store, CHAT, web.clock.now())
    await store.close()
    for suffix in ("", "members", "rounds", "quiz/parallelism", "members.csv"):
        assert (await web.client.get(good + suffix)).status == 403, suffix
    web.clock.advance(1)
    assert (await web.client.get(web.path(CHAT))).status == 200


async def test_pages_link_relatively_so_any_path_prefix_works(web: Served) -> None:
    for suffix in ("", "members", "rounds", "quiz/parallelism"):
        page = await text_of(web, web.path(CHAT) + suffix)
        assert not re.search(r"""(href|src)=["']/""", page), suffix


async def test_the_bare_link_and_the_other_routes(web: Served) -> None:
    bare = web.path(CHAT).rstrip("/")
    response = await web.client.get(bare, allow_redirects=False)
    assert response.status == 302
    assert response.headers["Location"].endswith("/")
    assert (await web.client.get(bare)).status == 200
    robots = await web.client.get("/robots.txt")
    assert "Disallow: /" in await robots.text()
    missing = await web.client.get(web.path(CHAT) + "quiz/nope")
    assert missing.status == 404
    check_headers(missing.headers)
    css = await web.client.get("/report.css")
    assert css.status == 200
    assert css.content_type == "text/css"
