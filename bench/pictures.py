"""What a picture costs a Telegram post: a question posted with its picture against the same
question as text (the baseline), same run, through the quiz bot's own publisher
(adapters/telegram_bot/publisher.py), the real python-telegram-bot over the bot's HTTP client
and the loopback fake Bot API (tests/fakes), with a SQLite store for the file_ids.

Measured per post, from `post_question` called to the message stored at the fake:
- text: sendMessage (the baseline);
- picture, first post: sendPhoto uploading the bytes (multipart), file_id stored;
- picture, again: sendPhoto by the file_id kept in the store (every post after the first);
- formula, cold: a stacked formula drawn in the process pool, then uploaded;
- formula, cached: drawn before (memory), sent by file_id.
Kinds are interleaved post by post, each first in turn, so drift on the shared machine touches
them alike. The fake runs in this process: its own work counts in every row.

    python bench/pictures.py [--quick]
"""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import statistics
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from _common import QUIZZES, arguments, percentile, scratch, table
from PIL import Image, ImageDraw

from adapters.telegram_bot.http_client import AiohttpRequest
from adapters.telegram_bot.lifecycle import FollowingBot
from adapters.telegram_bot.photos import Photos
from adapters.telegram_bot.publisher import TelegramPublisher
from bot.catalog.installed import load_catalog
from bot.domain.clock import SystemClock
from bot.domain.entities import Player
from bot.domain.models import Picture, Text
from bot.domain.views import QuestionView
from bot.pictures.clean import clean
from bot.play.service import QuizService
from bot.storage.opening import open_store
from bot.text.math_picture import FormulaPictures
from tests.fakes.telegram_api import FakeTelegramAPI

TOKEN = "4242424242:BENCH-token-value"
GROUP = -100900


def schedule_png(seed: int) -> bytes:
    """A pipeline schedule as a diagram might draw it (800 × 360, blocks on a grid): about
    the size and kind of picture a study group posts. `seed` makes each one distinct."""
    image = Image.new("RGB", (800, 360), (250, 250, 245))
    draw = ImageDraw.Draw(image)
    for stage in range(4):
        for step in range(12):
            left = 40 + step * 60 + stage * 15
            top = 30 + stage * 80
            shade = (40 + 30 * stage, 90 + (step * 7 + seed) % 120, 160)
            draw.rectangle((left, top, left + 50, top + 60), fill=shade, outline=(20, 20, 20))
            draw.text((left + 18, top + 22), f"{step % 8}", fill=(255, 255, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def picture(seed: int) -> Picture:
    alt = Text("A 1F1B pipeline schedule", "Un calendrier de pipeline 1F1B")
    return clean(schedule_png(seed), "schedule.png").picture(alt, "schedule.png")


def stacked(number: int) -> Text:
    prompt = f"Is the bubble $$\\frac{{p-{number}}}{{m+p-{number}}}$$ smaller?"
    return Text(prompt, prompt)


Post = Callable[[], Awaitable[object]]


async def timed_ms(post: Post) -> float:
    began = time.perf_counter()
    await post()
    return (time.perf_counter() - began) * 1000


def row(label: str, times: list[float], baseline: float) -> tuple[object, ...]:
    p50 = statistics.median(times)
    return (label, f"{p50:.2f}", f"{percentile(times, 0.95):.2f}", f"{p50 / baseline:.2f}")


async def main() -> None:
    quick = arguments(__doc__ or "").quick
    posts = 5 if quick else 40
    quiz = load_catalog(QUIZZES)["parallelism"]
    async with FakeTelegramAPI() as fake:
        fake.group(GROUP, "Bench group", chat_type="supergroup")
        request = AiohttpRequest(connection_pool_size=8)  # the bot's own HTTP client
        bot = FollowingBot(TOKEN, base_url=fake.base_url, request=request)
        await bot.initialize()
        context = multiprocessing.get_context("forkserver")
        with scratch() as folder, ProcessPoolExecutor(1, mp_context=context) as drawing:
            store = await open_store(folder / "bench.db")
            formulas = FormulaPictures(folder / "formulas", drawing)
            await formulas.picture("w^0")  # the process starts and loads its fonts, once
            photos = Photos(bot, store, formulas, SystemClock())
            publisher = TelegramPublisher(bot, photos)
            service = QuizService(store, {quiz.id: quiz})
            started = await service.start_round(
                chat_id=f"tg:{GROUP}",
                player=Player("tg:1", "Host"),
                quiz_id=quiz.id,
                mode="group",
                seconds=None,
            )
            round_ = await service.get_round(started.round_id)
            view = await service.post_next(started.round_id)
            assert round_ is not None
            assert view is not None
            fresh = [picture(seed) for seed in range(posts)]
            kept = picture(10_000)
            await publisher.post_question(round_, _with(view, image=kept))  # its file_id
            await publisher.post_question(round_, _with(view, prompt=stacked(0)))  # drawn

            kinds: dict[str, Callable[[int], Post]] = {
                "text (baseline)": lambda n: lambda: publisher.post_question(round_, view),
                "picture, first post (upload)": lambda n: (
                    lambda: publisher.post_question(round_, _with(view, image=fresh[n]))
                ),
                "picture, again (file_id)": lambda n: (
                    lambda: publisher.post_question(round_, _with(view, image=kept))
                ),
                "formula, cold (drawn, upload)": lambda n: (
                    lambda: publisher.post_question(round_, _with(view, prompt=stacked(n + 1)))
                ),
                "formula, cached (file_id)": lambda n: (
                    lambda: publisher.post_question(round_, _with(view, prompt=stacked(0)))
                ),
            }
            times: dict[str, list[float]] = {kind: [] for kind in kinds}
            uploads_before = len(fake.uploads)
            order = list(kinds)
            for number in range(posts):
                turn = number % len(order)  # each kind goes first in turn: no place favoured
                for kind in order[turn:] + order[:turn]:
                    times[kind].append(await timed_ms(kinds[kind](number)))
            uploaded = fake.uploads[uploads_before:]
            await store.close()
        await bot.shutdown()
    baseline = statistics.median(times["text (baseline)"])
    rows = [row(kind, found, baseline) for kind, found in times.items()]
    print(table(["one question posted (ms)", "p50", "p95", "÷ text p50"], rows))
    sizes = sorted(len(upload.data) for upload in uploaded)
    print(
        f"\n{posts} posts of each kind, interleaved; {len(uploaded)} uploads "
        f"({2 * posts} expected: one per new picture, none for a kept file_id), "
        f"median {statistics.median(sizes) / 1024:.0f} KiB."
    )


def _with(view: QuestionView, **changes: object) -> QuestionView:
    return replace(view, question=replace(view.question, **changes))


if __name__ == "__main__":
    asyncio.run(main())
