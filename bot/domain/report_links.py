"""Signed links to a chat's report page: issued by the bots and the CLI, checked by the web app.

A link is a capability: whoever holds it sees the chat's report, nobody else. So it carries
the chat, when it was issued and when it expires, signed with HMAC-SHA256 under the operator's
secret (QUIZBOT_WEB_SECRET), and nothing about any member. Revoking a chat's links stores a
moment (see `revocation_key`); a link issued before it is refused. Pure: no clock, no I/O.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import Enum

VERSION = "r1"
DEFAULT_DAYS = 7
MAX_DAYS = 90
MIN_SECRET_LENGTH = 16
"""Characters: shorter secrets are refused (a guessable key signs any chat's link)."""
_SIGNATURE_BYTES = 32


class Refusal(Enum):
    """Why a link opens nothing; the web app answers 403 to each, without saying which."""

    MALFORMED = "malformed"
    BAD_SIGNATURE = "bad signature"
    EXPIRED = "expired"
    REVOKED = "revoked"


@dataclass(frozen=True, slots=True)
class Grant:
    """What a valid link opens: one chat's report, until `expires_at`."""

    chat_id: str
    issued_at: datetime
    expires_at: datetime


def revocation_key(chat_id: str) -> str:
    """The store's meta key holding the moment (ms) before which the chat's links are void."""
    return f"report.revoked_before.{chat_id}"


def _ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def _from_ms(value: int) -> datetime:
    return datetime.fromtimestamp(value / 1000, UTC)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class LinkSigner:
    """Issues and checks tokens under one secret; `base_url` is the web app's public address."""

    def __init__(self, secret: str, base_url: str) -> None:
        if len(secret) < MIN_SECRET_LENGTH:
            raise ValueError(
                f"QUIZBOT_WEB_SECRET must be at least {MIN_SECRET_LENGTH} characters long"
            )
        self._key = secret.encode()
        self.base_url = base_url.rstrip("/")

    def _signature(self, body: str) -> str:
        digest = hmac.new(self._key, body.encode(), hashlib.sha256).digest()
        return _b64(digest[:_SIGNATURE_BYTES])

    def token(self, chat_id: str, now: datetime, days: int = DEFAULT_DAYS) -> str:
        """A token for the chat, valid `days` days from `now` (1 to MAX_DAYS)."""
        if not 1 <= days <= MAX_DAYS:
            raise ValueError(f"a link lasts 1 to {MAX_DAYS} days, not {days}")
        expires = now + timedelta(days=days)
        body = f"{VERSION}.{_b64(chat_id.encode())}.{_ms(now)}.{_ms(expires)}"
        return f"{body}.{self._signature(body)}"

    def url(self, chat_id: str, now: datetime, days: int = DEFAULT_DAYS) -> str:
        """The page's address: the token is a path segment, so no query string can lose it."""
        return f"{self.base_url}/r/{self.token(chat_id, now, days)}/"

    def check(self, token: str, now: datetime, revoked_before_ms: int | None) -> Grant | Refusal:
        """The grant a token gives at `now`, or why it gives none."""
        grant = self.read(token)
        if isinstance(grant, Refusal):
            return grant
        if now >= grant.expires_at:
            return Refusal.EXPIRED
        if revoked_before_ms is not None and _ms(grant.issued_at) < revoked_before_ms:
            return Refusal.REVOKED
        return grant

    def read(self, token: str) -> Grant | Refusal:
        """The signed facts of a token, with no check of time or revocation."""
        parts = token.split(".") if token.isascii() else []
        if len(parts) != 5 or parts[0] != VERSION:
            return Refusal.MALFORMED
        body, signature = ".".join(parts[:4]), parts[4]
        if not hmac.compare_digest(self._signature(body), signature):
            return Refusal.BAD_SIGNATURE
        try:
            chat_id = _unb64(parts[1]).decode()
            issued, expires = int(parts[2]), int(parts[3])
        except (ValueError, binascii.Error, UnicodeDecodeError):
            return Refusal.MALFORMED
        return Grant(chat_id, _from_ms(issued), _from_ms(expires))


def revoked_before(now: datetime) -> str:
    """The meta value that voids every link issued up to `now`, and none issued after."""
    return str(_ms(now) + 1)


def parse_revoked_before(value: str | None) -> int | None:
    """The stored moment, or None when nothing was revoked (or the value is unreadable)."""
    return int(value) if value is not None and value.isdigit() else None
