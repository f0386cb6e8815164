"""Flagged and hidden questions on both stores: the daily limit, what `/flags` reads, and a
hidden question never drawn in its chat (rounds, weak spots, daily posts, review sessions)
while other chats still get it."""

from __future__ import annotations

import asyncio
import itertools
import random
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.telegram_bot.publisher import FLAG_START
from bot.domain import payload
from bot.domain.entities import Answer, NewPost, Player, split_ref
from bot.domain.flags import FLAGS_PER_DAY, FlagOutcome, NewFlag, Reason
from bot.domain.models import Quiz
from bot.domain.platform_limits import (
    DISCORD_BUTTON_LABEL,
    DISCORD_CUSTOM_ID,
    TELEGRAM_CALLBACK_DATA,
)
from bot.domain.review_sessions import ReviewSession
from bot.domain.views import QuestionView
from bot.play.flags import Done, FlagDesk
from bot.play.review import ReviewRunner
from bot.play.service import QuizService
from bot.play.weak_rounds import WeakSpots
from bot.storage.interface import Store
from bot.storage.opening import open_store
from bot.text.flag_texts import reason_label
from bot.text.i18n import t
from tests.support.clocks import FakeClock
from tests.support.daily import daily_runner, run_until, set_daily

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
CHAT, OTHER = "tg:-1", "tg:-2"


def flag(user: str, question: str, at: datetime, reason: Reason = Reason.WRONG) -> NewFlag:
    return NewFlag(CHAT, "parallelism", question, user, reason, at)


async def test_a_member_flags_at_most_five_questions_a_day_and_changes_a_reason_freely(
    store: Store,
) -> None:
    questions = [f"q{n}" for n in range(FLAGS_PER_DAY + 1)]
    outcomes = [await store.add_flag(flag("tg:1", q, NOW)) for q in questions]
    assert outcomes == [FlagOutcome.ADDED] * FLAGS_PER_DAY + [FlagOutcome.LIMITED]
    again = await store.add_flag(flag("tg:1", "q0", NOW, Reason.TYPO))
    assert again is FlagOutcome.CHANGED  # not a new flag: allowed at the limit
    assert await store.add_flag(flag("tg:2", "q5", NOW)) is FlagOutcome.ADDED  # per member
    later = NOW + timedelta(days=1, seconds=1)
    assert await store.add_flag(flag("tg:1", "q5", later)) is FlagOutcome.ADDED
    listed = {f.question_id: f for f in await store.chat_flags(CHAT)}
    assert sorted(listed) == questions
    assert listed["q0"].reasons == {Reason.TYPO: 1}
    assert listed["q5"].count == 2


async def test_concurrent_flags_never_pass_the_limit(store: Store) -> None:
    made = await asyncio.gather(
        *(store.add_flag(flag("tg:1", f"q{n}", NOW)) for n in range(FLAGS_PER_DAY * 2))
    )
    assert made.count(FlagOutcome.ADDED) == FLAGS_PER_DAY


async def test_flags_list_with_reasons_and_latest_sentences_and_clear_and_hide(
    store: Store,
) -> None:
    for minute, (user, reason) in enumerate(
        [("tg:1", Reason.WRONG), ("tg:2", Reason.WRONG), ("tg:3", Reason.UNCLEAR),
         ("tg:4", Reason.OTHER), ("tg:5", Reason.WRONG)]
    ):  # fmt: skip
        await store.add_flag(flag(user, "megatron", NOW + timedelta(minutes=minute), reason))
        await store.set_flag_note(CHAT, "parallelism", "megatron", user, f"note {user}")
    (listed,) = await store.chat_flags(CHAT)
    assert listed.count == 5
    assert listed.reasons == {Reason.WRONG: 3, Reason.UNCLEAR: 1, Reason.OTHER: 1}
    assert listed.notes == ("note tg:5", "note tg:4", "note tg:3")  # newest first, three
    assert listed.latest == NOW + timedelta(minutes=4)
    assert not listed.hidden
    assert await store.hide_question(CHAT, "parallelism", "megatron", "tg:9", NOW)
    assert not await store.hide_question(CHAT, "parallelism", "megatron", "tg:9", NOW)
    assert (await store.chat_flags(CHAT))[0].hidden
    assert await store.clear_flags(CHAT, "parallelism", "megatron", NOW) == 5
    (still,) = await store.chat_flags(CHAT)  # dealt with: listed as hidden only
    assert (still.count, still.hidden, still.latest) == (0, True, NOW)
    assert await store.hidden_questions(CHAT) == {("parallelism", "megatron")}
    assert await store.hidden_questions(OTHER) == frozenset()
    assert await store.show_question(CHAT, "parallelism", "megatron")
    assert await store.hidden_questions(CHAT) == frozenset()
    assert await store.chat_flags(CHAT) == []
    assert await store.add_flag(flag("tg:1", "megatron", NOW)) is FlagOutcome.ADDED  # anew


