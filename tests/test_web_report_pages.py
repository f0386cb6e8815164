"""What the report's pages say in the cases a first organiser met (issue 26, item 16).

A chat that only practised, a question whose wrong choices tie, the French CSV, and the
headers of a response no handler wrote. The real aiohttp app over a SQLite file.
"""

from __future__ import annotations

import csv
import io
import random
import re
import sqlite3
from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from adapters.web.app import Report, build_app
from bot.domain.flags import Reason
from bot.domain.models import LETTERS, Quiz
from bot.domain.report_links import LinkSigner
from bot.play.flags import FlagDesk
from bot.play.service import QuizService
from bot.storage.opening import open_store
from tests.support.clocks import FakeClock
from tests.support.report import CHAT, PLAYERS, Picks, play_script
from tests.support.web import SECRET, served

ANA, BOB, CAT, DORA = PLAYERS
ALONE = "tg:-100888"


async def scripted(
    database: Path, quizzes: dict[str, Quiz], clock: FakeClock, script: list[Picks], **how: str
) -> list[str]:
    store = await open_store(database)
    try:
        service = QuizService(store, quizzes, clock=clock, rng=random.Random(1))
        return await play_script(service, clock, script, **how)  # type: ignore[arg-type]
    finally:
        await store.close()


async def test_rounds_page_of_a_chat_that_only_practised_says_so(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    database = tmp_path / "quiz.db"
    practice: list[Picks] = [{ANA: 0}, {ANA: 1}, {ANA: 0}]
    await scripted(database, quizzes, clock, practice, chat=ALONE, mode="solo")
    async with served(database, quizzes, clock) as web:
        overview = await (await web.client.get(web.path(ALONE))).text()
        page = await (await web.client.get(web.path(ALONE) + "rounds")).text()
    assert 'data-figure="answers">3<' in overview
    assert "Nobody has answered yet" not in page
    assert "No group round has been played in this group yet." in page
    assert "3 answers came from practice, daily questions or the terminal" in page


def section_of(page: str, question_id: str) -> str:
    return page.split(f'id="q-{question_id}"', 1)[1].split("</section>", 1)[0]


def tagged(section: str) -> dict[str, str]:
    """Letter: the tag text shown beside the choice (only tagged choices)."""
    rows = re.findall(r'data-choice="([A-Z])">(.*?)</tr>', section, re.S)
    found = {}
    for letter, row in rows:
        tag = re.search(r'<span class="tag (\w+)">(.*?)</span>', row, re.S)
        if tag:
            found[letter] = f"{tag.group(1)}: {tag.group(2).strip()}"
    return found


async def test_tied_wrong_answers_are_all_marked_as_tied(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    database = tmp_path / "quiz.db"
    script: list[Picks] = [
        {ANA: 1, BOB: 2, CAT: 0, DORA: 0},  # two wrong choices, one pick each: a tie
        {ANA: 1, BOB: 1, CAT: 2, DORA: 0},  # one wrong choice leads
        {ANA: 0, BOB: 0},  # nobody wrong
    ]
    asked = await scripted(database, quizzes, clock, script)
    questions = {q.id: q for q in quizzes["parallelism"].questions}

    def letter(question_id: str, wrong_number: int) -> str:
        answer = questions[question_id].answer
        wrong = [i for i in range(len(questions[question_id].choices)) if i != answer]
        return LETTERS[wrong[wrong_number - 1]]

    async with served(database, quizzes, clock) as web:
        page = await (await web.client.get(web.path(CHAT) + "quiz/parallelism")).text()
    right = "right: ✔ right answer"
    tie = "tempting: ⚠ tied for most chosen wrong answer"
    lead = "tempting: ⚠ most chosen wrong answer"
    first, second, third = asked
    assert tagged(section_of(page, first)) == {
        LETTERS[questions[first].answer]: right,
        letter(first, 1): tie,
        letter(first, 2): tie,
    }
    assert tagged(section_of(page, second)) == {
        LETTERS[questions[second].answer]: right,
        letter(second, 1): lead,
    }
    assert tagged(section_of(page, third)) == {LETTERS[questions[third].answer]: right}


async def test_french_csv_has_semicolons_and_decimal_commas(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    database = tmp_path / "quiz.db"
    await scripted(database, quizzes, clock, [{ANA: 0, BOB: 1, CAT: 1}])  # a third right
    async with served(database, quizzes, clock) as web:
        path = web.path(CHAT) + "quiz/parallelism.csv"
        french = (await (await web.client.get(path + "?lang=fr")).read()).decode("utf-8-sig")
        english = (await (await web.client.get(path + "?lang=en")).read()).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(french), delimiter=";"))
    assert rows[0][:2] == ["Question", "Choix"]
    assert {row[5] for row in rows[1:]} == {"0,3333"}
    assert "0.3333" not in french
    english_rows = list(csv.reader(io.StringIO(english)))
    assert {row[5] for row in english_rows[1:]} == {"0.3333"}


class BrokenStore:
    """A store whose first read fails, as a database gone away would."""

    async def get_meta(self, key: str) -> str | None:
        raise RuntimeError("the database went away")


async def test_every_response_has_the_security_headers_an_unexpected_error_too(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    signer = LinkSigner(SECRET, "")
    report = Report(BrokenStore(), quizzes, signer, clock)  # type: ignore[arg-type]
    client = TestClient(TestServer(build_app(report)))
    await client.start_server()
    try:
        answers = [
            await client.get(signer.url(CHAT, clock.now(), 7)),  # 500: no handler wrote it
            await client.get("/r/not-a-token/"),  # 403
            await client.get("/nothing/here"),  # 404 from the router
            await client.post("/healthz"),  # 405 from the router
            await client.get("/report.css"),
        ]
    finally:
        await client.close()
    assert [a.status for a in answers] == [500, 403, 404, 405, 200]
    for answer in answers:
        policy = answer.headers.get("Content-Security-Policy", "")
        assert policy.startswith("default-src 'none'"), answer.status
        assert answer.headers.get("Referrer-Policy") == "no-referrer", answer.status
        assert answer.headers.get("X-Frame-Options") == "DENY", answer.status


async def test_the_question_bars_are_html_with_their_figure_beside(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """The share-right chart is rows of text and a bar each: a 0 % figure has its own cell,
    never drawn over the question's label."""
    database = tmp_path / "quiz.db"
    asked = await scripted(database, quizzes, clock, [{ANA: 1, BOB: 2}, {ANA: 0, BOB: 1}])
    async with served(database, quizzes, clock) as web:
        page = await (await web.client.get(web.path(CHAT) + "quiz/parallelism")).text()
    rows = dict(re.findall(r'<tr data-question="([\w-]+)">(.*?)</tr>', page, re.S))
    assert list(rows) == sorted(asked, key=[q.id for q in quizzes["parallelism"].questions].index)
    assert '<td class="share">0%</td>' in rows[asked[0]]
    assert '<td class="share">50%</td>' in rows[asked[1]]
    assert '<rect class="fill" width="0.0"' in rows[asked[0]]


async def test_the_period_filter_counts_only_the_period(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Two rounds ten days apart: the last 7 days show the second one's answers, all time
    both; the progress download follows the period too."""
    database = tmp_path / "quiz.db"
    await scripted(database, quizzes, clock, [{ANA: 0, BOB: 1}, {ANA: 0, BOB: 0}])
    clock.advance(10 * 24 * 3600)
    await scripted(database, quizzes, clock, [{ANA: 1, BOB: 1, CAT: 0}])
    async with served(database, quizzes, clock) as web:
        link = web.path(CHAT)

        async def answers(period: str) -> int:
            page = await (await web.client.get(f"{link}quiz/parallelism?period={period}")).text()
            items = page.split('id="items"', 1)[1].split("</section>", 1)[0]
            cells = re.findall(r'<td class="count" data-label="Answers">(\d+)</td>', items)
            return sum(int(cell) for cell in cells)

        assert await answers("7") == 3
        assert await answers("all") == 7
        assert await answers("30") == 7
        assert await answers("nonsense") == 7  # the default: 30 days
        progress = await web.client.get(f"{link}progress.csv?period=7")
        rows = list(csv.reader(io.StringIO((await progress.read()).decode("utf-8-sig"))))
    by_name = {row[0]: row[1] for row in rows[1:]}
    assert by_name == {"Ana": "1", "'=HYPERLINK(\"http://x.example\")": "1",
                       "<script>alert('x')</script>": "1"}  # fmt: skip


async def test_the_item_analysis_row_of_a_question(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Four members, two wrong choices picked once each: 50 % right, every wrong choice
    with its share, both tied ones marked. Discrimination: the quiz score is this question,
    top 27 % of 4 = 1 member (right), bottom 1 (wrong): +1.00."""
    database = tmp_path / "quiz.db"
    [asked] = await scripted(database, quizzes, clock, [{ANA: 1, BOB: 2, CAT: 0, DORA: 0}])
    question = next(q for q in quizzes["parallelism"].questions if q.id == asked)
    wrong = [LETTERS[i] for i in range(len(question.choices)) if i != question.answer]
    async with served(database, quizzes, clock) as web:
        page = await (await web.client.get(web.path(CHAT) + "quiz/parallelism")).text()
    items = page.split('id="items"', 1)[1].split("</section>", 1)[0]
    row = re.search(rf'href="#q-{asked}">.*?</tr>', items, re.S)
    assert row is not None
    cells = re.findall(r"<td [^>]*>(.*?)</td>", row.group(0))
    shares = [
        f"{letter} {share}" for letter, share in zip(wrong, ("25% ⚠", "25% ⚠", "0%"), strict=True)
    ]
    assert cells == ["4", "4", "50%", "+1.00", " · ".join(shares)]


async def test_the_progress_download_gives_the_trend_in_points(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Ana: 3 of 3 right, then 1 of 3 twenty days later: the last 30 days' halves give a
    trend of -66.7 points (the header's unit), shown -67 on the page."""
    database = tmp_path / "quiz.db"
    await scripted(database, quizzes, clock, [{ANA: 0}, {ANA: 0}, {ANA: 0}])
    clock.advance(20 * 24 * 3600)
    await scripted(database, quizzes, clock, [{ANA: 0}, {ANA: 1}, {ANA: 2}])
    async with served(database, quizzes, clock) as web:
        path = web.path(CHAT)
        rows = list(csv.reader(io.StringIO(
            (await (await web.client.get(path + "progress.csv")).read()).decode("utf-8-sig")
        )))  # fmt: skip
        page = await (await web.client.get(path + "members")).text()
    assert rows[0][3] == "Trend (points)"
    assert rows[1][:4] == ["Ana", "6", "0.6667", "-66.7"]
    assert '<td class="points" data-label="Trend (points)">−67</td>' in page
    assert "share right down 67 points" in page


async def test_members_flags_are_listed_and_counted_in_the_item_analysis(
    tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """Two members flag a question, one with a sentence: the quiz page lists it with its
    count, reasons and sentence, and the item analysis gets its Flags column."""
    database = tmp_path / "quiz.db"
    [asked] = await scripted(database, quizzes, clock, [{ANA: 1, BOB: 0}])
    store = await open_store(database)
    try:
        service = QuizService(store, quizzes, clock=clock, rng=random.Random(1))
        with sqlite3.connect(database) as connection:
            [(post_id,)] = connection.execute(
                "SELECT post_id FROM posts WHERE question_id = ?", (asked,)
            ).fetchall()
        desk = FlagDesk(service)
        await desk.flag(post_id, ANA, Reason.WRONG)
        assert await desk.note(post_id, ANA.user_id, "B is right since Megatron-LM v2")
        await desk.flag(post_id, BOB, Reason.WRONG)
    finally:
        await store.close()
    async with served(database, quizzes, clock) as web:
        page = await (await web.client.get(web.path(CHAT) + "quiz/parallelism")).text()
    flags = page.split('id="flags"', 1)[1].split("</section>", 1)[0]
    assert f'href="#q-{asked}"' in flags
    assert "2 open flags: The answer is wrong ×2." in flags
    assert "“B is right since Megatron-LM v2”" in flags
    items = page.split('id="items"', 1)[1].split("</section>", 1)[0]
    assert 'data-label="Flags"' in items
