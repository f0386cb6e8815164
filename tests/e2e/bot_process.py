"""`quizbot run telegram` (or discord) as a real process against a fake, for end-to-end tests."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.paths import ROOT

TOKEN = "777000:process-secret-token"
SECRET = "two-workers-secret"
"""The webhook workers' secret token (Telegram sends it in a header)."""


@dataclass
class BotProcess:
    """A running `quizbot run telegram`; its output goes to files, so a chatty log level can
    never fill a pipe and block the bot."""

    process: asyncio.subprocess.Process
    out: Path
    err: Path

    def output(self) -> str:
        return self.out.read_text() + self.err.read_text()

    async def stop(self) -> int:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        return await asyncio.wait_for(self.process.wait(), timeout=30)

    async def kill(self) -> None:
        self.process.kill()
        await self.process.wait()


async def start_bot(
    fake: FakeTelegramAPI, database: Path, token: str = TOKEN, **settings: str
) -> BotProcess:
    """`quizbot run telegram` on `fake`; `settings`: more environment (QUIZBOT_QUIZZES…)."""
    env = {"TELEGRAM_TOKEN": token, "TELEGRAM_API_URL": fake.url, **settings}
    return await start_process("telegram", database, env)


async def start_process(platform: str, database: Path, env: dict[str, str]) -> BotProcess:
    """`quizbot run PLATFORM` on `database`, with `env` added to this environment."""
    env = {
        **os.environ,
        **env,
        "QUIZBOT_DB": str(database),
        "QUIZBOT_LOG_LEVEL": "DEBUG",  # everything the libraries log, to prove no token leaks
    }
    number = len(list(database.parent.glob("bot-*.out")))
    out, err = database.parent / f"bot-{number}.out", database.parent / f"bot-{number}.err"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "adapters.cli",
            "run",
            platform,
            cwd=ROOT,
            env=env,
            stdout=stdout,
            stderr=stderr,
        )
    return BotProcess(process, out, err)


def free_port() -> int:
    """A TCP port nobody listens on now, for a webhook worker to bind."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def wait_for_acks(fake: FakeTelegramAPI, query_ids: set[str], count: int) -> None:
    """Until `count` of these presses have been answered (by whichever process)."""

    def answered(_: dict[str, Any]) -> bool:
        acked = {c.params["callback_query_id"] for c in fake.calls_to("answerCallbackQuery")}
        return len(acked & query_ids) >= count

    await fake.wait_for("answerCallbackQuery", answered, timeout=30)


@dataclass
class Worker:
    """One webhook process; its log is drained as it comes, so a pipe never fills."""

    process: asyncio.subprocess.Process
    port: int
    lines: list[str] = field(default_factory=list)
    started: asyncio.Event = field(default_factory=asyncio.Event)
    reader: asyncio.Task[None] | None = None

    async def read_log(self) -> None:
        assert self.process.stderr is not None
        async for raw in self.process.stderr:
            self.lines.append(raw.decode())
            if "Application started" in self.lines[-1]:
                self.started.set()
        self.started.set()  # exited: let a waiter see it instead of hanging

    async def stop(self, sig: int = signal.SIGTERM) -> int:
        if self.process.returncode is None:
            self.process.send_signal(sig)
        code = await asyncio.wait_for(self.process.wait(), timeout=30)
        if self.reader is not None:
            await self.reader
        return code


async def start_worker(fake: FakeTelegramAPI, database: str) -> Worker:
    port = free_port()
    env = {**os.environ, "TELEGRAM_TOKEN": TOKEN, "TELEGRAM_API_URL": fake.url}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.cli", "run", "telegram",
        "--webhook", "https://quiz.example/hook", "--listen", "127.0.0.1",
        "--port", str(port), "--secret", SECRET,
        cwd=ROOT, env={**env, "QUIZBOT_DB": database},
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    worker = Worker(process, port)
    worker.reader = asyncio.create_task(worker.read_log())
    await asyncio.wait_for(worker.started.wait(), timeout=30)
    assert process.returncode is None, "".join(worker.lines)
    return worker
