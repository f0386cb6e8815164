"""Settings from the environment (or a `.env` file); tokens are wrapped so they never print."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv
from platformdirs import user_cache_dir, user_data_dir

PROJECT_ROOT = Path(__file__).resolve().parent.parent


class Secret:
    """A token that shows as `***` in reprs, logs and tracebacks."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__


POSTGRES_URL_PREFIXES = ("postgresql://", "postgres://")


@dataclass(frozen=True)
class Settings:
    database: Path | str
    """A SQLite file, or a PostgreSQL URL (str) when QUIZBOT_DB starts with postgresql://."""
    quizzes: Path
    cache: Path | None
    """Where validated quizzes are kept between starts; None: validate every file every time."""
    telegram_token: Secret | None
    telegram_api_url: str | None
    discord_token: Secret | None
    discord_guild_id: int | None
    telegram_webhook_secret: Secret | None = None
    """What Telegram must send back with every webhook update (TELEGRAM_WEBHOOK_SECRET)."""
    # The organiser's report (adapters/web): its public address and the key signing links.
    web_url: str | None = None
    """QUIZBOT_WEB_URL: where `quizbot serve` is reached, e.g. https://quiz.example.org."""
    web_secret: Secret | None = None
    """QUIZBOT_WEB_SECRET: signs report links; without it no link is issued or accepted."""
    telegram_file_url: str | None = None
    """TELEGRAM_FILE_URL: where uploaded files are downloaded, if not at TELEGRAM_API_URL."""


def database_setting(value: str) -> Path | str:
    """A PostgreSQL URL as it is; anything else is a SQLite file path (`~` expanded)."""
    return value if value.startswith(POSTGRES_URL_PREFIXES) else Path(value).expanduser()


def cache_setting(value: str | None) -> Path | None:
    """QUIZBOT_CACHE: a folder, `off` for none; unset or empty, the user cache folder."""
    if not value:
        return Path(user_cache_dir("quizbot"))
    return None if value.strip().lower() == "off" else Path(value).expanduser()


def _secret(name: str) -> Secret | None:
    value = os.environ.get(name, "").strip()
    return Secret(value) if value else None


def load_settings(env_file: Path | None = None) -> Settings:
    """Read settings; a `.env` in the working directory fills what the environment lacks."""
    load_dotenv(env_file or Path.cwd() / ".env", override=False)
    database = os.environ.get("QUIZBOT_DB") or str(Path(user_data_dir("quizbot")) / "quizbot.db")
    quizzes = os.environ.get("QUIZBOT_QUIZZES") or str(PROJECT_ROOT / "quizzes")
    guild = os.environ.get("DISCORD_GUILD_ID", "").strip()
    return Settings(
        database=database_setting(database),
        quizzes=Path(quizzes).expanduser(),
        cache=cache_setting(os.environ.get("QUIZBOT_CACHE")),
        telegram_token=_secret("TELEGRAM_TOKEN"),
        telegram_api_url=os.environ.get("TELEGRAM_API_URL") or None,
        discord_token=_secret("DISCORD_TOKEN"),
        discord_guild_id=int(guild) if guild.isdigit() else None,
        telegram_webhook_secret=_secret("TELEGRAM_WEBHOOK_SECRET"),
        web_url=os.environ.get("QUIZBOT_WEB_URL", "").strip() or None,
        web_secret=_secret("QUIZBOT_WEB_SECRET"),
        telegram_file_url=os.environ.get("TELEGRAM_FILE_URL", "").strip() or None,
    )
