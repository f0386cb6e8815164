"""Report links for the adapters: the signer the settings describe, issuing and revoking.

Shared by `quizbot report`, Telegram's and Discord's `/report`; the signing rules are in
bot/domain/report_links.py. Imports no web framework, so the bots can use it cheaply.
"""

from __future__ import annotations

import logging
from datetime import datetime

from bot.config import Settings
from bot.domain.report_links import (
    MIN_SECRET_LENGTH,
    LinkSigner,
    revocation_key,
    revoked_before,
)
from bot.storage.interface import Store

log = logging.getLogger(__name__)


class NotSetUpError(Exception):
    """Settings the links need are missing or unusable: `problems` says each, and what for."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


WEB_URL_FOR = (
    "the public address of the report pages, which every link starts with, "
    "e.g. https://quiz.example.org/report"
)
WEB_SECRET_FOR = (
    f"the key that signs the links: a random string of at least {MIN_SECRET_LENGTH} "
    "characters, the same for the bots and `quizbot serve`"
)


def setting_problems(settings: Settings, issuing: bool = True) -> list[str]:
    """Every setting the links need that is missing or unusable, each with what it is for.

    Issuing links needs the public address too; checking them (`quizbot serve`) does not.
    """
    problems = []
    url = settings.web_url
    if issuing and url is None:
        problems.append(f"QUIZBOT_WEB_URL is not set: {WEB_URL_FOR}")
    elif issuing and url is not None and not url.startswith(("https://", "http://")):
        problems.append(f"QUIZBOT_WEB_URL must start with https:// (or http://): {WEB_URL_FOR}")
    secret = settings.web_secret
    if secret is None:
        problems.append(f"QUIZBOT_WEB_SECRET is not set: {WEB_SECRET_FOR}")
    elif len(secret.reveal()) < MIN_SECRET_LENGTH:
        problems.append(f"QUIZBOT_WEB_SECRET is too short: {WEB_SECRET_FOR}")
    return problems


def signer_from(settings: Settings, issuing: bool = True) -> LinkSigner:
    """The signer of this deployment's links, or NotSetUpError naming every setting to fix."""
    problems = setting_problems(settings, issuing)
    if problems:
        raise NotSetUpError(problems)
    assert settings.web_secret is not None
    return LinkSigner(settings.web_secret.reveal(), settings.web_url or "")


def optional_signer(settings: Settings) -> LinkSigner | None:
    """For the bots: a signer, or None (logged once) so `/report` says it is not set up."""
    try:
        return signer_from(settings)
    except NotSetUpError as error:
        log.info("/report is off: %s", error)
        return None


async def revoke(store: Store, chat_id: str, now: datetime) -> None:
    """Void every link of the chat issued up to now; the web app reads the moment back."""
    await store.set_meta(revocation_key(chat_id), revoked_before(now))
