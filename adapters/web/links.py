"""Report links for the adapters: the signer the settings describe, issuing and revoking.

Shared by `quizbot report`, Telegram's and Discord's `/report`; the signing rules are in
bot/domain/report_links.py. Imports no web framework, so the bots can use it cheaply.
"""

from __future__ import annotations

import logging
from datetime import datetime

from bot.config import Settings
from bot.domain.report_links import LinkSigner, revocation_key, revoked_before
from bot.storage.interface import Store

log = logging.getLogger(__name__)


class NotSetUpError(Exception):
    """QUIZBOT_WEB_URL or QUIZBOT_WEB_SECRET is missing or unusable; the message says which."""


def signer_from(settings: Settings, issuing: bool = True) -> LinkSigner:
    """The signer of this deployment's links, or NotSetUpError saying what to set.

    Issuing links needs the public address too; checking them (`quizbot serve`) does not.
    """
    if settings.web_secret is None:
        raise NotSetUpError("QUIZBOT_WEB_SECRET is not set: put a long random string in it")
    if settings.web_url is None and issuing:
        raise NotSetUpError(
            "QUIZBOT_WEB_URL is not set: the web app's public address, e.g. https://quiz.example.org"
        )
    try:
        return LinkSigner(settings.web_secret.reveal(), settings.web_url or "")
    except ValueError as error:
        raise NotSetUpError(str(error)) from None


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
