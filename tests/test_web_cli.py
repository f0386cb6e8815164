"""`quizbot serve` and `quizbot report` as real processes: settings, links, logs without tokens."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import aiohttp
import pytest

from adapters.console import CHAT_ID
from bot.domain.models import Quiz
from bot.domain.report_links import Grant, LinkSigner, revocation_key
from bot.storage.opening import open_store
from tests.support.clocks import FakeClock
from tests.support.paths import ROOT
from tests.support.report import CHAT
from tests.support.web import free_port, played, start_serve

SECRET = "the deployment's long web secret"
URL = "https://quiz.example.org/report"


def environment(database: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("QUIZBOT_WEB")}
    return {**env, "QUIZBOT_DB": str(database), **extra}


def quizbot(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli", *args],
        capture_output=True, text=True, cwd=ROOT, env=env, check=False, timeout=60,
    )  # fmt: skip


def test_serve_refuses_to_start_without_a_usable_secret(tmp_path: Path) -> None:
    missing = quizbot("serve", env=environment(tmp_path / "q.db"))
    assert missing.returncode == 2
    said = missing.stderr.strip().splitlines()
    assert said[0].startswith("quizbot: QUIZBOT_WEB_SECRET is not set: the key that signs")
    assert len(said) == 2  # serving checks links: it needs no QUIZBOT_WEB_URL
    assert said[1].startswith("Set them in the environment or in a .env file")
    short = quizbot("serve", env=environment(tmp_path / "q.db", QUIZBOT_WEB_SECRET="abc"))
    assert short.returncode == 2
    assert "QUIZBOT_WEB_SECRET is too short" in short.stderr
    assert "at least 16 characters" in short.stderr
    assert "abc" not in short.stderr.replace("at least", "")


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({}, ["QUIZBOT_WEB_URL is not set", "QUIZBOT_WEB_SECRET is not set"]),
        ({"QUIZBOT_WEB_SECRET": SECRET}, ["QUIZBOT_WEB_URL is not set"]),
        ({"QUIZBOT_WEB_URL": URL}, ["QUIZBOT_WEB_SECRET is not set"]),
        (
            {"QUIZBOT_WEB_URL": "quiz.example.org", "QUIZBOT_WEB_SECRET": "short"},
            ["QUIZBOT_WEB_URL must start with https://", "QUIZBOT_WEB_SECRET is too short"],
        ),
    ],
)
def test_report_names_every_missing_setting_at_once_with_what_it_is_for(
    tmp_path: Path, given: dict[str, str], named: list[str]
) -> None:
    refused = quizbot("report", "--chat", CHAT, env=environment(tmp_path / "q.db", **given))
    assert refused.returncode == 2
    said = refused.stderr.strip().splitlines()
    assert len(said) == len(named) + 1  # each named once, then where to set them
    for line, name in zip(said[:-1], named, strict=True):
        assert line.startswith(f"quizbot: {name}")
        assert "the public address of the report pages" in line or "signs the links" in line
    assert said[-1].startswith("Set them in the environment or in a .env file")


def test_the_terminals_answers_have_a_report_under_the_console_chat(tmp_path: Path) -> None:
    """`quizbot play` stores its answers under the chat `console`, as the help and the
    README say: `report --chat console` and `export --chat console` find them."""
    env = environment(tmp_path / "q.db", QUIZBOT_WEB_SECRET=SECRET, QUIZBOT_WEB_URL=URL)
    play = ["play", "parallelism", "--name", "Ana", "--questions", "1"]
    played = subprocess.run(
        [sys.executable, "-m", "adapters.cli", *play],
        input="a\n", capture_output=True, text=True, cwd=ROOT, env=env, check=False, timeout=60,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    link = quizbot("report", "--chat", CHAT_ID, env=env)
    assert link.returncode == 0, link.stderr
    assert link.stdout.startswith(f"{URL}/r/")
    exported = quizbot("export", "--chat", CHAT_ID, env=env)
    assert exported.returncode == 0, exported.stderr
    assert "Ana" in exported.stdout
    for command in ("play", "export", "report"):
        helped = quizbot(command, "--help", env=env)
        assert f"--chat {CHAT_ID}" in " ".join(helped.stdout.split()), command


async def test_report_prints_a_signed_link_and_revokes(
    tmp_path: Path, quizzes: dict[str, Quiz]
) -> None:
    database = tmp_path / "q.db"
    await played(database, quizzes, FakeClock(datetime.now(UTC)))
    env = environment(database, QUIZBOT_WEB_SECRET=SECRET, QUIZBOT_WEB_URL=URL)
    printed = await asyncio.to_thread(quizbot, "report", "--chat", CHAT, "--days", "3", env=env)
    assert printed.returncode == 0, printed.stderr
    link = printed.stdout.strip()
    assert link.startswith(f"{URL}/r/")
    assert link.endswith("/")
    grant = LinkSigner(SECRET, URL).check(link.split("/")[-2], datetime.now(UTC), None)
    assert isinstance(grant, Grant)
    assert grant.chat_id == CHAT
    assert (grant.expires_at - grant.issued_at).days == 3

    unknown = await asyncio.to_thread(quizbot, "report", "--chat", "tg:-9", env=env)
    assert unknown.returncode == 1
    assert CHAT in unknown.stderr
    revoked = await asyncio.to_thread(quizbot, "report", "--chat", CHAT, "--revoke", env=env)
    assert revoked.returncode == 0
    store = await open_store(database)
    assert (await store.get_meta(revocation_key(CHAT))) is not None
    await store.close()


async def test_serve_answers_and_logs_no_token(tmp_path: Path, quizzes: dict[str, Quiz]) -> None:
    database = tmp_path / "q.db"
    await played(database, quizzes, FakeClock(datetime.now(UTC)))
    port = free_port()
    env = environment(
        database, QUIZBOT_WEB_SECRET=SECRET, QUIZBOT_WEB_URL=f"http://127.0.0.1:{port}"
    )
    link = (await asyncio.to_thread(quizbot, "report", "--chat", CHAT, env=env)).stdout.strip()
    server, logged = await start_serve(port, env)
    assert server.stderr is not None
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(link) as page:
                assert page.status == 200
            async with session.get(link + "members") as page:
                assert "Ana" in await page.text()
            async with session.get(link.replace("/r/r1.", "/r/r1.x")) as refused:
                assert refused.status == 403
    finally:
        server.send_signal(signal.SIGTERM)
        rest = (await server.stderr.read()).decode()
        assert await server.wait() == 0, rest
    log = "".join(logged) + rest
    assert "report.overview 200" in log
    assert "report.members 200" in log
    assert "403" in log
    token = link.split("/")[-2]
    assert token not in log
    assert token.split(".")[-1] not in log
    assert SECRET not in log
