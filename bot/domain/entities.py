"""The things a quiz is played with: players, rounds, posted questions, answers, scores.

Plain frozen data shared by the rules, the play services and both storage backends; no
behaviour beyond what each value can say about itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from bot.domain.models import Question

Mode = Literal["group", "solo"]
Period = Literal["today", "week", "all"]
RoundStatus = Literal["running", "finished", "stopped"]
PERIODS: tuple[Period, ...] = ("today", "week", "all")
WEAK_ROUND = "*weak"
"""A round's `quiz_id` when it draws from several quizzes, the chat's weak spots (no quiz id
starts with `*`): its `question_ids` are then question references (`question_ref`)."""
REF_SEPARATOR = "/"
"""Between a quiz key and a question id in a reference: neither ever holds one."""


def question_ref(quiz_key: str, question_id: str) -> str:
    """One question of any quiz, as a round of several quizzes stores it."""
    return f"{quiz_key}{REF_SEPARATOR}{question_id}"


def split_ref(ref: str) -> tuple[str, str]:
    """(quiz key, question id) of a reference."""
    quiz_key, _, question_id = ref.rpartition(REF_SEPARATOR)
    return quiz_key, question_id


@dataclass(frozen=True, slots=True)
class Player:
    """Someone who answers; `user_id` is namespaced by platform ("tg:42", "console:ana")."""

    user_id: str
    name: str
    language: str = "en"


@dataclass(frozen=True, slots=True)
class NewRound:
    """A round as it starts; stored, it gets its id and its progress (Round)."""

    chat_id: str
    channel_ref: str
    """Where the adapter posts this round's questions (a channel or thread inside the chat)."""
    quiz_id: str
    mode: Mode
    question_ids: tuple[str, ...]
    started_by: str
    seconds_per_question: int | None
    language: str


@dataclass(frozen=True, slots=True)
class Round(NewRound):
    """A started round as stored: the NewRound, its id, and how far it has got."""

    round_id: int
    position: int = 0
    """How many questions have been posted so far."""
    status: RoundStatus = "running"

    @property
    def total(self) -> int:
        return len(self.question_ids)

    @property
    def is_running(self) -> bool:
        return self.status == "running"

    @property
    def is_weak(self) -> bool:
        """A round of the chat's weak spots, drawn from several quizzes."""
        return self.quiz_id == WEAK_ROUND

    def question_at(self, position: int) -> tuple[str, str]:
        """(quiz key, question id) of the round's question at `position` (0-based)."""
        question_id = self.question_ids[position]
        return split_ref(question_id) if self.is_weak else (self.quiz_id, question_id)


@dataclass(frozen=True, slots=True)
class Answer:
    """A player's answer to a post as stored: one per (post, user), the first press only."""

    post_id: int
    user_id: str
    choice: int
    """Index of the chosen choice in the question as written (not the letter shown); -1 for
    an answer that is not one choice (judging.NO_CHOICE: a set, an order, a typed line)."""
    correct: bool
    answered_at: datetime
    elapsed_ms: int
    response: str | None = None
    """What was typed (a `text` or `number` answer), or the choices picked as their letters in
    the file ("AC" for `multiple`, "CABD" for `order`); None for one choice."""
    typo: bool = False
    """Right with a typo: its review card is rated Hard. Not stored (only the card is)."""


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One player's totals over some set of answers."""

    user_id: str
    name: str
    points: int
    answered: int
    total_ms: int


@dataclass(frozen=True, slots=True)
class Standing:
    """What a leaderboard page needs, read by the store without ranking every player.

    `leaders` are the lines that can be among the first `size` of `rank_leaderboard`: those
    whose points and total time are at least as good as the size-th best line's, every tie
    on that edge included. Ranking them alone therefore gives the first ranks exactly.
    """

    leaders: tuple[ScoreLine, ...]
    asker: ScoreLine | None
    ahead_of_asker: int
    """Players with more points than the asker: the asker's rank is this plus one."""
    players: int
    has_daily: bool = False
    """The chat has daily questions, so the shown players' streaks are worth a query."""


@dataclass(frozen=True, slots=True)
class Stats:
    """A player's `/stats` in one chat; accuracy is 0.0 before any answer (shown as 0%)."""

    answered: int
    correct: int
    current_streak: int
    best_streak: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0


@dataclass(frozen=True, slots=True)
class NewPost:
    """A question about to be posted; stored, it gets its id and its message (Post)."""

    chat_id: str
    quiz_id: str
    question_id: str
    order: tuple[int, ...]
    """order[letter_index] is the index of the choice shown under that letter."""
    number: int
    total: int
    opened_at: datetime
    deadline: datetime | None
    """None: open until closed (a question of an untimed round, or a review question)."""
    round_id: int | None
    """None for a question outside any round (a daily or a review question)."""


@dataclass(frozen=True, slots=True)
class Post(NewPost):
    """A question as posted in a chat: its own id, and once it is sent or closed, when."""

    post_id: int
    closed_at: datetime | None = None
    message_ref: str | None = None
    """The platform message showing it, once sent: what closing the question edits."""

    def is_open(self, now: datetime) -> bool:
        if self.closed_at is not None:
            return False
        return self.deadline is None or now < self.deadline

    def correct_letter_index(self, question: Question) -> int:
        return self.order.index(question.answer)


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    """What the store counts of a player in one chat, before streaks are worked out."""

    answered: int
    correct: int
    correct_times: tuple[datetime, ...]
    """When each correct answer was given, for day streaks in the chat's time zone."""


@dataclass(frozen=True, slots=True)
class PlayerFootprint:
    """What the bot keeps about a player, in every chat: what `/forgetme` would delete."""

    rows: int
    """Every row holding their data (profile, answers, score buckets)."""
    answers: int
    chats: int
    """Chats those answers were given in."""


@dataclass(frozen=True, slots=True)
class ExportRow:
    """One answer as a group's organiser sees it in an export."""

    answered_at: datetime
    user_id: str
    name: str
    quiz_id: str
    question_id: str
    choice: int
    correct: bool
    elapsed_ms: int
    response: str | None = None
    """What was typed or picked (Answer.response), for a question that is not one choice."""
