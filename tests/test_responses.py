"""Answers given in steps (bot/play/responses.py), on both stores: each member's picks on a
shared post are their own and count only when submitted before the close, and a line typed in
the private chat answers the typed question the member was asked last."""

from __future__ import annotations

import dataclasses

from bot.catalog.loader import load_quiz
from bot.domain.entities import Mode, Player
from bot.domain.models import Quiz
from bot.domain.rules import Accepted, AlreadyAnswered, Refusal, Refused
from bot.domain.views import PressResult, QuestionView
from bot.play.responses import Picking, Responses
from bot.storage.interface import Store
from tests.support.clocks import FakeClock
from tests.support.paths import TYPES
from tests.support.rounds import ANA, BEN, RecordingPublisher, make_runner

EVERY = load_quiz(TYPES / "every-type.yaml")
GROUP = "tg:-5"


def only(question_id: str) -> Quiz:
    question = EVERY.question(question_id)
    assert question is not None
    return dataclasses.replace(EVERY, questions=(question,))


async def posted(responses: Responses, chat: str, mode: Mode = "group") -> QuestionView:
    service = responses.service
    started = await service.start_round(chat_id=chat, player=ANA, quiz_id=EVERY.id, mode=mode)
    view = await service.post_next(started.round_id)
    assert view is not None
    return view


async def test_picks_are_each_members_and_count_only_once_submitted(
    store: Store, clock: FakeClock
) -> None:
    runner, _ = make_runner(store, {EVERY.id: only("primes")}, clock, RecordingPublisher())
    responses = Responses(runner)
    view = await posted(responses, GROUP)
    post_id, order = view.post.post_id, view.post.order
    a, c = order.index(0), order.index(2)  # the letters of "2" and "7", the right ones

    async def tap(player: Player, letter: int) -> PressResult | Picking:
        return await responses.tap(chat_id=GROUP, player=player, post_id=post_id, letter=letter)

    assert await tap(ANA, a) == Picking(view, (a,))
    assert await tap(BEN, c) == Picking(view, (c,))
    chris = dataclasses.replace(BEN, user_id="tg:3")
    nothing = await responses.submit(chat_id=GROUP, player=chris, post_id=post_id)
    assert nothing == Picking(view, ())  # nothing picked: nothing judged
    half = await responses.submit(chat_id=GROUP, player=BEN, post_id=post_id)
    assert isinstance(half, PressResult)
    assert isinstance(half.outcome, Accepted)
    assert not half.outcome.answer.correct  # "7" alone: "2" missed
    assert await store.picks(post_id, ANA.user_id) == (a,)  # Ana's picks are still hers
    await tap(ANA, c)
    done = await responses.submit(chat_id=GROUP, player=ANA, post_id=post_id)
    assert isinstance(done, PressResult)
    assert isinstance(done.outcome, Accepted)
    assert done.outcome.answer.correct
    again = await tap(ANA, a)
    assert isinstance(again, PressResult)
    assert isinstance(again.outcome, AlreadyAnswered)
    await responses.service.close(post_id)
    assert await store.picks(post_id, ANA.user_id) == ()  # dropped with the close


async def test_a_submit_after_the_close_counts_nothing(store: Store, clock: FakeClock) -> None:
    runner, _ = make_runner(store, {EVERY.id: only("primes")}, clock, RecordingPublisher())
    responses = Responses(runner)
    view = await posted(responses, GROUP)
    post_id = view.post.post_id
    await responses.tap(chat_id=GROUP, player=ANA, post_id=post_id, letter=0)
    await responses.service.close(post_id)
    late = await responses.submit(chat_id=GROUP, player=ANA, post_id=post_id)
    assert isinstance(late, PressResult)
    assert late.outcome == Refused(Refusal.CLOSED)
    assert await store.get_answer(post_id, ANA.user_id) is None


async def test_a_typed_line_answers_the_question_asked_last(
    store: Store, clock: FakeClock
) -> None:
    runner, _ = make_runner(store, {EVERY.id: only("capital")}, clock, RecordingPublisher())
    responses = Responses(runner)
    group_post = await posted(responses, GROUP)
    assert await responses.typed(chat_id=ANA.user_id, player=ANA, line="Paris") is None
    opened = await responses.open_typed(ANA, group_post.post.post_id)
    assert opened == group_post
    clock.advance(5)
    practice = await posted(responses, ANA.user_id, "solo")  # asked after the link: first
    first = await responses.typed(chat_id=ANA.user_id, player=ANA, line="Paris")
    assert first is not None
    assert first.view is not None
    assert first.view.post.post_id == practice.post.post_id
    await responses.service.close(practice.post.post_id)  # the practice moves on
    second = await responses.typed(chat_id=ANA.user_id, player=ANA, line="paris")
    assert second is not None
    assert isinstance(second.outcome, Accepted)
    assert second.outcome.answer.post_id == group_post.post.post_id
    assert await store.awaited(ANA.user_id) is None  # answered: nothing waits any more
