"""Logging for the long-running bots: readable lines, and tokens never written anywhere."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable

REDACTED = "[REDACTED]"


class RedactSecrets(logging.Filter):
    """Replaces secrets in messages and tracebacks (HTTP libraries put tokens in URLs)."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self.secrets = [secret for secret in secrets if secret]

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        record.msg, record.args = self.redact(message), ()
        if record.exc_info:
            record.exc_text = self.redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


def log_level() -> int:
    """QUIZBOT_LOG_LEVEL (DEBUG, INFO, WARNING...), INFO when unset or unknown."""
    level = logging.getLevelName(os.environ.get("QUIZBOT_LOG_LEVEL", "INFO").strip().upper())
    return level if isinstance(level, int) else logging.INFO


def configure_logging() -> None:
    logging.basicConfig(
        level=log_level(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # httpx logs every request URL at INFO, and Telegram's URLs contain the token.
    logging.getLogger("httpx").setLevel(logging.WARNING)


def redact_secrets(secrets: Iterable[str]) -> None:
    """Install the filter on every root handler, where propagated records pass."""
    secrets = list(secrets)
    root = logging.getLogger()
    if not root.handlers:
        configure_logging()
    for handler in root.handlers:
        handler.addFilter(RedactSecrets(secrets))
