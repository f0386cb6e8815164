"""The upload limits under load, on both stores (a real SQLite file, the real PostgreSQL):
the hourly count and the chat's quiz count are checked and written in one step, so uploads
at once in a chat at a limit store exactly the number allowed, and no upload fails."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

from bot.domain import uploads
from bot.domain.models import Quiz
from bot.domain.uploads import Uploaded
from bot.play.service import QuizService
from bot.storage.interface import Store
from tests.support.clocks import FakeClock
from tests.support.store_rows import NOW
from tests.support.uploads import RecordingFetch, gift

CHAT, OTHER = "tg:-100", "tg:-200"
HOUR = timedelta(hours=1)


async def side_by_side(store: Store) -> None:
    """Open a PostgreSQL pool's connections first, so that what is gathered next runs side by
    side, as in a busy deployment, not one connection opening after the other."""
    await asyncio.gather(*(store.chat_quiz_entries(OTHER) for _ in range(10)))


async def test_uploads_at_once_at_the_hourly_limit_count_exactly_the_allowed(
    store: Store,
) -> None:
    for minute in range(7):
        at = NOW + timedelta(minutes=minute)
        assert await store.record_upload(CHAT, "tg:1", at, at - HOUR, 10) == minute + 1
    later = NOW + timedelta(minutes=30)
    await side_by_side(store)
    counted = await asyncio.gather(
        *(store.record_upload(CHAT, f"tg:{n}", later, later - HOUR, 10) for n in range(12))
    )
    assert sorted(count for count in counted if count is not None) == [8, 9, 10]
    assert counted.count(None) == 9
    assert await store.uploads_since(CHAT, later - HOUR) == 10
    assert await store.record_upload(OTHER, "tg:1", later, later - HOUR, 10) == 1


async def test_new_quizzes_at_once_at_the_quiz_limit_store_exactly_the_allowed(
    store: Store,
) -> None:
    for quiz_id in ("a", "b"):
        assert await store.save_chat_quiz(CHAT, quiz_id, "yaml", "f", "tg:1", NOW, 3)
    await side_by_side(store)
    saved = await asyncio.gather(
        *(store.save_chat_quiz(CHAT, f"new{n}", "yaml", "f", "tg:1", NOW, 3) for n in range(10))
    )
    assert len([one for one in saved if one is not None]) == 1
    assert len(await store.chat_quiz_entries(CHAT)) == 3


async def test_one_new_id_uploaded_at_once_is_stored_once_then_replaced(store: Store) -> None:
    await side_by_side(store)
    saved = await asyncio.gather(
        *(store.save_chat_quiz(CHAT, "gpu", f"v{n}", "f", "tg:1", NOW, 50) for n in range(6))
    )
    assert all(one is not None for one in saved)
    assert len({one[0] for one in saved if one is not None}) == 1
    assert sorted(one[1] for one in saved if one is not None) == [False] + [True] * 5
    assert len(await store.chat_quiz_entries(CHAT)) == 1


async def test_uploads_at_once_in_a_fresh_chat_give_exactly_ten_quizzes(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    service = QuizService(store, quizzes, clock=clock, rng=random.Random(3))
    fetches = [RecordingFetch(gift(2)) for _ in range(14)]
    await side_by_side(store)
    outcomes = await asyncio.gather(
        *(
            service.chat_quizzes.upload(CHAT, "tg:1", f"quiz-{n}.gift", None, fetch)
            for n, fetch in enumerate(fetches)
        )
    )
    stored = [outcome for outcome in outcomes if isinstance(outcome, Uploaded)]
    refused = [n for n, outcome in enumerate(outcomes) if outcome == uploads.RATE_LIMITED]
    assert len(stored) == uploads.MAX_UPLOADS_PER_HOUR
    assert len(refused) == len(outcomes) - uploads.MAX_UPLOADS_PER_HOUR
    assert all(fetches[n].calls == 0 for n in refused)  # refused ones downloaded nothing
    assert len(await store.chat_quiz_entries(CHAT)) == uploads.MAX_UPLOADS_PER_HOUR
    since = clock.now() - uploads.RATE_WINDOW
    assert await store.uploads_since(CHAT, since) == uploads.MAX_UPLOADS_PER_HOUR
