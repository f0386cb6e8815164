"""A round runner on hand-run timers, with a publisher that records what a platform shows."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot.domain.entities import Player, Round
from bot.domain.models import Quiz
from bot.domain.views import ClosedView, QuestionView, RoundSummary
from bot.play.rounds import RoundRunner
from bot.play.service import QuizService
from bot.storage.interface import Store
from tests.support.clocks import FakeClock, ManualTimers

ANA = Player("tg:1", "Ana", "en")
BEN = Player("tg:2", "Ben", "fr")


@dataclass
class RecordingPublisher:
    """Records what a platform would show, in order."""

    events: list[tuple[str, object]] = field(default_factory=list)

    async def post_question(self, round_: Round, view: QuestionView) -> str:
        self.events.append(("question", view.post.number))
        return f"msg-{view.post.post_id}"

    async def update_question(self, round_: Round, view: QuestionView, answered: int) -> None:
        self.events.append(("count", answered))

    async def show_results(self, round_: Round, closed: ClosedView) -> None:
        self.events.append(("results", (closed.view.post.number, len(closed.answers))))

    async def post_results(self, round_: Round, closed: ClosedView) -> None:
        self.events.append(("results anew", (closed.view.post.number, len(closed.answers))))

    async def post_summary(self, round_: Round, summary: RoundSummary) -> None:
        ranking = [(r.rank, r.line.name, r.line.points) for r in summary.ranking]
        self.events.append(("summary", (summary.stopped, ranking)))


def make_runner(
    store: Store, quizzes: dict[str, Quiz], clock: FakeClock, publisher: RecordingPublisher
) -> tuple[RoundRunner, ManualTimers]:
    timers = ManualTimers(clock)
    service = QuizService(store, quizzes, clock=clock, rng=random.Random(1))
    return RoundRunner(service, publisher, timers), timers
