"""Rounds of a chat's weak spots: the questions this group is most likely to have forgotten.

The questions come from every quiz of the chat (bundled and its own), ranked by
`bot.domain.weak_spots` from what the store holds: the chat's answers and its members' FSRS
cards. Only questions someone answered here can come, only ones still in their quiz. The round
is stored as any round, with `WEAK_ROUND` for its quiz and question references for its
questions (`Round.question_at`), so posting, closing, resuming and ranking it are the round
runner's, unchanged; only its summary says why its questions were chosen.
"""

from __future__ import annotations

from bot.domain.entities import WEAK_ROUND, Mode, NewRound, Player, Round, question_ref
from bot.domain.review import Reviewer
from bot.domain.weak_spots import DEFAULT_COUNT, WeakSpot, rank_weak_spots
from bot.play.rounds import RoundRunner
from bot.play.service import QuizService


class NothingSeenError(LookupError):
    """No question of this chat's quizzes has been answered here yet."""


class WeakSpots:
    """A chat's weak spots, read and ranked now, and the rounds made of them."""

    def __init__(self, service: QuizService, reviewer: Reviewer | None = None) -> None:
        self.service = service
        self.reviewer = reviewer or Reviewer()
        """Only predicts recall here; the store's writer schedules the cards."""

    async def ranked(self, chat_id: str) -> list[WeakSpot]:
        """Every question answered here that can still be asked here, weakest first."""
        seen = await self.service.store.seen_answers(chat_id)
        hidden = await self.service.store.hidden_questions(chat_id)  # by its admins
        spots = rank_weak_spots(self.reviewer, seen, self.service.clock.now())
        shown = [spot for spot in spots if (spot.quiz_id, spot.question_id) not in hidden]
        return [spot for spot in shown if await self._askable(spot)]

    async def _askable(self, spot: WeakSpot) -> bool:
        quiz = await self.service.quiz_of(spot.quiz_id)
        return quiz is not None and quiz.question(spot.question_id) is not None

    async def new_round(
        self,
        *,
        chat_id: str,
        channel_ref: str,
        player: Player,
        mode: Mode,
        questions: int | None = None,
        seconds: int | None = None,
    ) -> NewRound:
        """The round of the `questions` weakest spots (DEFAULT_COUNT unless given), weakest
        first; raises NothingSeenError when nothing here can be asked."""
        spots = (await self.ranked(chat_id))[: questions or DEFAULT_COUNT]
        if not spots:
            raise NothingSeenError(chat_id)
        return NewRound(
            chat_id=chat_id,
            channel_ref=channel_ref,
            quiz_id=WEAK_ROUND,
            mode=mode,
            question_ids=tuple(question_ref(spot.quiz_id, spot.question_id) for spot in spots),
            started_by=player.user_id,
            seconds_per_question=seconds if mode == "group" else None,
            language=player.language,
        )

    async def start(
        self,
        runner: RoundRunner,
        *,
        chat_id: str,
        channel_ref: str,
        player: Player,
        mode: Mode,
        questions: int | None = None,
        seconds: int | None = None,
    ) -> Round:
        """Start a weak-spot round and post its first question; raises NothingSeenError or
        RoundConflictError."""
        new = await self.new_round(
            chat_id=chat_id, channel_ref=channel_ref, player=player, mode=mode,
            questions=questions, seconds=seconds,
        )  # fmt: skip
        return await runner.start_chosen(new, player)
