"""Runs the real python-telegram-bot Application, built as `quizbot run telegram` builds it,
against the loopback fake Bot API, with the clock and deadlines in the test's hands."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from adapters.telegram_bot.app import TelegramApp, TelegramSetup, build_application
from adapters.telegram_bot.commands import QuizApp
from bot.domain.models import Quiz
from bot.domain.report_links import LinkSigner
from bot.domain.views import QuestionView
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock, ManualTimers

TOKEN = "4242424242:TEST-secret-token-value"
GROUP = -100500


@dataclass
class Harness:
    fake: FakeTelegramAPI
    app: TelegramApp
    clock: FakeClock
    timers: ManualTimers
    errors: list[BaseException] = field(default_factory=list)

    @property
    def quiz(self) -> QuizApp:
        found: QuizApp = self.app.bot_data["quiz"]
        return found

    async def command(self, chat: Any, user: Any, text: str) -> dict[str, Any]:
        """Send a command and return the bot's first message to that chat after it."""
        since = len(self.fake.calls)
        self.fake.send_command(chat, user, text)
        call = await self.fake.wait_for(
            "sendMessage", lambda p: p["chat_id"] == _id(chat), since=since
        )
        result: dict[str, Any] = call.response["result"]
        return result

    async def press(
        self, chat: Any, user: Any, message_id: int, data: str, strict: bool = True
    ) -> dict[str, Any]:
        """Press a button and return the bot's answerCallbackQuery parameters."""
        query_id = self.fake.press(chat, user, message_id, data, strict=strict)
        call = await self.fake.wait_for(
            "answerCallbackQuery", lambda p: p["callback_query_id"] == query_id
        )
        return call.params

    async def advance(self, seconds: float) -> None:
        """Let time pass: deadlines and throttled edits due by then run now."""
        self.clock.advance(seconds)
        await self.timers.run_due()

    async def open_view(self) -> QuestionView:
        posts = await self.quiz.service.store.open_posts()
        assert len(posts) == 1, posts
        view = await self.quiz.service.view(posts[-1].post_id)
        assert view is not None
        return view

    async def right_and_wrong(self) -> tuple[str, str]:
        """Button data of the right and of a wrong letter of the open question."""
        view = await self.open_view()
        right = view.post.correct_letter_index(view.question)
        data = f"v1:a:{view.post.post_id}:"
        return data + "ABCD"[right], data + "ABCD"[(right + 1) % 4]


def only_flag(message: dict[str, Any]) -> bool:
    """Whether a message (or a request's parameters) has for buttons only a closed question's
    ⚑, the link that flags it in the private chat."""
    markup = message.get("reply_markup")
    if isinstance(markup, str):
        markup = json.loads(markup)
    rows = (markup or {}).get("inline_keyboard")
    if not rows or len(rows) != 1 or len(rows[0]) != 1:
        return False
    button = rows[0][0]
    return button.get("text") == "⚑" and "?start=flag_" in button.get("url", "")


def _id(chat: Any) -> int:
    return int(chat["id"]) if isinstance(chat, dict) else int(chat)


@contextlib.asynccontextmanager
async def running_bot(
    fake: FakeTelegramAPI,
    database: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    report_links: LinkSigner | None = None,
    file_url: str | None = None,
    cache: Path | None = None,
    formula_processes: int = 0,
) -> AsyncIterator[Harness]:
    """Start the bot the way `Application.run_polling` does, and stop it cleanly."""
    timers = ManualTimers(clock)
    fake.clock = lambda: clock.now().timestamp()  # messages are dated by the test's clock
    harness_errors: list[BaseException] = []
    setup = TelegramSetup(
        token=TOKEN,
        database=database,
        quizzes=quizzes,
        api_url=fake.url,
        clock=clock,
        timers=timers,
        sweep_every=None,  # timers run by hand; the sweep has its own tests (test_round_sweep)
        rng=random.Random(5),
        on_error=harness_errors.append,
        report_links=report_links,
        file_url=file_url,
        cache=cache,
        formula_processes=formula_processes,  # 0: the loop's thread pool, no process to start
    )
    app = build_application(setup)
    await app.initialize()
    assert app.post_init is not None
    await app.post_init(app)
    await app.start()
    assert app.updater is not None
    await app.updater.start_polling(poll_interval=0, timeout=1)
    harness = Harness(fake, app, clock, timers, harness_errors)
    try:
        yield harness
    finally:
        await app.updater.stop()
        await app.stop()
        await app.shutdown()
        assert app.post_shutdown is not None
        await app.post_shutdown(app)
    assert harness.errors == [], "a handler raised"


async def advance_to(bot: Harness, moment: datetime) -> None:
    """Let time pass until `moment`, stopping at each timer the way the event loop would."""
    while (when := bot.timers.next_due()) is not None and when <= moment:
        bot.clock.current = max(bot.clock.current, when)
        await bot.timers.run_due()
    bot.clock.current = moment
    await bot.timers.run_due()
    await bot.fake.drained()
