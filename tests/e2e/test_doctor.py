"""`quizbot doctor` as the person who set the bot up runs it: a real process, real
python-telegram-bot against the loopback Bot API, and a loopback Discord REST fake.

Each broken deployment gives its one expected line and exit status 1; a healthy one exits 0.
No token ever appears in the output.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from adapters.discord_bot.doctor import TEST_API_ENV
from tests.fakes.discord_api import FakeDiscordAPI, required_fields
from tests.fakes.telegram_api import FakeTelegramAPI, find_specs_dir
from tests.support.paths import BROKEN, QUIZZES, bundled_ids

TELEGRAM_TOKEN = "777001:doctor-telegram-secret"
DISCORD_TOKEN = "MTIz.doctor-discord-secret.x"
REJECTED = "111:rejected-token"
BROKEN_QUIZ = BROKEN / "answer-out-of-range.yaml"
INVITE = (
    "https://discord.com/oauth2/authorize?client_id=1234567890123456789"
    "&scope=bot+applications.commands&permissions=117760"
)


@pytest.fixture
async def telegram() -> AsyncIterator[FakeTelegramAPI]:
    async with FakeTelegramAPI(rejected_tokens=[REJECTED]) as api:
        yield api
        assert api.violations == [], "doctor sent requests Telegram would reject"


@pytest.fixture
async def discord_api() -> AsyncIterator[FakeDiscordAPI]:
    async with FakeDiscordAPI(DISCORD_TOKEN) as api:
        yield api


@dataclass
class Deployment:
    """The environment `quizbot doctor` reads, as a test changes it."""

    tmp_path: Path
    telegram: FakeTelegramAPI
    discord: FakeDiscordAPI
    database: Path
    quizzes: Path = QUIZZES
    telegram_token: str | None = TELEGRAM_TOKEN
    discord_token: str | None = DISCORD_TOKEN

    def environment(self) -> dict[str, str]:
        env = {
            name: value
            for name, value in os.environ.items()
            if not name.startswith(("TELEGRAM_", "DISCORD_", "QUIZBOT_"))
        }
        env.update(
            QUIZBOT_DB=str(self.database),
            QUIZBOT_QUIZZES=str(self.quizzes),
            QUIZBOT_CACHE="off",
            TELEGRAM_API_URL=self.telegram.url,
            LANG="C.UTF-8",
            COLUMNS="400",  # one line per finding, as printed
        )
        env[TEST_API_ENV] = self.discord.api_url
        if self.telegram_token:
            env["TELEGRAM_TOKEN"] = self.telegram_token
        if self.discord_token:
            env["DISCORD_TOKEN"] = self.discord_token
        return env

    async def doctor(self, *args: str) -> tuple[int, list[str]]:
        """Run `quizbot doctor` (in a folder without .env) while the fakes serve."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "adapters.cli",
            "doctor",
            *args,
            cwd=self.tmp_path,
            env=self.environment(),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        out, _ = await asyncio.wait_for(process.communicate(), timeout=60)
        text = out.decode()
        assert TELEGRAM_TOKEN not in text
        assert DISCORD_TOKEN not in text
        assert "Traceback" not in text
        assert process.returncode is not None
        return process.returncode, text.splitlines()


@pytest.fixture
def deployment(
    tmp_path: Path, telegram: FakeTelegramAPI, discord_api: FakeDiscordAPI
) -> Deployment:
    return Deployment(tmp_path, telegram, discord_api, tmp_path / "data" / "quiz.db")


def failures(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("✗")]


async def test_a_healthy_deployment_passes_every_check(deployment: Deployment) -> None:
    code, lines = await deployment.doctor()
    assert code == 0, lines
    assert failures(lines) == []
    assert lines[0].startswith("✓ Python 3.")
    assert "quizbot 0.1.0" in lines[0]
    assert f"✓ database {deployment.database}: reachable and writable, schema " in lines[1]
    assert lines[1].endswith(", WAL")
    ids = bundled_ids()  # the bundled quizzes, however many there are
    plural = "quiz" if len(ids) == 1 else "quizzes"
    assert lines[2] == f"✓ quizzes in {QUIZZES}: {len(ids)} valid {plural} ({', '.join(ids)})"
    assert "✓ Telegram: token accepted (getMe): the bot is @quizbot, id 4242424242" in lines
    assert any(line.startswith("✓ Telegram: group privacy mode is on") for line in lines)
    assert "✓ Telegram: no webhook is set, so polling gets the updates" in lines
    assert "✓ Telegram: no update is waiting" in lines
    assert "✓ Discord: token accepted: the bot is QuizBot, id 1234567890123456789" in lines
    assert "✓ Discord: application “Quiz Bot”, id 1234567890123456789" in lines
    invite = [line for line in lines if line.startswith("✓ Discord: invite the bot")]
    assert invite == [
        "✓ Discord: invite the bot with scopes bot, applications.commands and permissions "
        f"View Channel, Send Messages, Embed Links, Attach Files, Read Message History: {INVITE}"
    ]
    assert lines[-1] == "All checks passed."
    assert [call.method for call in deployment.telegram.calls] == ["getMe", "getWebhookInfo"]
    paths = [request.path for request in deployment.discord.requests]
    assert paths == ["/api/v10/users/@me", "/api/v10/oauth2/applications/@me"]
    assert {r.authorization for r in deployment.discord.requests} == {f"Bot {DISCORD_TOKEN}"}


async def test_without_tokens_the_platforms_are_skipped(deployment: Deployment) -> None:
    deployment.telegram_token = deployment.discord_token = None
    code, lines = await deployment.doctor()
    assert code == 0
    assert "- Telegram: TELEGRAM_TOKEN is not set, not checked" in lines
    assert "- Discord: DISCORD_TOKEN is not set, not checked" in lines
    assert deployment.telegram.calls == []