async def test_admins_name_questions_as_listed(service: QuizService, clock: FakeClock) -> None:
    desk = FlagDesk(service)
    assert await desk.hide(CHAT, "parallelism/megatron", "tg:9") is Done.DONE
    assert await desk.hide(CHAT, "Parallelism/megatron", "tg:9") is Done.ALREADY
    assert await desk.hide(CHAT, "parallelism/nothing", "tg:9") is Done.UNKNOWN
    assert await desk.hide(CHAT, "megatron", "tg:9") is Done.UNKNOWN
    assert await desk.clear(CHAT, "parallelism/megatron") is Done.ALREADY  # no flag to clear
    assert await desk.show(CHAT, "parallelism/megatron") is Done.DONE
    assert await desk.show(CHAT, "parallelism/megatron") is Done.ALREADY


QUESTION_IDS = (
    "why-parallelism", "tensor-split", "pipeline-bubble", "microbatches", "tensor-intra-node",
    "megatron", "stage-transfers", "tensor-communication",
)  # fmt: skip
_chats = itertools.count(1)


class AskedInReview:
    """A review publisher that records the questions asked."""

    def __init__(self) -> None:
        self.asked: list[QuestionView] = []

    async def post_review_question(self, session: ReviewSession, view: QuestionView) -> str:
        self.asked.append(view)
        return f"msg-{view.post.post_id}"

    async def show_review_verdict(
        self, session: ReviewSession, view: QuestionView, answer: Answer
    ) -> None:
        return None

    async def post_review_summary(self, summary: object) -> None:
        return None


async def miss_everything(store: Store, chat: str, user: str, at: datetime) -> None:
    for question in QUESTION_IDS:
        post = await store.create_post(
            NewPost(chat, "parallelism", question, (0, 1, 2, 3), 1, 1, at, None, None)
        )
        await store.add_answer(
            Answer(post.post_id, user, 1, False, at, 2000), post, Player(user, user)
        )


async def reviewed(service: QuizService, chat: str, user: str) -> set[str]:
    """Every question a full review session asks the member in a chat."""
    publisher = AskedInReview()
    review = ReviewRunner(service, publisher)
    await review.start(chat_id=chat, channel_ref="", player=Player(user, user))
    answered = 0
    while len(publisher.asked) > answered:
        view = publisher.asked[answered]
        answered += 1
        right = view.post.correct_letter_index(view.question)
        result = await service.press(
            chat_id=chat, player=Player(user, user), post_id=view.post.post_id, letter_index=right
        )
        await review.after_answer(result)
    return {view.question.id for view in publisher.asked}


