"""The organiser's report: page time as the answers table grows, next to a scan of answers.

History as in bench/leaderboard.py: 10 chats of 200 members, one 8-question round a day in
each, ~100 members answering each question; more stored answers means more days. Figures are
the p50 of a whole page over HTTP (the real aiohttp app on loopback: link check, the read-only
store's queries, pygal's charts, Jinja2) for chat 0. Baseline, same run, same database: the
figures a report without score tables would compute, by scanning the chat's answers (totals,
days and members grouped from the answers table). Checked: the page's totals equal the scan's.

    python bench/report.py [--quick]
"""

from __future__ import annotations

import asyncio
import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiosqlite
from _common import QUIZZES, arguments, fill_history, p50_ms, scratch, table
from aiohttp.test_utils import TestClient, TestServer

from adapters.web.app import Report, build_app
from bot.catalog.installed import load_catalog
from bot.domain.report_links import LinkSigner
from bot.storage.report_store import SQLiteReportStore

CHATS, MEMBERS, QUESTIONS, ANSWERING = 10, 200, 8, 100
NOW = datetime(2026, 3, 6, 16, 0, tzinfo=UTC)
READS = 30
PAGES = (
    "",
    "members",
    "rounds",
    "quiz/parallelism",
    "quiz/parallelism?period=7",
    "quiz/parallelism?period=90",
    "quiz/parallelism?period=all",
    "members?period=all",
)
"""The pages as they open (the quiz and members pages for the last 30 days), and the quiz
page's item analysis and the members' progress for other periods (issue 29)."""
SCAN = (
    "SELECT user_id, answered_at / 86400000, COUNT(*), SUM(correct) FROM answers "
    "WHERE chat_id = ? GROUP BY user_id, answered_at / 86400000"
)
"""Members, days and totals of a chat from its answers: what the score tables replace."""


class FixedClock:
    def now(self) -> datetime:
        return NOW


def history(answers: int, question_ids: list[str]) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """Rounds, posts and answers, newest day first, until there are `answers` answers."""
    rng = random.Random(answers)
    rounds: list[tuple] = []
    posts: list[tuple] = []
    rows: list[tuple] = []
    day = 0
    while len(rows) < answers:
        start_ms = int((NOW.replace(hour=12) - timedelta(days=day)).timestamp() * 1000)
        for chat in range(CHATS):
            round_id = day * CHATS + chat + 1
            rounds.append(
                (round_id, f"chat{chat}", "", "parallelism", "group", json.dumps(question_ids),
                 f"u{chat}:0", 30, "en", QUESTIONS, "finished", start_ms, start_ms + 480_000,
                 None, None)  # idle_since, summary_due: ended, summary sent
            )  # fmt: skip
            for number, question_id in enumerate(question_ids, start=1):
                post_id = (round_id - 1) * QUESTIONS + number
                opened = start_ms + number * 60_000
                posts.append(
                    (post_id, round_id, f"chat{chat}", "parallelism", question_id, "0,1,2,3",
                     number, QUESTIONS, opened, opened + 30_000, opened + 30_000, None)
                )  # fmt: skip
                for member in rng.sample(range(MEMBERS), ANSWERING):
                    elapsed, choice = rng.randrange(1_000, 30_000), rng.randrange(4)
                    rows.append(
                        (post_id, f"u{chat}:{member}", f"chat{chat}", "parallelism", choice,
                         int(choice == 0), opened + elapsed, elapsed)
                    )  # fmt: skip
        day += 1
    return rounds, posts, rows[:answers]


async def fill(path: Path, answers: int, question_ids: list[str]) -> None:
    rounds, posts, rows = history(answers, question_ids)
    tables = [("rounds", rounds), ("posts", posts), ("answers", rows)]
    await fill_history(path, CHATS, MEMBERS, tables)


async def measure(path: Path) -> tuple[dict[str, float], float]:
    """p50 ms of each page, and of the scan baseline."""
    quizzes = load_catalog(QUIZZES)
    store = await SQLiteReportStore.open(path)
    signer = LinkSigner("bench secret, long enough to sign", "")
    client = TestClient(TestServer(build_app(Report(store, quizzes, signer, FixedClock()))))
    await client.start_server()
    scan = await aiosqlite.connect(path)
    try:
        link = signer.url("chat0", NOW, 7)
        scanned = await scan.execute_fetchall(SCAN, ("chat0",))
        page = await (await client.get(link)).text()
        answered = sum(int(row[2]) for row in scanned)
        assert f'data-figure="answers">{answered:,}<' in page, "the page agrees with the scan"

        async def scan_read() -> object:
            return await scan.execute_fetchall(SCAN, ("chat0",))

        figures = {}
        for path_part in PAGES:

            async def page_read(path_part: str = path_part) -> None:
                response = await client.get(link + path_part)
                assert response.status == 200
                await response.read()

            figures[path_part or "overview"] = await p50_ms(page_read, READS)
        return figures, await p50_ms(scan_read, READS)
    finally:
        await scan.close()
        await client.close()
        await store.close()


async def main() -> None:
    quick = arguments(__doc__ or "").quick
    sizes = (2_000, 10_000) if quick else (10_000, 100_000, 1_000_000)
    question_ids = [q.id for q in load_catalog(QUIZZES)["parallelism"].questions]
    rows = []
    with scratch() as directory:
        for answers in sizes:
            path = directory / f"report-{answers}.db"
            await fill(path, answers, question_ids)
            pages, scan = await measure(path)
            rows.append(
                [f"{answers:,}", f"{answers // CHATS:,}"]
                + [f"{pages[name or 'overview']:.1f}" for name in PAGES]
                + [f"{scan:.1f}"]
            )
    headers = [f"{name or 'overview'} p50 ms" for name in PAGES]
    print(
        table(
            ["stored answers", "chat 0's answers", *headers,
             "scan of the chat's answers p50 ms"],
            rows,
        )
    )  # fmt: skip


if __name__ == "__main__":
    asyncio.run(main())