async def test_a_rejected_telegram_token(deployment: Deployment) -> None:
    deployment.telegram_token = REJECTED
    code, lines = await deployment.doctor()
    assert code == 1
    assert failures(lines) == [
        "✗ Telegram: the token was rejected (getMe); copy it again from @BotFather into "
        "TELEGRAM_TOKEN"
    ]
    assert REJECTED not in "\n".join(lines)
    assert lines[-1] == "1 problem to fix (the ✗ line above)."


async def test_a_rejected_discord_token(deployment: Deployment) -> None:
    deployment.discord_token = "MTIz.wrong.x"
    code, lines = await deployment.doctor()
    assert code == 1
    assert failures(lines) == [
        "✗ Discord: the token was rejected (401); copy the bot token again from the Developer "
        "Portal (Bot, Reset Token) into DISCORD_TOKEN"
    ]
    assert "MTIz.wrong.x" not in "\n".join(lines)


async def test_a_webhook_left_set_while_polling(deployment: Deployment) -> None:
    fake = deployment.telegram
    fake.webhook_url = "https://old-server.example.org/telegram"
    fake.send_text(fake.group(-100900, "Group"), fake.user(9, "Ana"), "/quiz parallelism")
    code, lines = await deployment.doctor()
    assert code == 1
    assert failures(lines) == [
        "✗ Telegram: a webhook is set (https://old-server.example.org/telegram) while this "
        "deployment polls: updates go there, not here. If another deployment uses this token, "
        "stop it (one token, one deployment); else `quizbot run telegram` deletes the webhook "
        "when it starts"
    ]
    assert any(line.startswith("! Telegram: 1 update is waiting") for line in lines)
    assert fake.webhook_url  # the doctor only looks


async def test_a_webhook_deployment_whose_webhook_is_missing_or_failing(
    deployment: Deployment,
) -> None:
    url = "https://quiz.example.org/telegram"
    code, lines = await deployment.doctor("--webhook", url)
    assert code == 1
    assert failures(lines) == [
        f"✗ Telegram: no webhook is set, but this deployment expects {url}; "
        f"`quizbot run telegram --webhook {url}` sets it when it starts"
    ]
    deployment.telegram.webhook_url = url
    deployment.telegram.webhook_error = (1767225600, "Connection refused")
    code, lines = await deployment.doctor("--webhook", url)
    assert code == 1
    assert failures(lines) == [
        "✗ Telegram: delivering updates to the webhook failed at 2026-01-01 00:00 UTC: "
        "Connection refused; check the reverse proxy, the port and the certificate"
    ]
    deployment.telegram.webhook_error = None
    code, lines = await deployment.doctor("--webhook", url)
    assert code == 0, lines
    assert f"✓ Telegram: the webhook is {url}, as expected" in lines


async def test_privacy_mode_off_is_a_note_not_a_failure(deployment: Deployment) -> None:
    deployment.telegram.privacy_mode = False
    code, lines = await deployment.doctor()
    assert code == 0
    assert any(line.startswith("! Telegram: group privacy mode is off") for line in lines)


@pytest.fixture
def immutable_database(deployment: Deployment) -> Path:
    """A database file nobody may write, not even root (chattr +i), removed after the test."""
    database = deployment.database
    database.parent.mkdir()
    result = subprocess.run(
        [sys.executable, "-m", "adapters.cli", "leaderboard"],
        env={**deployment.environment(), "QUIZBOT_DB": str(database)},
        capture_output=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    if (
        shutil.which("chattr") is None
        or subprocess.run(
            ["chattr", "+i", str(database)], capture_output=True, check=False
        ).returncode
    ):
        pytest.skip("chattr +i is not available on this file system")
    yield database
    subprocess.run(["chattr", "-i", str(database)], check=False)


async def test_an_unwritable_database(deployment: Deployment, immutable_database: Path) -> None:
    code, lines = await deployment.doctor()
    assert code == 1
    assert failures(lines) == [
        f"✗ database {immutable_database} cannot be written, so no answer could be kept: "
        f"{immutable_database}: the database file is read-only; nothing was recorded (attempt "
        "to write a readonly database). Check the file, its folder and the disk"
    ]


async def test_a_database_that_cannot_be_created(deployment: Deployment) -> None:
    blocker = deployment.tmp_path / "not-a-folder"
    blocker.write_text("")
    deployment.database = blocker / "quiz.db"
    code, lines = await deployment.doctor()
    assert code == 1
    (line,) = failures(lines)
    assert line.startswith(f"✗ database: cannot open the database {deployment.database}: ")


async def test_a_broken_quiz_file(deployment: Deployment) -> None:
    folder = deployment.tmp_path / "quizzes"
    folder.mkdir()
    shutil.copy(QUIZZES / "parallelism.yaml", folder)
    shutil.copy(BROKEN_QUIZ, folder)
    deployment.quizzes = folder
    code, lines = await deployment.doctor()
    assert code == 1
    (line,) = failures(lines)
    assert line == (
        f"✗ {folder / BROKEN_QUIZ.name}:13: question 'q1': answer 'E' is out of range: there "
        "are 2 choices (A-B)"
    )


def test_the_discord_fake_answers_what_the_spec_requires() -> None:
    specs = find_specs_dir()
    if specs is None or not (specs / "discord-openapi.json").is_file():
        pytest.skip("discord-openapi.json not found (set QUIZBOT_SPECS_DIR or ../shared/specs)")
    fake = FakeDiscordAPI("token")
    assert required_fields(specs, "UserPIIResponse") <= fake.bot_user.keys()
    assert required_fields(specs, "PrivateApplicationResponse") <= fake.application.keys()
