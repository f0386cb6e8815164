"""Button presses from distinct users, spread over one second, through the real
python-telegram-bot and the loopback fake Bot API (tests/fakes), both in this process.

Measured from the press (the update is queued at the fake) to the bot's answerCallbackQuery.
Baseline, same run: a minimal python-telegram-bot app with default (sequential) update
handling that answers every press and stores nothing. A second minimal app sends the quiz
bot's own question message (text and six buttons) and answers with an alert as long as the
quiz bot's: the share of the difference that is the payload, not the bot's own work. A third
is the second over the quiz bot's HTTP client (adapters/telegram_http.py, aiohttp under
httpx): what is left of the difference is the quiz bot's own work.

    python bench/telegram_burst.py [--quick]
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from _common import QUIZZES, arguments, percentile, scratch, table
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import Application, ApplicationBuilder, CallbackQueryHandler, ContextTypes
from telegram.request import BaseRequest

from adapters.telegram_adapter import BOT_CONNECTIONS, TelegramSetup, build_application
from adapters.telegram_http import AiohttpRequest
from bot.catalog import load_catalog
from bot.render import ALERT_LIMIT
from tests.fakes.telegram_api import FakeTelegramAPI

TOKEN = "4242424242:BENCH-token-value"
GROUP = -100900
App = Application[Any, Any, Any, Any, Any, Any]


class TimedFake(FakeTelegramAPI):
    """The fake, noting when each callback query is answered."""

    def __init__(self) -> None:
        super().__init__()
        self.answered_at: dict[str, float] = {}
        self.all_answered = asyncio.Event()
        self.expected = 0

    async def _answer_callback_query(self, params: dict[str, Any], token: str) -> bool:
        self.answered_at[str(params["callback_query_id"])] = time.perf_counter()
        if len(self.answered_at) >= self.expected:
            self.all_answered.set()
        return await super()._answer_callback_query(params, token)


async def minimal_app(fake: TimedFake, directory: Path) -> tuple[App, int, str]:
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("A", callback_data="a")]])
    return await _minimal(fake, "question", markup, "ok")


async def minimal_app_quiz_payload(fake: TimedFake, directory: Path) -> tuple[App, int, str]:
    return await _minimal(fake, *_quiz_payload())


async def minimal_app_quiz_payload_aiohttp(
    fake: TimedFake, directory: Path
) -> tuple[App, int, str]:
    """The same, sending its requests through the quiz bot's HTTP client."""
    return await _minimal(fake, *_quiz_payload(), request=AiohttpRequest(BOT_CONNECTIONS))


def _quiz_payload() -> tuple[str, InlineKeyboardMarkup, str]:
    """The quiz bot's first question, as it posts it, and an alert of the same length."""
    quiz = load_catalog(QUIZZES)["parallelism"]
    question = quiz.questions[0]
    markup = InlineKeyboardMarkup(
        [
            [InlineKeyboardButton(letter, callback_data=f"v1:a:1:{letter}") for letter in "ABCD"],
            [InlineKeyboardButton("Reveal", callback_data="v1:r:1")],
            [InlineKeyboardButton("📖 Explanation", url="https://t.me/quizbot?start=ex_1")],
        ]
    )
    choices = "\n".join(
        f"{letter}. {choice.en}" for letter, choice in zip("ABCD", question.choices, strict=True)
    )
    text = f"{quiz.title.en} · Question 1/8\n\n{question.prompt.en}\n\n{choices}"
    alert = (f"✅ Right: {question.explanation.en}")[:ALERT_LIMIT]
    return text, markup, alert


