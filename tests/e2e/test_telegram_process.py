"""`quizbot run telegram` as users meet it: a real process, talking to the fake Bot API."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.telegram_bot.run import webhook_secret
from tests.e2e.bot_process import TOKEN, free_port, start_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.paths import ROOT


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegramAPI]:
    async with FakeTelegramAPI(rejected_tokens=["111:rejected-token"]) as api:
        yield api


async def test_the_process_plays_and_stops_cleanly_on_sigterm(
    fake: FakeTelegramAPI, tmp_path: Path
) -> None:
    group = fake.group(-100700, "Study group")
    ana = fake.user(11, "Ana", "en")
    bot = await start_bot(fake, tmp_path / "quiz.db")
    try:
        await fake.wait_for("setMyCommands", timeout=30)
        fake.send_command(group, ana, "/quiz parallelism 1")
        sent = await fake.wait_for(
            "sendMessage", lambda p: "Question 1/1" in p["text"], timeout=10
        )
        message = sent.response["result"]
        query_id = fake.press(
            group,
            ana,
            message["message_id"],
            message["reply_markup"]["inline_keyboard"][0][0]["callback_data"],
        )
        answer = await fake.wait_for(
            "answerCallbackQuery", lambda p: p["callback_query_id"] == query_id, timeout=10
        )
        assert answer.params["text"].startswith(("✅ Right!", "❌ Not quite."))
    finally:
        returncode = await bot.stop()
    output = bot.output()
    assert returncode == 0, output
    assert "DEBUG" in output  # the libraries' most talkative logs were on
    assert TOKEN not in output
    assert "Traceback" not in output


async def test_a_rejected_token_is_one_clear_line(fake: FakeTelegramAPI, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path / "quiz.db", token="111:rejected-token")
    assert await asyncio.wait_for(bot.process.wait(), timeout=30) == 1
    assert bot.out.read_text().strip() == (
        "quizbot: Telegram rejected TELEGRAM_TOKEN; check it with @BotFather."
    )
    assert "rejected-token" not in bot.output()
    assert "Traceback" not in bot.output()


WEBHOOK = ["run", "telegram", "--webhook", "https://quiz.example/hook", "--listen", "127.0.0.1"]


@pytest.mark.parametrize("given_in", ["argument", "environment", "nowhere"])
async def test_webhook_mode_checks_the_secret(
    fake: FakeTelegramAPI, tmp_path: Path, given_in: str
) -> None:
    """From --secret, from TELEGRAM_WEBHOOK_SECRET, or else derived from the token: a forged
    update is refused in every case, and the secret never reaches the log."""
    import aiohttp

    port = free_port()
    env = {
        **os.environ,
        "TELEGRAM_TOKEN": TOKEN,
        "TELEGRAM_API_URL": fake.url,
        "QUIZBOT_DB": str(tmp_path / "quiz.db"),
        "QUIZBOT_LOG_LEVEL": "DEBUG",  # the libraries log request parameters at this level
    }
    env.pop("TELEGRAM_WEBHOOK_SECRET", None)
    arguments = [*WEBHOOK, "--port", str(port)]
    secret = "hook-secret"
    if given_in == "argument":
        arguments += ["--secret", secret]
    elif given_in == "environment":
        env["TELEGRAM_WEBHOOK_SECRET"] = secret
    else:
        secret = webhook_secret(None, TOKEN)
        assert TOKEN not in secret
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "adapters.cli",
        *arguments,
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    group = fake.group(-100800, "Study group")
    ana = fake.user(12, "Ana", "en")
    update = {
        "update_id": 1,
        "message": {
            "message_id": 1,
            "date": int(time.time()),  # older commands are not run (adapters/.../gate.py)
            "chat": group,
            "from": ana,
            "text": "/help",
            "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
        },
    }
    log = ""
    try:
        hook = await fake.wait_for("setWebhook", timeout=30)
        log = await wait_for_line(process, "Application started")
        assert hook.params["url"] == "https://quiz.example/hook"
        assert hook.params["secret_token"] == secret
        async with aiohttp.ClientSession() as session:
            url = f"http://127.0.0.1:{port}/hook"
            async with session.post(url, json=update) as refused:
                assert refused.status == 403
            forged = {"X-Telegram-Bot-Api-Secret-Token": "guessed"}
            async with session.post(url, json=update, headers=forged) as refused:
                assert refused.status == 403
            headers = {"X-Telegram-Bot-Api-Secret-Token": secret}
            async with session.post(url, json=update, headers=headers) as accepted:
                assert accepted.status == 200
        reply = await fake.wait_for(
            "sendMessage", lambda p: p["chat_id"] == group["id"], timeout=10
        )
        assert "/quiz NAME [QUESTIONS]" in reply.params["text"]
    finally:
        process.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(process.communicate(), timeout=30)
    log += stderr.decode()
    assert process.returncode == 0, log
    assert "setWebhook" in log  # the request that carries the secret was logged, redacted:
    assert TOKEN not in log
    assert secret not in log


async def test_a_webhook_secret_telegram_would_refuse_is_one_clear_line(tmp_path: Path) -> None:
    env = {**os.environ, "TELEGRAM_TOKEN": TOKEN, "QUIZBOT_DB": str(tmp_path / "quiz.db")}
    env["TELEGRAM_WEBHOOK_SECRET"] = "my secret!"
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.cli", *WEBHOOK, cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, stderr = await asyncio.wait_for(process.communicate(), timeout=30)
    assert process.returncode == 2
    assert stderr.decode() == (
        "quizbot: the webhook secret must be 1 to 256 letters, digits, _ or - (Telegram's rule).\n"
    )


async def wait_for_line(process: asyncio.subprocess.Process, text: str) -> str:
    """Read the bot's log until a line says it is serving (the webhook port is open); the
    log read so far, which the caller must check too: the rest no longer holds it."""
    assert process.stderr is not None
    read = ""
    while True:
        line = (await asyncio.wait_for(process.stderr.readline(), timeout=30)).decode()
        assert line, f"the bot exited before logging {text!r}"
        read += line
        if text in line:
            return read


async def test_a_missing_token_is_one_clear_line(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "TELEGRAM_TOKEN"}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "adapters.cli",
        "run",
        "telegram",
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT), "QUIZBOT_DB": str(tmp_path / "q.db")},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, stderr = await asyncio.wait_for(process.communicate(), timeout=30)
    assert process.returncode == 2
    assert stderr.decode().strip() == (
        "quizbot: TELEGRAM_TOKEN is not set. Create a bot with @BotFather, then put "
        "TELEGRAM_TOKEN=... in the environment or in a .env file."
    )


async def test_a_second_process_polling_the_token_is_one_clear_line(
    fake: FakeTelegramAPI, tmp_path: Path
) -> None:
    """Telegram answers 409 Conflict to one of two pollers: that one says so and exits 1."""
    bot = await start_bot(fake, tmp_path / "quiz.db")
    try:
        await fake.wait_for("setMyCommands", timeout=30)
        fake.another_poller()
        assert await asyncio.wait_for(bot.process.wait(), timeout=30) == 1
    finally:
        if bot.process.returncode is None:
            await bot.kill()
    said = [line for line in bot.err.read_text().splitlines() if line.startswith("quizbot:")]
    assert said == [
        "quizbot: another process is polling Telegram with this TELEGRAM_TOKEN (409 Conflict); "
        "stop it, or run every worker with --webhook."
    ]
    assert "Traceback" not in bot.output()
    assert fake.calls_to("getUpdates")[-1].response["error_code"] == 409
