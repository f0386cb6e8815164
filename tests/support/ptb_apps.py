"""A bare python-telegram-bot Application on the fake Bot API, for the fake's own tests
(tests/e2e/test_fake_telegram_*.py): PTB as it is, without the quiz bot around it."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
from telegram.ext import AIORateLimiter, Application, ApplicationBuilder

from tests.fakes.telegram_api import SPEC_FILE, FakeTelegramAPI, find_specs_dir

App = Application[Any, Any, Any, Any, Any, Any]
TOKEN = "4242424242:TEST-token"
_SPECS = find_specs_dir()
needs_spec = pytest.mark.skipif(
    _SPECS is None or not (_SPECS / SPEC_FILE).is_file(),
    reason=f"Bot API description {SPEC_FILE} not found (set QUIZBOT_SPECS_DIR or provide "
    "../shared/specs next to the repository)",
)


def build_app(fake: FakeTelegramAPI, token: str = TOKEN, *, rate_limited: bool = False) -> App:
    builder: ApplicationBuilder[Any, Any, Any, Any, Any, Any] = ApplicationBuilder()
    builder = builder.token(token).base_url(fake.base_url)
    builder = builder.base_file_url(fake.base_file_url)
    if rate_limited:
        builder = builder.rate_limiter(AIORateLimiter(max_retries=2))
    return builder.build()


@contextlib.asynccontextmanager
async def polling(app: App) -> AsyncIterator[App]:
    """Run the application the way production does, with a 1 s long poll."""
    async with app:
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(poll_interval=0, timeout=1)
        try:
            yield app
        finally:
            await app.updater.stop()
            await app.stop()
