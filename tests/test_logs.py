"""Tokens never reach a log line, whether in a message, its arguments or a traceback."""

from __future__ import annotations

import io
import logging

from adapters.logs import REDACTED, RedactSecrets

TOKEN = "123456:AAE-secret-token"


def test_token_is_redacted_from_messages_arguments_and_tracebacks() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RedactSecrets([TOKEN]))
    logger = logging.getLogger("test.redaction")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.error("POST https://api.telegram.org/bot%s/getMe", TOKEN)
        try:
            raise RuntimeError(f"The token `{TOKEN}` was rejected by the server.")
        except RuntimeError:
            logger.exception("start-up failed")
    finally:
        logger.removeHandler(handler)
    output = stream.getvalue()
    assert TOKEN not in output
    assert f"/bot{REDACTED}/getMe" in output
    assert f"The token `{REDACTED}` was rejected" in output
