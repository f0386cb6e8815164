"""The report's web app on a loopback port, over a database a group has played in."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import sys
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from adapters.web.app import Report, build_app
from bot.domain.models import Quiz
from bot.domain.report_links import LinkSigner
from bot.play.service import QuizService
from bot.storage.opening import open_store
from bot.storage.report_store import open_report_store
from tests.support.clocks import FakeClock
from tests.support.paths import ROOT
from tests.support.report import play_rounds

SECRET = "a test secret that is long enough"
BASE_URL = "http://127.0.0.1"


@dataclass
class Served:
    client: TestClient[web.Request, web.Application]
    signer: LinkSigner
    clock: FakeClock
    database: Path | str

    def path(self, chat_id: str, days: int = 7) -> str:
        """The page's path on this server (the signer's base URL is not this one's)."""
        return self.signer.url(chat_id, self.clock.now(), days).removeprefix(BASE_URL)


async def played(database: Path | str, quizzes: Mapping[str, Quiz], clock: FakeClock) -> None:
    store = await open_store(database)
    try:
        await play_rounds(QuizService(store, quizzes, clock=clock, rng=random.Random(3)), clock)
    finally:
        await store.close()


@contextlib.asynccontextmanager
async def served(
    database: Path | str, quizzes: Mapping[str, Quiz], clock: FakeClock
) -> AsyncIterator[Served]:
    store = await open_report_store(database)
    signer = LinkSigner(SECRET, BASE_URL)
    app = build_app(Report(store, quizzes, signer, clock))
    client: TestClient[web.Request, web.Application] = TestClient(TestServer(app))
    await client.start_server()
    try:
        yield Served(client, signer, clock, database)
    finally:
        await client.close()
        await store.close()


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def start_serve(
    port: int, env: Mapping[str, str]
) -> tuple[asyncio.subprocess.Process, list[str]]:
    """The real `quizbot serve --port PORT` with `env`, once it logged that it serves; and the
    lines it logged before that. Its stderr stays open for the rest of its log."""
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.cli", "serve", "--port", str(port),
        cwd=ROOT, env=dict(env), stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert server.stderr is not None
    logged: list[str] = []
    while "serving the report" not in (line := (await server.stderr.readline()).decode()):
        if not line:
            await server.wait()
            raise AssertionError(f"serve stopped: {logged}")
        logged.append(line)
    return server, logged
