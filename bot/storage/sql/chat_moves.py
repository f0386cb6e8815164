"""A chat's rows moved to its new id in one transaction: a Telegram group upgraded to a
supergroup keeps its rounds, answers, leaderboards, streaks and schedules.

Every table with a `chat_id` column has its move here (`MOVES`); `chat_tables` finds them in
the migrations, and a test fails when a table with a chat id has no move. Rows keyed by the
chat alone are renamed. Where the new id may already hold rows for the same key (the new
chat was used before the upgrade reached us), the new chat's rows win for one-per-key things
(a running round, a schedule, a date's daily post) and score buckets are added together.
A repeated move finds nothing under the old id and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime

from bot.storage.sql.item_counts import CHOICE_DAYS_KEY, MEMBER_QUESTION_MOVES
from bot.storage.sql.pictures import PICTURES_LOCK, UNUSED_PICTURES
from bot.storage.sql.queries import SqlQueries
from bot.storage.sql.report_counts import COUNT_KEYS, MEMBER_MOVES
from bot.storage.sql.rows import to_ms

Move = tuple[str, tuple[str, ...]]
"""A statement and the names of its arguments, in order ("old", "new" or "now")."""
_RENAME = ("UPDATE {table} SET chat_id = ? WHERE chat_id = ?", ("new", "old"))
_SCORE_KEYS = {
    "score_totals": ("user_id", "quiz_id"),
    "score_hours": ("hour", "quiz_id", "user_id"),
    "score_weeks": ("week", "quiz_id", "user_id"),
}


def merge_sums(
    table: str, keys: tuple[str, ...], added: tuple[str, ...] = ("points", "answered", "total_ms")
) -> tuple[Move, ...]:
    """Add the old chat's buckets to the new chat's (same key: summed), then drop them."""
    columns = ", ".join(keys)
    sums = ", ".join(f"{c} = {table}.{c} + excluded.{c}" for c in added)
    values = ", ".join(added)
    merge = (
        f"INSERT INTO {table} (chat_id, {columns}, {values}) "
        f"SELECT CAST(? AS TEXT), {columns}, {values} FROM {table} "
        f"WHERE chat_id = ? ON CONFLICT (chat_id, {columns}) DO UPDATE SET {sums}"
    )
    return (merge, ("new", "old")), (f"DELETE FROM {table} WHERE chat_id = ?", ("old",))


def _rename(table: str) -> Move:
    return _RENAME[0].format(table=table), _RENAME[1]


MOVES: dict[str, tuple[Move, ...]] = {
    "rounds": (
        (  # one running round per channel (per player, solo): the new chat's goes on
            "UPDATE rounds SET status = 'stopped', ended_at = ? WHERE chat_id = ? "
            "AND status = 'running' AND EXISTS (SELECT 1 FROM rounds r WHERE r.chat_id = ? "
            "AND r.channel_ref = rounds.channel_ref AND r.status = 'running' "
            "AND r.mode = rounds.mode AND (r.mode = 'group' OR r.started_by = rounds.started_by))",
            ("now", "old", "new"),
        ),
        _rename("rounds"),
    ),
    "posts": (_rename("posts"),),
    "answers": (_rename("answers"),),
    **{table: merge_sums(table, keys) for table, keys in _SCORE_KEYS.items()},
    # the report's counts (bot/storage/sql/report_counts.py), after the hourly buckets
    **{table: merge_sums(table, keys, sums) for table, (keys, sums) in COUNT_KEYS.items()},
    "member_stats": MEMBER_MOVES,
    "member_questions": MEMBER_QUESTION_MOVES,  # bot/storage/sql/item_counts.py
    "question_choice_days": merge_sums("question_choice_days", *CHOICE_DAYS_KEY),
    "daily_schedules": (
        (  # one schedule per channel: the one set in the new chat stays
            "DELETE FROM daily_schedules WHERE chat_id = ? AND channel_ref IN "
            "(SELECT s.channel_ref FROM daily_schedules s WHERE s.chat_id = ?)",
            ("old", "new"),
        ),
        _rename("daily_schedules"),
    ),
    "daily_posts": (
        (  # one daily post per channel and date: the new chat's stays (the post itself too)
            "DELETE FROM daily_posts WHERE chat_id = ? AND EXISTS (SELECT 1 FROM daily_posts d "
            "WHERE d.chat_id = ? AND d.channel_ref = daily_posts.channel_ref "
            "AND d.local_date = daily_posts.local_date)",
            ("old", "new"),
        ),
        _rename("daily_posts"),
    ),
    "review_sessions": (
        (  # one review session per player and chat: the one begun in the new chat goes on
            "DELETE FROM review_sessions WHERE chat_id = ? AND EXISTS (SELECT 1 FROM "
            "review_sessions s WHERE s.chat_id = ? AND s.user_id = review_sessions.user_id)",
            ("old", "new"),
        ),
        _rename("review_sessions"),
    ),
    "chat_quizzes": (
        (  # the links of the old chat's quizzes about to go (their pictures: after the move)
            "DELETE FROM chat_quiz_pictures WHERE serial IN (SELECT serial FROM chat_quizzes "
            "WHERE chat_id = ? AND quiz_id IN "
            "(SELECT q.quiz_id FROM chat_quizzes q WHERE q.chat_id = ?))",
            ("old", "new"),
        ),
        (  # one quiz per chat and id: the one uploaded in the new chat stays
            "DELETE FROM chat_quizzes WHERE chat_id = ? AND quiz_id IN "
            "(SELECT q.quiz_id FROM chat_quizzes q WHERE q.chat_id = ?)",
            ("old", "new"),
        ),
        _rename("chat_quizzes"),
        (UNUSED_PICTURES, ()),
    ),
    "chat_quiz_uploads": (_rename("chat_quiz_uploads"),),
    "flags": (
        (  # one open flag per member and question: the one made in the new chat stays
            "DELETE FROM flags WHERE chat_id = ? AND cleared_at IS NULL AND EXISTS (SELECT 1 "
            "FROM flags f WHERE f.chat_id = ? AND f.cleared_at IS NULL AND f.quiz_id = "
            "flags.quiz_id AND f.question_id = flags.question_id AND f.user_id = flags.user_id)",
            ("old", "new"),
        ),
        _rename("flags"),
    ),
    "hidden_questions": (
        (  # hidden in both: the new chat's row stays
            "DELETE FROM hidden_questions WHERE chat_id = ? AND EXISTS (SELECT 1 FROM "
            "hidden_questions h WHERE h.chat_id = ? AND h.quiz_id = hidden_questions.quiz_id "
            "AND h.question_id = hidden_questions.question_id)",
            ("old", "new"),
        ),
        _rename("hidden_questions"),
    ),
}
"""How each table with a chat id moves, in the order the statements run."""

CHAT_META = ("chat.zone.", "report.revoked_before.")
"""Meta keys that end in a chat id (bot/play/chat_zones.py, bot/domain/report_links.py):
they move with the chat; a key the new chat already has stays."""
_META_MOVES = (
    "DELETE FROM meta WHERE key = ? AND EXISTS (SELECT 1 FROM meta m WHERE m.key = ?)",
    "UPDATE meta SET key = ? WHERE key = ?",
)
CHANNEL_META = ("daily.paused.",)
"""Meta keys `<prefix><chat id>.<channel>` (bot/play/daily_pause.py): each moves with the chat
keeping its channel; a key the new chat already has stays."""
_CHANNEL_META_MOVES = (
    "DELETE FROM meta WHERE substr(key, 1, ?) = ? "
    "AND EXISTS (SELECT 1 FROM meta m WHERE m.key = ? || substr(meta.key, ?))",
    "UPDATE meta SET key = ? || substr(key, ?) WHERE substr(key, 1, ?) = ?",
)

_CREATE = re.compile(r"CREATE TABLE (?:IF NOT EXISTS )?(\w+)\s*\((.*?)\n\s*\)", re.S | re.I)
_ADD_CHAT = re.compile(r"ALTER TABLE (\w+) ADD (?:COLUMN )?chat_id\b", re.I)


def chat_tables(migrations: Iterable[str]) -> set[str]:
    """The tables the migrations give a `chat_id` column: those `MOVES` must cover."""
    found: set[str] = set()
    for ddl in migrations:
        for table, body in _CREATE.findall(ddl):
            if re.search(r"^\s*chat_id\s", body, re.M):
                found.add(table)
        found.update(_ADD_CHAT.findall(ddl))
    return found


class ChatMoveQueries(SqlQueries):
    """`move_chat` of the Store protocol, in SQL both backends share."""

    async def move_chat(self, old_chat_id: str, new_chat_id: str, now: datetime) -> int:
        """Move every row of `old_chat_id` to `new_chat_id` at once; the rows changed."""
        if old_chat_id == new_chat_id:
            return 0
        values = {"old": old_chat_id, "new": new_chat_id, "now": to_ms(now)}
        changed = 0
        async with self._transaction() as transaction:
            await transaction.lock(PICTURES_LOCK)  # first, as an upload takes it before rows
            for moves in MOVES.values():
                for sql, names in moves:
                    changed += await transaction.write(sql, *(values[n] for n in names))
            for prefix in CHAT_META:
                old_key, new_key = f"{prefix}{old_chat_id}", f"{prefix}{new_chat_id}"
                changed += await transaction.write(_META_MOVES[0], old_key, new_key)
                changed += await transaction.write(_META_MOVES[1], new_key, old_key)
            for prefix in CHANNEL_META:
                old_start, new_start = f"{prefix}{old_chat_id}.", f"{prefix}{new_chat_id}."
                rest = len(old_start) + 1
                delete, update = _CHANNEL_META_MOVES
                changed += await transaction.write(
                    delete, len(old_start), old_start, new_start, rest
                )
                changed += await transaction.write(
                    update, new_start, rest, len(old_start), old_start
                )
        return changed