async def never_drawn(
    database: Path | str, quizzes: dict[str, Quiz], hidden: set[str], sizes: list[int], seed: int
) -> None:
    number = next(_chats)
    chat, other, user = f"tg:-{number}", f"tg:-{number}0", f"tg:{number}"
    store = await open_store(database)
    clock = FakeClock(NOW + timedelta(days=number * 40))  # each example in its own time
    service = QuizService(store, quizzes, clock=clock, rng=random.Random(seed))
    try:
        await miss_everything(store, chat, user, clock.now())
        await miss_everything(store, other, user, clock.now())
        clock.advance(60)
        for question in hidden:
            await FlagDesk(service).hide(chat, f"parallelism/{question}", "tg:9")
        for size in sizes:
            for where in (chat, other):
                started = await service.start_round(
                    chat_id=where, player=Player(user, user), quiz_id="parallelism",
                    mode="group", questions=size,
                )  # fmt: skip
                await store.end_round(started.round_id, "stopped", clock.now())
                assert where == other or not hidden & set(started.question_ids)
        elsewhere = await service.start_round(
            chat_id=other, player=Player(user, user), quiz_id="parallelism", mode="solo"
        )
        assert hidden <= set(elsewhere.question_ids)  # hidden in one chat only
        weak = await WeakSpots(service).new_round(
            chat_id=chat, channel_ref="", player=Player(user, user), mode="group", questions=8
        )
        assert not hidden & {split_ref(ref)[1] for ref in weak.question_ids}
        assert len(weak.question_ids) == 8 - len(hidden)
        assert await reviewed(service, chat, user) == set(QUESTION_IDS) - hidden
        clock.advance(60)  # a card is the member's everywhere: only what was hidden is left,
        assert await reviewed(service, other, user) == hidden  # and the other chat asks it
        runner, timers, posted = daily_runner(store, quizzes, clock)
        runner.service.rng = random.Random(seed)
        await set_daily(runner, chat, ["parallelism", "weak"])
        await run_until(timers, clock, clock.now() + timedelta(days=10))
        asked = [question for where, _, question in posted.posted if where == chat]
        await runner.off(chat, "")  # the examples share a database
        assert len(asked) == 10
        assert not hidden & set(asked)
    finally:
        await store.close()


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    hidden=st.sets(st.sampled_from(QUESTION_IDS), min_size=1, max_size=7),
    sizes=st.lists(st.integers(1, 8), min_size=1, max_size=4),
    seed=st.integers(0, 2**16),
)
def test_a_hidden_question_is_never_drawn_in_its_chat_and_still_is_elsewhere(
    database: Path | str, quizzes: dict[str, Quiz], hidden: set[str], sizes: list[int], seed: int
) -> None:
    asyncio.run(never_drawn(database, quizzes, hidden, sizes, seed))


def test_flag_button_data_fits_both_platforms_and_is_parsed_strictly() -> None:
    largest = payload.LARGEST_POST_ID
    made = [
        payload.encode(payload.FlagPress(largest)),
        payload.encode(payload.FlagReasonPress(largest, Reason.WRONG.value)),
        payload.encode(payload.FlagNote(largest)),
    ]
    assert all(len(data) <= min(TELEGRAM_CALLBACK_DATA, DISCORD_CUSTOM_ID) for data in made)
    assert [payload.decode(data) for data in made] == [
        payload.FlagPress(largest),
        payload.FlagReasonPress(largest, "w"),
        payload.FlagNote(largest),
    ]
    deep_link = f"{FLAG_START}{largest}"
    assert len(deep_link) <= 64
    assert re.fullmatch(r"[A-Za-z0-9_-]+", deep_link)
    for forged in ("v1:q:12:x", "v1:q:012:w", "v1:g:12:w", "v1:q:12:ww", "v1:n:"):
        with pytest.raises(payload.PayloadError):
            payload.decode(forged)
    assert payload.decode("v1:a:12:B") == payload.AnswerPress(12, 1)  # old buttons still work


@pytest.mark.parametrize("language", ["en", "fr"])
def test_flag_texts_fit_discord_modals_and_buttons(language: str) -> None:
    assert len(t(language, "flag.note_title")) <= 45  # a modal's title
    assert len(t(language, "flag.note_label")) <= 45  # a text input's label
    assert all(len(reason_label(r, language)) <= DISCORD_BUTTON_LABEL for r in Reason)
