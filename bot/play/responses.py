"""Answers given in steps: taps on a `multiple` or `order` post, kept as the member's picks
until they are complete, and a line typed in the private chat for a `text` or `number` post.

A shared post shows the same buttons to everyone, so each member's picks live in the store
(`bot/domain/selections.py` says how a tap changes them), and a typed answer to a group's post
is given in the private chat, where the store remembers which post the member is answering.
Either way the whole answer goes through `QuizService.respond`, judged and committed as one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.domain.entities import Player
from bot.domain.judging import Response
from bot.domain.question_types import TYPED
from bot.domain.rules import AlreadyAnswered, Refusal, Refused
from bot.domain.selections import PICKED, complete_order, tap
from bot.domain.views import PressResult, QuestionView
from bot.play.rounds import RoundRunner


@dataclass(frozen=True, slots=True)
class Picking:
    """A tap kept, not yet an answer: the member's picks so far on the post (positions)."""

    view: QuestionView
    picks: tuple[int, ...]


class Responses:
    """Taps, submits and typed lines, on top of the round runner (which edits the count)."""

    def __init__(self, runner: RoundRunner) -> None:
        self.runner = runner
        self.service = runner.service
        self.store = runner.service.store

    async def tap(
        self, *, chat_id: str, player: Player, post_id: int, letter: int
    ) -> PressResult | Picking:
        """A tap on a letter: a one-choice question is answered by it, as before; on a
        `multiple` or `order` post it changes the member's picks, and the last item of an
        order answers it."""
        view = await self.service.cached_view(post_id)
        if view is None or view.post.chat_id != chat_id or view.question.type not in PICKED:
            return await self.runner.press(
                chat_id=chat_id, player=player, post_id=post_id, letter_index=letter
            )
        refused = await self._refusal(view, player, letter)
        if refused is not None:
            return refused
        now = self.service.clock.now()
        picks = await self.store.change_picks(
            post_id, player.user_id, lambda picked: tap(picked, letter), now
        )
        if complete_order(view.question, picks):
            return await self._answer(view, player, picks)
        return Picking(view, picks)

    async def submit(self, *, chat_id: str, player: Player, post_id: int) -> PressResult | Picking:
        """Submit on a `multiple` post: the picks so far are the answer (none: nothing yet)."""
        view = await self.service.cached_view(post_id)
        if view is None or view.post.chat_id != chat_id or view.question.type != "multiple":
            return PressResult(Refused(Refusal.INVALID_CHOICE), None)
        refused = await self._refusal(view, player)
        if refused is not None:
            return refused
        picks = await self.store.picks(post_id, player.user_id)
        if not picks:
            return Picking(view, picks)
        return await self._answer(view, player, picks)

    async def _refusal(
        self, view: QuestionView, player: Player, letter: int | None = None
    ) -> PressResult | None:
        """Why a tap or submit changes nothing: answered already, closed, no such letter."""
        existing = await self.store.get_answer(view.post.post_id, player.user_id)
        if existing is not None:
            return PressResult(AlreadyAnswered(existing), view)
        if not view.post.is_open(self.service.clock.now()):
            return PressResult(Refused(Refusal.CLOSED), view)
        if letter is not None and not 0 <= letter < len(view.post.order):
            return PressResult(Refused(Refusal.INVALID_CHOICE), view)
        return None

    async def _answer(
        self, view: QuestionView, player: Player, picks: tuple[int, ...]
    ) -> PressResult:
        """Judge the picks as one answer. They stay in the store until the post closes (an
        answered member's taps are refused before they are read): a write less per answer."""
        post_id = view.post.post_id
        result = await self.service.respond(
            chat_id=view.post.chat_id, player=player, post_id=post_id, response=Response(picks)
        )
        return self.runner.counted(result)

    async def open_typed(self, player: Player, post_id: int) -> PressResult | QuestionView:
        """A member opened the private chat to type an answer to a post: their next line there
        answers it. The view to ask; a refusal if the post is closed or answered already."""
        view = await self.service.view(post_id)
        if view is None or view.question.type not in TYPED:
            return PressResult(Refused(Refusal.INVALID_CHOICE), None)
        refused = await self._refusal(view, player)
        if refused is not None:
            return refused
        await self.store.await_typed(player.user_id, post_id, self.service.clock.now())
        return view

    async def typed(self, *, chat_id: str, player: Player, line: str) -> PressResult | None:
        """A line a member typed in their private chat (`chat_id`): the answer to the typed
        question they were last asked, a group's post opened by a link or one asked in this
        chat (practice, review); None when no such question waits for them."""
        view = await self._typed_question(chat_id, player.user_id)
        if view is None:
            return None
        post_id = view.post.post_id
        result = await self.service.respond(
            chat_id=view.post.chat_id,
            player=player,
            post_id=post_id,
            response=Response(typed=line),
        )
        outcome = result.outcome
        if not (isinstance(outcome, Refused) and outcome.reason is Refusal.INVALID_CHOICE):
            await self.store.stop_awaiting(player.user_id, post_id)  # answered, or closed
        return self.runner.counted(result)

    async def _typed_question(self, chat_id: str, user_id: str) -> QuestionView | None:
        """The latest of: the post awaited from a link, and this chat's own open question."""
        candidates: list[tuple[datetime, QuestionView]] = []
        awaited = await self.store.awaited(user_id)
        if awaited is not None:
            view = await self.service.view(awaited[0])
            if view is not None:
                candidates.append((awaited[1], view))
        own = await self._asked_here(chat_id, user_id)
        if own is not None:
            candidates.append((own.post.opened_at, own))
        typed = [(when, view) for when, view in candidates if view.question.type in TYPED]
        return max(typed, key=lambda found: found[0])[1] if typed else None

    async def _asked_here(self, chat_id: str, user_id: str) -> QuestionView | None:
        """The open question of the member's practice round or review session in this chat."""
        session = await self.store.review_session(user_id, chat_id)
        if session is not None and session.post_id is not None:
            view = await self.service.view(session.post_id)
            if view is not None and view.post.closed_at is None:
                return view
        current = await self.store.running_round(chat_id, "", "solo", user_id)
        if current is None:
            return None
        posts = await self.store.round_posts(current.round_id)
        open_posts = [post for post in posts if post.closed_at is None]
        return await self.service.view(open_posts[-1].post_id) if open_posts else None
