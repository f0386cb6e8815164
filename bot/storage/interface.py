"""The storage interface: the source of truth for rounds, posts, answers and players.

Small on purpose: SQLite (bot/storage/sqlite/) and PostgreSQL (bot/storage/postgres/)
implement it, sharing their SQL (bot/storage/sql/); open one with
`bot.storage.opening.open_store`.
Memory elsewhere is only a cache of what is here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal, Protocol

from bot.domain.daily import DailyPost, DailyRecord, NewSchedule, PastDaily, Schedule
from bot.domain.entities import (
    Answer,
    ExportRow,
    Mode,
    NewPost,
    NewRound,
    Player,
    PlayerFootprint,
    PlayerTotals,
    Post,
    Round,
    ScoreLine,
    Standing,
)
from bot.domain.flags import FlaggedQuestion, FlagOutcome, NewFlag
from bot.domain.models import Picture
from bot.domain.review import DeckCard
from bot.domain.review_sessions import DueCard, Reminder, ReviewSession
from bot.domain.uploads import ChatQuizEntry, StoredChatQuiz
from bot.domain.weak_spots import SeenAnswers


class StoreError(Exception):
    """The database cannot be used; the message says why and what to do, in one line."""


class RoundConflictError(Exception):
    """Another round is already running where this one would start."""


class PostClosedError(Exception):
    """The question closed (or never existed) before this answer could be stored: perhaps
    another process closed it and this one's cached post had not seen it. Nothing stored."""


class ConstraintError(Exception):
    """A uniqueness or reference rule refused a write, so nothing was written.

    With several processes on one database this is how the loser of a race learns it lost
    (e.g. two workers posting the same question of a round): it should do nothing.
    """


@dataclass(frozen=True, slots=True)
class PageQuery:
    """Which leaderboard page `Store.standing` reads: built by the service from the chat's
    period, carried as one value through the store to its SQL (bot/storage/sql/scores.py)."""

    chat_id: str
    since: datetime | None
    """Where the period starts (the chat's local midnight or week); None: all time."""
    quiz_id: str | None
    """One quiz's board; None: every quiz of the chat."""
    user_id: str | None
    """Who asks: their line and rank come too, even outside the top; None: nobody's."""
    size: int
    """How many leaders the page shows (at least one; more where points and time tie)."""


StalledKind = Literal["close", "unsent", "idle", "summary"]


@dataclass(frozen=True, slots=True)
class Stalled:
    """Something a round waits on that its own process may never do (it died): a question to
    close ("close"), a question or summary to send ("unsent", "summary"), a round to move
    on to its next question or its end ("idle"). Found by `Store.stalled_rounds`."""

    kind: StalledKind
    round_id: int
    post_id: int | None
    """The question, for "close" and "unsent"."""
    chat_id: str


