"""Button presses from distinct users, spread over one second, through the real
python-telegram-bot and the loopback fake Bot API (tests/fakes).

Each app runs in a process of its own, as bots run: the quiz bot as `quizbot run telegram`,
the way users start it, and the fake in this one, which presses and times. Measured from the
press (the update is queued at the fake) to the bot's answerCallbackQuery. Baseline, same
run: a minimal python-telegram-bot app with default (sequential) update handling that
answers every press and stores nothing. A second minimal app sends the quiz bot's own
question message (text and six buttons) and answers with an alert as long as the quiz
bot's: the share of the difference that is the payload, not the bot's own work. A third is
the second over the quiz bot's HTTP client (adapters/telegram_bot/http_client.py, aiohttp
under httpx): what is left of the difference is the quiz bot's own work.

    python bench/telegram_burst.py [--quick]

(`--serve APP --api URL` runs one minimal app until SIGTERM: how this script starts them.)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from _common import QUIZZES, ROOT, parser, percentile, scratch, table
from _histories import write_quiz_pasts
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import Application, ApplicationBuilder, CallbackQueryHandler, ContextTypes
from telegram.request import BaseRequest

from adapters.telegram_bot.app import BOT_CONNECTIONS
from adapters.telegram_bot.http_client import AiohttpRequest
from bot.catalog.installed import load_catalog
from bot.domain.platform_limits import TELEGRAM_ALERT
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


QUIZ_BOT = "quiz bot"
QUIZ_BOT_CARDS = "quiz bot, cards with a group's past"
"""The quiz bot with every presser's review card of the burst's question given a past, as in
a group that has played for weeks (bench/_histories.py): each answer updates such a card."""
MINIMAL_APPS = ("minimal app", "minimal app, quiz payload", "minimal app, quiz payload, aiohttp")
APPS = (*MINIMAL_APPS, QUIZ_BOT, QUIZ_BOT_CARDS)
FIRST_USER = 1000


def _minimal_setup(name: str) -> tuple[str, InlineKeyboardMarkup, str, BaseRequest | None]:
    """A minimal app's question message, its alert, and its HTTP client (None: PTB's)."""
    if name == "minimal app":
        markup = InlineKeyboardMarkup([[InlineKeyboardButton("A", callback_data="a")]])
        return "question", markup, "ok", None
    request = AiohttpRequest(BOT_CONNECTIONS) if name.endswith("aiohttp") else None
    return (*_quiz_payload(), request)


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
    alert = (f"✅ Right: {question.explanation.en}")[:TELEGRAM_ALERT]
    return text, markup, alert


async def serve_minimal(name: str, base_url: str) -> None:
    """In a child process: one minimal app posts its question, then answers until SIGTERM."""
    text, markup, alert, request = _minimal_setup(name)

    async def answer(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.callback_query is not None
        await update.callback_query.answer(alert, show_alert=True)

    builder: ApplicationBuilder[Any, Any, Any, Any, Any, Any] = ApplicationBuilder()
    builder = builder.token(TOKEN).base_url(base_url)
    app = (builder if request is None else builder.request(request)).build()
    app.add_handler(CallbackQueryHandler(answer))
    stopping = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopping.set)
    await start(app)
    await app.bot.send_message(GROUP, text, reply_markup=markup)
    await stopping.wait()
    await stop(app)


async def start(app: App) -> None:
    """As `run_polling` does, without owning the event loop."""
    await app.initialize()
    await app.start()
    assert app.updater is not None
    await app.updater.start_polling(poll_interval=0, timeout=1)


async def stop(app: App) -> None:
    assert app.updater is not None
    await app.updater.stop()
    await app.stop()
    await app.shutdown()


async def launch(name: str, fake: TimedFake, directory: Path) -> asyncio.subprocess.Process:
    """The app's own process; its output goes to files, which a chatty log cannot fill."""
    if name in (QUIZ_BOT, QUIZ_BOT_CARDS):
        command = ["-m", "adapters.cli", "run", "telegram"]
        settings = {
            "TELEGRAM_TOKEN": TOKEN,
            "TELEGRAM_API_URL": fake.url,
            "QUIZBOT_DB": str(directory / "quiz.db"),
            "QUIZBOT_LOG_LEVEL": "WARNING",
        }
    else:
        command, settings = [__file__, "--serve", name, "--api", fake.base_url], {}
    with (directory / "app.out").open("wb") as out, (directory / "app.err").open("wb") as err:
        return await asyncio.create_subprocess_exec(
            sys.executable, *command, cwd=ROOT, env={**os.environ, **settings},
            stdout=out, stderr=err,
        )  # fmt: skip


