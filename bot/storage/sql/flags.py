"""Storage of flagged and hidden questions: a migration and the store methods, both backends.

Self-contained like the chat quizzes: one migration touching no other table. A flag is a row
per (chat, question, member) while open (a partial unique index); clearing closes every open
flag of a question. The daily limit is checked in the transaction that writes, under a lock
per member (`Transaction.lock`), so concurrent flags on any worker never pass it. A hidden
question is a row per (chat, question). `FlagReads` is what the report may call too.
"""

from __future__ import annotations

from datetime import datetime

from bot.domain.flags import (
    FLAG_WINDOW,
    FLAGS_PER_DAY,
    LATEST_NOTES,
    FlaggedQuestion,
    FlagOutcome,
    NewFlag,
    Reason,
)
from bot.storage.sql.queries import SqlQueries
from bot.storage.sql.rows import from_ms, to_ms

FLAGS_MIGRATION = """
    CREATE TABLE flags (
        flag_id INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        question_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        reason TEXT NOT NULL CHECK (reason IN ('w', 'u', 't', 'o')),
        note TEXT,
        flagged_at INTEGER NOT NULL,
        cleared_at INTEGER
    );
    CREATE UNIQUE INDEX one_open_flag ON flags (chat_id, quiz_id, question_id, user_id)
        WHERE cleared_at IS NULL;
    CREATE INDEX flags_by_member ON flags (user_id, flagged_at);
    CREATE TABLE hidden_questions (
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        question_id TEXT NOT NULL,
        hidden_by TEXT NOT NULL,
        hidden_at INTEGER NOT NULL,
        PRIMARY KEY (chat_id, quiz_id, question_id)
    ) WITHOUT ROWID;
"""
"""Appended to `schema.MIGRATIONS`; its tables go last in `schema.TABLES`."""

FLAG_TABLES = ("flags", "hidden_questions")
_OPEN = "chat_id = ? AND quiz_id = ? AND question_id = ? AND cleared_at IS NULL"


def _flags_lock(user_id: str) -> str:
    """The lock a member's flags take to check the daily limit and write in one step."""
    return f"flags {user_id}"


class FlagReads(SqlQueries):
    """Reading a chat's flags and hidden questions: the bots' stores and the report's."""

    async def chat_flags(self, chat_id: str) -> list[FlaggedQuestion]:
        """The chat's questions with open flags (or hidden), by quiz then question."""
        rows = await self._rows(
            "SELECT quiz_id, question_id, reason, note, flagged_at FROM flags "
            "WHERE chat_id = ? AND cleared_at IS NULL ORDER BY quiz_id, question_id, "
            "flagged_at DESC, flag_id DESC",
            chat_id,
        )
        hidden = {
            (str(quiz), str(question)): from_ms(int(str(at)))
            for quiz, question, at in await self._rows(
                "SELECT quiz_id, question_id, hidden_at FROM hidden_questions WHERE chat_id = ?",
                chat_id,
            )
        }
        found: dict[tuple[str, str], FlaggedQuestion] = {}
        for quiz_id, question_id, reason, note, flagged_at in rows:
            key = (str(quiz_id), str(question_id))
            seen = found.get(key) or FlaggedQuestion(
                *key, 0, {}, (), from_ms(int(str(flagged_at))), key in hidden
            )
            reasons = dict(seen.reasons)
            reasons[Reason(reason)] = reasons.get(Reason(reason), 0) + 1
            notes = seen.notes
            if note is not None and len(notes) < LATEST_NOTES:
                notes = (*notes, str(note))
            found[key] = FlaggedQuestion(
                *key, seen.count + 1, reasons, notes, seen.latest, seen.hidden
            )
        for key, hidden_at in hidden.items():  # hidden, its flags cleared: to show again
            found.setdefault(key, FlaggedQuestion(*key, 0, {}, (), hidden_at, True))
        return [found[key] for key in sorted(found)]

    async def hidden_questions(self, chat_id: str) -> frozenset[tuple[str, str]]:
        """(quiz key, question id) of the questions hidden in this chat."""
        rows = await self._rows(
            "SELECT quiz_id, question_id FROM hidden_questions WHERE chat_id = ?", chat_id
        )
        return frozenset((str(quiz), str(question)) for quiz, question in rows)


