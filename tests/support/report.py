"""A group that has played, for the report's tests, and the figures an export of it gives.

`expected` recomputes every figure from `quizbot export`'s rows (the answers as stored), by
a route independent of the report's SQL: the report must agree with it.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from bot.domain.entities import Mode, Player
from bot.play.service import QuizService
from bot.storage.interface import ExportRow
from tests.support.clocks import FakeClock

CHAT = "tg:-100777"
PLAYERS = (
    Player("tg:1", "Ana", "fr"),
    Player("tg:2", "<script>alert('x')</script>", "en"),
    Player("tg:3", '=HYPERLINK("http://x.example")', "en"),
    Player("tg:4", 'Dora & "Co"', "fr"),
)


async def play_rounds(
    service: QuizService,
    clock: FakeClock,
    chat: str = CHAT,
    players: Sequence[Player] = PLAYERS,
    rounds: int = 2,
    seed: int = 5,
    days_between: Sequence[int] = (),
) -> list[int]:
    """Group rounds of the parallelism quiz, each player answering each question (mostly
    right, some wrong, some silent), a day apart; the round ids."""
    rng = random.Random(seed)
    round_ids = []
    for _ in range(rounds):
        started = await service.start_round(
            chat_id=chat, player=players[0], quiz_id="parallelism", mode="group",
            questions=None, seconds=30,
        )  # fmt: skip
        while (view := await service.post_next(started.round_id)) is not None:
            right = view.post.correct_letter_index(view.question)
            for player in players:
                if rng.random() < 0.15:
                    continue
                clock.advance(rng.randint(1, 9) + rng.random())
                letter = right if rng.random() < 0.6 else rng.randrange(len(view.post.order))
                await service.press(
                    chat_id=chat, player=player, post_id=view.post.post_id, letter_index=letter
                )
            await service.close(view.post.post_id)
        await service.finish_round(started.round_id)
        round_ids.append(started.round_id)
        gap = days_between[len(round_ids) - 1] if len(round_ids) <= len(days_between) else 1
        clock.advance(gap * 24 * 3600)
    return round_ids


Picks = Mapping[Player, int]
"""One question of a scripted round: each player's pick, 0 for the right answer, 1, 2, …
for the question's wrong choices in the order written; players left out do not answer."""


async def play_script(
    service: QuizService,
    clock: FakeClock,
    script: Sequence[Picks],
    chat: str = CHAT,
    mode: Mode = "group",
) -> list[str]:
    """A round of `len(script)` questions of the parallelism quiz, each player choosing as
    scripted; the ids of the questions posted, in order. The figures are then known by hand."""
    started = await service.start_round(
        chat_id=chat, player=next(iter(script[0])), quiz_id="parallelism", mode=mode,
        questions=len(script), seconds=30,
    )  # fmt: skip
    posted = []
    for picks in script:
        view = await service.post_next(started.round_id)
        assert view is not None, "the script is longer than the round"
        posted.append(view.question.id)
        answer = view.question.answer
        wrong = [i for i in range(len(view.question.choices)) if i != answer]
        for player, pick in picks.items():
            clock.advance(2)
            choice = answer if pick == 0 else wrong[pick - 1]
            await service.press(chat_id=chat, player=player, post_id=view.post.post_id,
                                letter_index=view.post.order.index(choice))  # fmt: skip
        await service.close(view.post.post_id)
    await service.finish_round(started.round_id)
    return posted


@dataclass
class Expected:
    members: int = 0
    answered: int = 0
    correct: int = 0
    per_member: dict[str, tuple[int, int]] = field(default_factory=dict)
    """user_id: (answered, correct)."""
    choices: dict[str, Counter[int]] = field(default_factory=dict)
    medians_ms: dict[str, int] = field(default_factory=dict)
    per_question: dict[str, tuple[int, int]] = field(default_factory=dict)


def expected(rows: Sequence[ExportRow]) -> Expected:
    found = Expected()
    members: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    times: dict[str, list[int]] = defaultdict(list)
    questions: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        members[row.user_id][0] += 1
        members[row.user_id][1] += int(row.correct)
        found.choices.setdefault(row.question_id, Counter())[row.choice] += 1
        times[row.question_id].append(row.elapsed_ms)
        questions[row.question_id][0] += 1
        questions[row.question_id][1] += int(row.correct)
    found.members = len(members)
    found.answered = len(rows)
    found.correct = sum(int(row.correct) for row in rows)
    found.per_member = {user: (a, c) for user, (a, c) in members.items()}
    found.medians_ms = {  # to the tenth of a second, as the report counts and shows them
        q: int(statistics.median_low(m // 100 for m in ms)) * 100 for q, ms in times.items()
    }
    found.per_question = {q: (a, c) for q, (a, c) in questions.items()}
    return found


def period_counts(
    rows: Sequence[ExportRow], first: date | None = None
) -> tuple[dict[tuple[str, str], bool], dict[tuple[str, int], tuple[int, int]]]:
    """From the exported answers on or after `first` (UTC days), as
    ReportStore.period_counts must read them: (member, question): whether the latest answer
    was right (of two at the same instant, right if either was); (question, choice):
    (answers, right answers)."""
    latest: dict[tuple[str, str], tuple[object, bool]] = {}
    choices: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        if first is not None and row.answered_at.date() < first:
            continue
        key = (row.user_id, row.question_id)
        seen = latest.get(key)
        if seen is None or row.answered_at > seen[0]:  # type: ignore[operator]
            latest[key] = (row.answered_at, row.correct)
        elif row.answered_at == seen[0]:
            latest[key] = (row.answered_at, row.correct or seen[1])
        sums = choices[(row.question_id, row.choice)]
        sums[0] += 1
        sums[1] += int(row.correct)
    return (
        {key: right for key, (_, right) in latest.items()},
        {key: (a, c) for key, (a, c) in choices.items()},
    )