async def question_of(name: str, fake: TimedFake, process: asyncio.subprocess.Process,
                      directory: Path) -> tuple[int, str]:  # fmt: skip
    """The message id and first button of the question the app posted."""
    if name in (QUIZ_BOT, QUIZ_BOT_CARDS):
        fake.send_command(GROUP, fake.user(1, "Host"), "/quiz parallelism 8 600")
    try:
        call = await fake.wait_for("sendMessage", lambda p: "reply_markup" in p, timeout=60)
    except TimeoutError:
        output = (directory / "app.err").read_text(errors="replace")
        problem = f"{name} posted no question (exit {process.returncode}):\n{output}"
        raise RuntimeError(problem) from None
    keyboard = call.params["reply_markup"]["inline_keyboard"]
    return call.response["result"]["message_id"], keyboard[0][0]["callback_data"]


async def burst(name: str, presses: int, directory: Path) -> tuple[float, float, float]:
    """(answers/s, p50 ms, p99 ms) for `presses` distinct users over one second."""
    fake = TimedFake()
    await fake.start()
    fake.group(GROUP, "Bench group")
    if name == QUIZ_BOT_CARDS:  # the burst's question is the bot's pick: every question's
        users = [f"tg:{FIRST_USER + n}" for n in range(presses)]
        await write_quiz_pasts(directory / "quiz.db", "group", users, "parallelism")
    process = await launch(name, fake, directory)
    try:
        message_id, data = await question_of(name, fake, process, directory)
        users = [fake.user(FIRST_USER + n, f"Player {n}") for n in range(presses)]
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
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), timeout=30)
        await fake.stop()
    if process.returncode != 0:
        output = (directory / "app.err").read_text(errors="replace")
        raise RuntimeError(f"{name} exited with {process.returncode}:\n{output}")
    latencies = [fake.answered_at[q] - pressed_at[q] for q in pressed_at]
    span = max(fake.answered_at.values()) - min(pressed_at.values())
    assert len(fake.answered_at) == presses
    assert not fake.errors, fake.errors
    return presses / span, percentile(latencies, 0.5) * 1e3, percentile(latencies, 0.99) * 1e3


async def main(options: argparse.Namespace) -> None:
    sizes = (30, 100) if options.quick else (300, 1_000)
    rows, ratios = [], []
    with scratch() as directory:
        for presses in sizes:
            rates = {}
            for name in APPS:
                run_dir = directory / f"{len(rows)}-{presses}"
                run_dir.mkdir()
                rate, p50, p99 = await burst(name, presses, run_dir)
                rates[name] = rate
                rows.append([presses, name, f"{rate:,.0f}", f"{p50:.1f}", f"{p99:.1f}"])
            minimal = rates["minimal app"]
            ratios.append(
                [
                    presses,
                    f"{rates[QUIZ_BOT] / minimal:.2f}",
                    f"{rates[QUIZ_BOT_CARDS] / minimal:.2f}",
                ]
            )
    print(table(["presses in 1 s", "app", "answers/s", "p50 ms", "p99 ms"], rows))
    print()
    print(table(["presses in 1 s", "quiz bot ÷ minimal app", "with cards ÷ minimal app"], ratios))


if __name__ == "__main__":
    options = parser(__doc__ or "")
    options.add_argument("--serve", choices=MINIMAL_APPS, help=argparse.SUPPRESS)
    options.add_argument("--api", help=argparse.SUPPRESS)
    chosen = options.parse_args()
    asyncio.run(serve_minimal(chosen.serve, chosen.api) if chosen.serve else main(chosen))
