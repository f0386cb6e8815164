"""What a chat quiz's key costs the shelf to look up, cold and again, on a SQLite file.

A 500-question chat quiz (the upload limit), stored valid and stored invalid (its last answer
names no choice, so the whole file is validated before it fails), and a key naming no quiz.
Figures: p50 of a lookup used again (`ChatQuizShelf.by_key`), and the wall time and store reads
of 20 concurrent cold lookups of one key; baseline, same run and same store: a read and a
validation per lookup, what the shelf did for misses and concurrent cold reads before.

    python bench/chat_shelf.py [--quick]
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from _common import arguments, p50_ms, scratch, table

from bot.catalog.chat_shelf import ChatQuizShelf
from bot.catalog.loader import QuizError
from bot.catalog.uploads import ReadUpload, load_stored, read_upload
from bot.domain import uploads
from bot.domain.models import Quiz
from bot.storage.sqlite.store import SQLiteStore
from tests.support.store_rows import NOW
from tests.support.uploads import CountingSource, gift

CHAT, CONCURRENT = "tg:-100", 20


async def baseline(source: CountingSource, key: str) -> Quiz | None:
    """A read and a validation, every time."""
    serial = uploads.key_serial(key)
    assert serial is not None
    stored = await source.chat_quiz(serial)
    if stored is None or stored.key != key:
        return None
    try:
        return await asyncio.to_thread(load_stored, stored)
    except QuizError:
        return None


Lookup = Callable[[str], Awaitable[Quiz | None]]


async def concurrent(lookup: Lookup, key: str) -> float:
    """Wall milliseconds of CONCURRENT lookups of one key at once."""
    began = time.perf_counter()
    await asyncio.gather(*(lookup(key) for _ in range(CONCURRENT)))
    return (time.perf_counter() - began) * 1000


async def used_again(store: SQLiteStore, key: str, reads: int) -> list[tuple[object, ...]]:
    """p50 of `reads` lookups of one key, and the store reads they made."""
    plain, counting = CountingSource(store), CountingSource(store)
    shelf = ChatQuizShelf(counting)
    then = await p50_ms(lambda: baseline(plain, key), reads)
    now = await p50_ms(lambda: shelf.by_key(key), reads)
    reads_row = ("used again, store reads", len(plain.reads), len(counting.reads))
    return [("used again (p50 ms)", f"{then:.2f}", f"{now:.3f}"), reads_row]


async def at_once(store: SQLiteStore, key: str) -> list[tuple[object, ...]]:
    """CONCURRENT cold lookups of one key: wall time and store reads."""
    plain, counting = CountingSource(store), CountingSource(store)
    then = await concurrent(lambda key: baseline(plain, key), key)
    now = await concurrent(ChatQuizShelf(counting).by_key, key)
    label = f"{CONCURRENT} cold at once"
    reads_row = (f"{label}, store reads", len(plain.reads), len(counting.reads))
    return [(f"{label} (wall ms)", f"{then:.1f}", f"{now:.1f}"), reads_row]


async def store_quizzes(store: SQLiteStore, questions: int) -> dict[str, str]:
    read = read_upload("big.gift", gift(questions))
    assert isinstance(read, ReadUpload)
    broken = read.source.replace("id: big\n", "id: broken\n", 1)
    invalid = broken[: broken.rindex("answer: A")] + "answer: Z\n"
    keys = {}
    for name, quiz_id, source in (("valid", "big", read.source), ("invalid", "broken", invalid)):
        saved = await store.save_chat_quiz(CHAT, quiz_id, source, "q.yaml", "tg:1", NOW, 50)
        assert saved is not None
        keys[name] = uploads.chat_quiz_key(quiz_id, saved[0])
    keys["missing"] = "gone@999999"
    return keys


def named(name: str, rows: list[tuple[object, ...]]) -> list[tuple[object, ...]]:
    return [(f"{name}, {row[0]}", *row[1:]) for row in rows]


async def main(quick: bool) -> None:
    logging.disable(logging.WARNING)  # the invalid quiz's warning, once per shelf
    questions, reads = (50, 5) if quick else (uploads.MAX_UPLOAD_QUESTIONS, 30)
    rows = []
    with scratch() as folder:
        store = await SQLiteStore.open(folder / "shelf.db")
        try:
            keys = await store_quizzes(store, questions)
            for name in ("missing", "invalid"):
                rows += named(name, await used_again(store, keys[name], reads))
            for name in ("valid", "invalid"):
                rows += named(name, await at_once(store, keys[name]))
        finally:
            await store.close()
    print(table(("lookup", "baseline: read + validate each", "shelf"), rows))
    print(f"\n(a chat quiz of {questions} questions, on a SQLite file)")


if __name__ == "__main__":
    asyncio.run(main(arguments(__doc__ or "").quick))