class Store(Protocol):
    async def close(self) -> None: ...

    async def save_player(self, player: Player) -> None: ...

    async def player_name(self, user_id: str) -> str | None: ...

    async def create_round(self, new: NewRound, now: datetime) -> Round:
        """Raises RoundConflictError if a round of the same kind already runs there."""
        ...

    async def get_round(self, round_id: int) -> Round | None: ...

    async def running_round(
        self, chat_id: str, channel_ref: str, mode: Mode, started_by: str | None = None
    ) -> Round | None: ...

    async def running_rounds(self) -> list[Round]: ...

    async def end_round(
        self, round_id: int, status: str, now: datetime, claim_summary: bool = False
    ) -> bool:
        """Mark a running round finished or stopped; False if it had already ended.
        `claim_summary`: its summary is to be posted, claimed at `now` until `summary_sent`
        (another process takes an unsent one over: `take_over_summary`)."""
        ...

    async def stalled_rounds(
        self, overdue: datetime, unsent: datetime, idle: datetime, limit: int
    ) -> list[Stalled]:
        """Open questions whose deadline passed before `overdue`; questions and summaries
        claimed before `unsent` and not yet sent; running group rounds without an open
        question since before `idle`. At most `limit` of each, through indexes."""
        ...

    async def summary_claim(self, round_id: int) -> datetime | None:
        """When the round's summary was claimed, if it is not yet sent."""
        ...

    async def take_over_summary(self, round_id: int, claimed_at: datetime, now: datetime) -> bool:
        """Move the summary's claim from `claimed_at` to `now`; False if another process did
        (or it was sent)."""
        ...

    async def summary_sent(self, round_id: int) -> None: ...

    async def create_post(self, new: NewPost) -> Post:
        """Post the round's next question; also advances the round's position.

        Raises ConstraintError if that question number is already posted for the round.
        """
        ...

    async def get_post(self, post_id: int) -> Post | None: ...

    async def round_posts(self, round_id: int) -> list[Post]: ...

    async def set_post_message(
        self, post_id: int, message_ref: str, deadline: datetime | None = None
    ) -> None:
        """Record the posted message; a `deadline` given replaces the post's (its timer
        starts when the message is out, not when the post was created)."""
        ...

    async def take_over_post(self, post_id: int, claimed_at: datetime, now: datetime) -> bool:
        """Take over publishing a post claimed at `claimed_at` that has no message yet: it
        opens again at `now`. False if it has a message, or another process took it first."""
        ...

    async def close_post(self, post_id: int, now: datetime) -> bool:
        """Close an open post; False if it was already closed (so only one closer acts)."""
        ...

    async def open_posts(self) -> list[Post]: ...

    def add_answer(
        self, answer: Answer, post: Post, player: Player | None = None
    ) -> Awaitable[tuple[Answer, bool]]:
        """Commit an answer unless the user already answered this post.

        Awaits to the stored answer and whether this call created it. Settles only once the
        answer is committed, so callers may acknowledge it. Raises PostClosedError, storing
        nothing, if the post is closed and the user had not answered it: the database decides,
        not a cached copy of the post. `player`, when given, is saved
        in the same transaction (as `save_player` would), saving a commit per press.
        """
        ...

    async def get_answer(self, post_id: int, user_id: str) -> Answer | None: ...

    async def change_picks(
        self,
        post_id: int,
        user_id: str,
        change: Callable[[tuple[int, ...]], tuple[int, ...]],
        now: datetime,
    ) -> tuple[int, ...]:
        """Apply `change` to a member's picks on a post, in one transaction; the new picks.
        A post's picks are dropped when it closes."""
        ...

    async def picks(self, post_id: int, user_id: str) -> tuple[int, ...]: ...

    async def await_typed(self, user_id: str, post_id: int, now: datetime) -> None:
        """The member's next typed line in the private chat answers this post."""
        ...

    async def awaited(self, user_id: str) -> tuple[int, datetime] | None:
        """The post a member's typed line answers, and since when."""
        ...

    async def stop_awaiting(self, user_id: str, post_id: int) -> None: ...

    async def post_answers(self, post_id: int) -> list[Answer]: ...

    async def count_answers(self, post_id: int) -> int:
        """How many answered a post, without reading the answers (the live count)."""
        ...

    async def round_scores(self, round_id: int) -> list[ScoreLine]: ...

    async def scores(
        self, chat_id: str, since: datetime | None, quiz_id: str | None = None
    ) -> list[ScoreLine]: ...

    async def standing(self, page: PageQuery) -> Standing:
        """A leaderboard page's lines in one query, without reading every player's line."""
        ...

    async def player_totals(self, chat_id: str, user_id: str) -> PlayerTotals: ...

    async def player_footprint(self, user_id: str) -> PlayerFootprint:
        """What this player's data amounts to (what `forget_player` would delete)."""
        ...

    async def forget_player(self, user_id: str) -> None:
        """Delete the player's answers, scores and profile everywhere, in one transaction."""
        ...

    async def export_chat(self, chat_id: str) -> list[ExportRow]: ...

    async def chats(self) -> list[str]:
        """Every chat with at least one answer."""
        ...

    async def get_meta(self, key: str) -> str | None:
        """A small setting kept by an adapter (e.g. the hash of the last command sync)."""
        ...

    async def set_meta(self, key: str, value: str) -> None: ...

    async def move_chat(self, old_chat_id: str, new_chat_id: str, now: datetime) -> int:
        """Move every row of a chat to its new id (a Telegram group upgraded to a supergroup)
        in one transaction: rounds, posts, answers, scores, schedules, daily posts. Returns
        the rows changed; 0 when nothing is left under the old id (a repeated move)."""
        ...

    async def first_delivery(self, update_key: str, now: datetime) -> bool:
        """Record a platform update as handled; False if it was before (a redelivery), on
        this process or another."""
        ...

    async def forget_updates(self, before: datetime) -> int:
        """Drop the updates recorded before a moment (redeliveries come within hours)."""
        ...

    # --- Files a platform holds for the bot (both stores: bot/storage/sql/sent_files.py) ---

    async def sent_file(self, bot_key: str, digest: str) -> str | None:
        """The platform's id of a picture this bot sent before (Telegram's file_id), or None."""
        ...

    async def keep_sent_file(self, bot_key: str, digest: str, file_id: str, now: datetime) -> None:
        """Remember the id the platform gave a picture, for this bot."""
        ...

    async def forget_sent_file(self, bot_key: str, digest: str, file_id: str) -> None:
        """Drop an id the platform refused: the picture's bytes go up again next time."""
        ...

    # --- Daily questions (both stores: bot/storage/sql/daily.py) ---

    async def save_schedule(self, new: NewSchedule) -> Schedule:
        """Create or replace the channel's schedule (one per channel)."""
        ...

    async def get_schedule(self, chat_id: str, channel_ref: str) -> Schedule | None: ...

    async def chat_schedules(self, chat_id: str) -> list[Schedule]: ...

    async def delete_schedule(self, chat_id: str, channel_ref: str) -> bool: ...

    async def set_next_run(self, schedule_id: int, next_run_at: datetime) -> None: ...

    async def due_schedules(self, now: datetime, limit: int) -> list[Schedule]:
        """Schedules whose next run is due, earliest first."""
        ...

    async def next_daily_wake(self) -> datetime | None:
        """The earliest next run or open daily post deadline: when the scheduler must wake."""
        ...

    async def claim_daily_post(
        self, schedule: Schedule, day: date, new: NewPost, next_run_at: datetime
    ) -> DailyPost | None:
        """Atomically create the day's post and move the schedule on; None if the channel
        already has a post for `day` (enforced by a uniqueness constraint)."""
        ...

    async def get_daily_post(self, post_id: int) -> DailyPost | None: ...

    async def open_daily_posts(
        self, closing_by: datetime | None = None, limit: int = -1
    ) -> list[DailyPost]:
        """Open daily posts (only overdue ones, given `closing_by`), at most `limit` (-1: all)."""
        ...

    async def latest_daily_post(
        self, chat_id: str, channel_ref: str, before: date | None = None
    ) -> DailyPost | None:
        """The channel's most recent daily post (before a local date, if given)."""
        ...

    async def daily_history(self, chat_id: str, channel_ref: str) -> list[PastDaily]: ...

    async def daily_record(self, chat_id: str, user_id: str) -> DailyRecord: ...

    async def daily_records(self, chat_id: str, user_ids: Sequence[str]) -> dict[str, DailyRecord]:
        """`daily_record` of several players in one query."""
        ...

    # --- Spaced review (bot/storage/sql/review.py); cards are written by `add_answer` ---

    async def due_cards(
        self, user_id: str, now: datetime, limit: int, reviewed_before: datetime | None = None
    ) -> list[DueCard]:
        """Missed questions due by `now`, most overdue first (not reviewed since
        `reviewed_before`, when given)."""
        ...

    async def next_due(self, user_id: str) -> datetime | None:
        """When the player's next missed question is due (perhaps already)."""
        ...

    async def count_due(self, user_id: str, now: datetime) -> int: ...

    async def review_deck(self, user_id: str) -> list[DeckCard]:
        """The cards of every question the player ever missed (for /stats)."""
        ...

    async def review_card(self, user_id: str, quiz_id: str, question_id: str) -> str | None: ...

    async def save_review_session(self, session: ReviewSession) -> None: ...

    async def review_session(self, user_id: str, chat_id: str) -> ReviewSession | None: ...

    async def end_review_session(self, user_id: str, chat_id: str) -> None: ...

    async def save_reminder(self, reminder: Reminder) -> None: ...

    async def delete_reminder(self, user_id: str) -> bool: ...

    async def get_reminder(self, user_id: str) -> Reminder | None: ...

    async def due_reminders(self, platform: str, now: datetime, limit: int) -> list[Reminder]:
        """Reminders of the users `<platform>:…` due by `now`, earliest first."""
        ...

    async def next_reminder_at(self, platform: str) -> datetime | None: ...

    async def set_reminder_next(self, user_id: str, was: datetime, next_run_at: datetime) -> bool:
        """Move a reminder from `was` to `next_run_at`; False if it was not at `was` any more
        (another process moved it first: that one sends it)."""
        ...

    # --- The group's weak spots (bot/storage/sql/weak_spots.py) ---

    async def seen_answers(self, chat_id: str) -> list[SeenAnswers]:
        """Per member and question answered in this chat: their card, misses and answers."""
        ...

    # --- Flagged and hidden questions (bot/storage/sql/flags.py) ---

    async def add_flag(self, flag: NewFlag, limit: int = ...) -> FlagOutcome:
        """Flag a question (or change the member's open flag's reason) unless the member made
        `limit` flags in the last 24 hours: the check and the write are one step."""
        ...

    async def set_flag_note(
        self, chat_id: str, quiz_id: str, question_id: str, user_id: str, note: str
    ) -> bool: ...

    async def latest_flag(self, user_id: str, since: datetime) -> tuple[str, str, str] | None:
        """(chat, quiz key, question id) of the member's newest open flag since a moment."""
        ...

    async def chat_flags(self, chat_id: str) -> list[FlaggedQuestion]: ...

    async def clear_flags(
        self, chat_id: str, quiz_id: str, question_id: str, now: datetime
    ) -> int: ...

    async def hidden_questions(self, chat_id: str) -> frozenset[tuple[str, str]]: ...

    async def hide_question(
        self, chat_id: str, quiz_id: str, question_id: str, user_id: str, now: datetime
    ) -> bool: ...

    async def show_question(self, chat_id: str, quiz_id: str, question_id: str) -> bool: ...

    # Quizzes chats upload (bot/storage/sql/chat_quizzes.py)
    async def chat_quiz_entries(self, chat_id: str) -> list[ChatQuizEntry]:
        """The chat's quizzes by id, without their files."""
        ...

    async def chat_quiz(self, serial: int) -> StoredChatQuiz | None: ...

    async def save_chat_quiz(
        self, chat_id: str, quiz_id: str, source: str, filename: str, user_id: str,
        now: datetime, limit: int, pictures: Mapping[str, Picture] | None = None,
    ) -> tuple[int, bool] | None:  # fmt: skip
        """(serial, replaced); a replacement keeps the serial, and its pictures (by the name
        the quiz gives) replace the old ones'. None: a new id in a full chat."""
        ...

    async def remove_chat_quiz(self, chat_id: str, quiz_id: str) -> bool: ...

    async def record_upload(
        self, chat_id: str, user_id: str, now: datetime, since: datetime, limit: int
    ) -> int | None:
        """Count an upload; the chat's uploads since `since`, this one included. None, counting
        nothing, when `limit` are counted already: the check and the count are one step."""
        ...

    async def uploads_since(self, chat_id: str, since: datetime) -> int: ...