class FlagQueries(FlagReads):
    """The flag methods of the Store protocol, in SQL both backends share."""

    async def add_flag(self, flag: NewFlag, limit: int = FLAGS_PER_DAY) -> FlagOutcome:
        """Flag a question for a member (or change their open flag's reason), unless they
        made `limit` flags in the last 24 hours: one step under the member's lock."""
        key = (flag.chat_id, flag.quiz_id, flag.question_id)
        async with self._transaction() as transaction:
            await transaction.lock(_flags_lock(flag.user_id))
            changed = await transaction.write(
                f"UPDATE flags SET reason = ? WHERE {_OPEN} AND user_id = ?",
                flag.reason.value, *key, flag.user_id,
            )  # fmt: skip
            if changed:
                return FlagOutcome.CHANGED
            since = to_ms(flag.flagged_at - FLAG_WINDOW)
            rows = await transaction.rows(
                "SELECT COUNT(*) FROM flags WHERE user_id = ? AND flagged_at > ?",
                flag.user_id, since,
            )  # fmt: skip
            if int(str(rows[0][0])) >= limit:
                return FlagOutcome.LIMITED
            await transaction.write(
                "INSERT INTO flags (chat_id, quiz_id, question_id, user_id, reason, flagged_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                *key, flag.user_id, flag.reason.value, to_ms(flag.flagged_at),
            )  # fmt: skip
        return FlagOutcome.ADDED

    async def set_flag_note(
        self, chat_id: str, quiz_id: str, question_id: str, user_id: str, note: str
    ) -> bool:
        """The member's sentence on their open flag of the question; False if none is open."""
        changed = await self._write(
            f"UPDATE flags SET note = ? WHERE {_OPEN} AND user_id = ?",
            note, chat_id, quiz_id, question_id, user_id,
        )  # fmt: skip
        return changed == 1

    async def latest_flag(self, user_id: str, since: datetime) -> tuple[str, str, str] | None:
        """(chat, quiz key, question id) of the member's newest open flag since a moment."""
        rows = await self._rows(
            "SELECT chat_id, quiz_id, question_id FROM flags WHERE user_id = ? "
            "AND cleared_at IS NULL AND flagged_at >= ? ORDER BY flagged_at DESC, flag_id DESC "
            "LIMIT 1",
            user_id, to_ms(since),
        )  # fmt: skip
        return (str(rows[0][0]), str(rows[0][1]), str(rows[0][2])) if rows else None

    async def clear_flags(
        self, chat_id: str, quiz_id: str, question_id: str, now: datetime
    ) -> int:
        """Mark the question's open flags dealt with; how many."""
        return await self._write(
            f"UPDATE flags SET cleared_at = ? WHERE {_OPEN}",
            to_ms(now), chat_id, quiz_id, question_id,
        )  # fmt: skip

    async def hide_question(
        self, chat_id: str, quiz_id: str, question_id: str, user_id: str, now: datetime
    ) -> bool:
        """Stop asking the question in this chat; False if it was hidden already."""
        changed = await self._write(
            "INSERT INTO hidden_questions (chat_id, quiz_id, question_id, hidden_by, hidden_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (chat_id, quiz_id, question_id) DO NOTHING",
            chat_id, quiz_id, question_id, user_id, to_ms(now),
        )  # fmt: skip
        return changed == 1

    async def show_question(self, chat_id: str, quiz_id: str, question_id: str) -> bool:
        """Ask the question in this chat again; False if it was not hidden."""
        changed = await self._write(
            "DELETE FROM hidden_questions WHERE chat_id = ? AND quiz_id = ? AND question_id = ?",
            chat_id, quiz_id, question_id,
        )  # fmt: skip
        return changed == 1
