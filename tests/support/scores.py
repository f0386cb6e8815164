"""Answer histories for the leaderboard tests (hypothesis strategies and a loader).

What the store reads from them must equal the scan of answers (tests/support/scan.py).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from hypothesis import strategies as st

from bot.domain.entities import Answer, NewPost
from bot.storage.interface import Store

START = datetime(2026, 3, 1, tzinfo=UTC)
"""A Sunday: the week buckets' boundary (Monday 00:00 UTC) is 24 hours in."""
WEEK_START = 24 * 60
NEAR_WEEK_START = st.integers(WEEK_START - 14 * 60, WEEK_START + 14 * 60)
"""Minutes where leaderboards sum week buckets and add or take away the span to `since`."""
CHATS = ("tg:-1", "tg:-2")
QUIZ_IDS = ("quiz-a", "quiz-b")
AnswerRow = tuple[int, str, str, int, bool, int]
"""(user, chat, quiz, minutes after START, correct, elapsed ms)"""

minutes = st.one_of(st.integers(0, 3 * 24 * 60), NEAR_WEEK_START)  # after START
since = st.one_of(  # minutes after START: any, a whole hour (no answers to read), or near
    st.none(),  # the week buckets' start
    st.integers(-60, 3 * 24 * 60 + 60),
    st.integers(-1, 73).map(lambda h: h * 60),
    NEAR_WEEK_START,
)


async def store_answers(store: Store, rows: Iterable[AnswerRow]) -> None:
    """One open question per chat and quiz, then every row's answer to it, all at once."""
    posts = {}
    for chat, quiz_id in itertools.product(CHATS, QUIZ_IDS):
        new = NewPost(chat, quiz_id, "q", (0, 1), 1, 1, START, None, None)
        posts[chat, quiz_id] = await store.create_post(new)
    await asyncio.gather(
        *(
            store.add_answer(
                Answer(
                    posts[chat, quiz_id].post_id,
                    f"tg:{user}",
                    0,
                    correct,
                    START + timedelta(minutes=minutes),
                    elapsed,
                ),
                posts[chat, quiz_id],
            )
            for user, chat, quiz_id, minutes, correct, elapsed in rows
        )
    )