async def _minimal(
    fake: TimedFake,
    text: str,
    markup: InlineKeyboardMarkup,
    alert: str,
    request: BaseRequest | None = None,
) -> tuple[App, int, str]:
    async def answer(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.callback_query is not None
        await update.callback_query.answer(alert, show_alert=True)

    builder: ApplicationBuilder[Any, Any, Any, Any, Any, Any] = ApplicationBuilder()
    builder = builder.token(TOKEN).base_url(fake.base_url)
    app = (builder if request is None else builder.request(request)).build()
    app.add_handler(CallbackQueryHandler(answer))
    await start(app)
    message = await app.bot.send_message(GROUP, text, reply_markup=markup)
    data = markup.inline_keyboard[0][0].callback_data
    assert isinstance(data, str)
    return app, message.message_id, data


async def quiz_app(fake: TimedFake, directory: Path) -> tuple[App, int, str]:
    setup = TelegramSetup(TOKEN, directory / "quiz.db", load_catalog(QUIZZES), fake.url)
    app = build_application(setup)
    await start(app)
    host = fake.user(1, "Host")
    fake.send_command(GROUP, host, "/quiz parallelism 8 600")
    call = await fake.wait_for("sendMessage", lambda p: "reply_markup" in p)
    keyboard = call.params["reply_markup"]["inline_keyboard"]
    return app, call.response["result"]["message_id"], keyboard[0][0]["callback_data"]


async def start(app: App) -> None:
    """As `run_polling` does, without owning the event loop."""
    await app.initialize()
    if app.post_init is not None:
        await app.post_init(app)
    await app.start()
    assert app.updater is not None
    await app.updater.start_polling(poll_interval=0, timeout=1)


async def stop(app: App) -> None:
    assert app.updater is not None
    await app.updater.stop()
    await app.stop()
    if app.post_stop is not None:
        await app.post_stop(app)
    await app.shutdown()
    if app.post_shutdown is not None:
        await app.post_shutdown(app)


Builder = Callable[[TimedFake, Path], Awaitable[tuple[App, int, str]]]


async def burst(build: Builder, presses: int, directory: Path) -> tuple[float, float, float]:
    """(answers/s, p50 ms, p99 ms) for `presses` distinct users over one second."""
    fake = TimedFake()
    await fake.start()
    fake.group(GROUP, "Bench group")
    app, message_id, data = await build(fake, directory)
    users = [fake.user(1000 + n, f"Player {n}") for n in range(presses)]
    fake.expected = presses
    pressed_at: dict[str, float] = {}
    loop = asyncio.get_running_loop()

    def press(user: dict[str, Any]) -> None:
        query_id = fake.press(GROUP, user, message_id, data, strict=False)
        pressed_at[query_id] = time.perf_counter()

    began = loop.time()
    for number, user in enumerate(users):
        loop.call_at(began + number / presses, press, user)
    await asyncio.wait_for(fake.all_answered.wait(), timeout=60)
    await stop(app)
    await fake.stop()
    latencies = [fake.answered_at[q] - pressed_at[q] for q in pressed_at]
    span = max(fake.answered_at.values()) - min(pressed_at.values())
    assert len(fake.answered_at) == presses
    assert not fake.errors, fake.errors
    return presses / span, percentile(latencies, 0.5) * 1e3, percentile(latencies, 0.99) * 1e3


APPS: tuple[tuple[str, Builder], ...] = (
    ("minimal app", minimal_app),
    ("minimal app, quiz payload", minimal_app_quiz_payload),
    ("minimal app, quiz payload, aiohttp", minimal_app_quiz_payload_aiohttp),
    ("quiz bot", quiz_app),
)


async def main() -> None:
    quick = arguments(__doc__ or "").quick
    sizes = (30, 100) if quick else (300, 1_000)
    rows = []
    with scratch() as directory:
        for presses in sizes:
            for name, build in APPS:
                run_dir = directory / f"{name.replace(' ', '-')}-{presses}"
                run_dir.mkdir()
                rate, p50, p99 = await burst(build, presses, run_dir)
                rows.append([presses, name, f"{rate:,.0f}", f"{p50:.1f}", f"{p99:.1f}"])
    print(table(["presses in 1 s", "app", "answers/s", "p50 ms", "p99 ms"], rows))


if __name__ == "__main__":
    asyncio.run(main())
