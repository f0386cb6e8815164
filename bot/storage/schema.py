"""The schema: one definition, written in SQLite's dialect; PostgreSQL's is derived from it.

Both backends apply the same numbered migrations (SQLite counts them in `PRAGMA
user_version`, PostgreSQL in a `schema_version` table), so a database moves between them
with `quizbot db copy`. `postgres_ddl` makes the few dialect changes: identity keys,
64-bit integers (timestamps are milliseconds), byte-order text like SQLite, no WITHOUT ROWID.
"""

from __future__ import annotations

import functools
import re

from bot.storage.sql.answers import RESPONSES_MIGRATION
from bot.storage.sql.chat_quizzes import CHAT_QUIZ_TABLES, CHAT_QUIZZES_MIGRATION
from bot.storage.sql.daily import DAILY_MIGRATION
from bot.storage.sql.flags import FLAG_TABLES, FLAGS_MIGRATION
from bot.storage.sql.item_counts import ITEM_COUNTS_MIGRATION, ITEM_TABLES
from bot.storage.sql.picks import PICK_TABLES, PICKS_MIGRATION
from bot.storage.sql.pictures import PICTURE_TABLES, PICTURES_MIGRATION
from bot.storage.sql.report_counts import COUNT_TABLES, REPORT_COUNTS_MIGRATION
from bot.storage.sql.review import REVIEW_MIGRATION, REVIEW_TABLES
from bot.storage.sql.round_sweep import ROUND_SWEEP_MIGRATION
from bot.storage.sql.scores import SCORE_TABLES_MIGRATION, SCORE_WEEKS_MIGRATION
from bot.storage.sql.seen_updates import SEEN_UPDATES_MIGRATION
from bot.storage.sql.sent_files import SENT_FILE_TABLES, SENT_FILES_MIGRATION

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE users (
        user_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        language TEXT NOT NULL
    );
    CREATE TABLE rounds (
        round_id INTEGER PRIMARY KEY,
        chat_id TEXT NOT NULL,
        channel_ref TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('group', 'solo')),
        question_ids TEXT NOT NULL,
        started_by TEXT NOT NULL,
        seconds_per_question INTEGER,
        language TEXT NOT NULL,
        position INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'running'
            CHECK (status IN ('running', 'finished', 'stopped')),
        started_at INTEGER NOT NULL,
        ended_at INTEGER
    );
    CREATE UNIQUE INDEX one_group_round_per_channel ON rounds (chat_id, channel_ref)
        WHERE status = 'running' AND mode = 'group';
    CREATE UNIQUE INDEX one_solo_round_per_player ON rounds (chat_id, channel_ref, started_by)
        WHERE status = 'running' AND mode = 'solo';
    CREATE TABLE posts (
        post_id INTEGER PRIMARY KEY,
        round_id INTEGER REFERENCES rounds (round_id),
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        question_id TEXT NOT NULL,
        choice_order TEXT NOT NULL,
        number INTEGER NOT NULL,
        total INTEGER NOT NULL,
        opened_at INTEGER NOT NULL,
        deadline INTEGER,
        closed_at INTEGER,
        message_ref TEXT,
        UNIQUE (round_id, number)
    );
    CREATE INDEX open_posts ON posts (deadline) WHERE closed_at IS NULL;
    CREATE TABLE answers (
        post_id INTEGER NOT NULL REFERENCES posts (post_id),
        user_id TEXT NOT NULL,
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        choice INTEGER NOT NULL,
        correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
        answered_at INTEGER NOT NULL,
        elapsed_ms INTEGER NOT NULL,
        PRIMARY KEY (post_id, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX answers_by_chat ON answers (chat_id, answered_at);
    CREATE INDEX answers_by_player ON answers (user_id, chat_id);
    """,
    """
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    SCORE_TABLES_MIGRATION,
    DAILY_MIGRATION,  # daily questions (bot/storage/sql/daily.py)
    SCORE_WEEKS_MIGRATION,  # new migrations go last: a database's version counts them
    SEEN_UPDATES_MIGRATION,  # Telegram updates handled once (bot/storage/sql/seen_updates.py)
    REVIEW_MIGRATION,  # spaced review (bot/storage/sql/review.py)
    CHAT_QUIZZES_MIGRATION,  # quizzes chats upload (bot/storage/sql/chat_quizzes.py)
    REPORT_COUNTS_MIGRATION,  # the report's counts (bot/storage/sql/report_counts.py)
    ROUND_SWEEP_MIGRATION,  # any process moves on stalled rounds (bot/storage/sql/round_sweep.py)
    RESPONSES_MIGRATION,  # what was typed or picked (bot/storage/sql/answers.py)
    ITEM_COUNTS_MIGRATION,  # item analysis counts (bot/storage/sql/item_counts.py)
    FLAGS_MIGRATION,  # flagged and hidden questions (bot/storage/sql/flags.py)
    PICKS_MIGRATION,  # answers in progress: picks, typed answers awaited (sql/picks.py)
    PICTURES_MIGRATION,  # chat quizzes' pictures (bot/storage/sql/pictures.py)
    SENT_FILES_MIGRATION,  # a picture's file_id per bot, uploaded once (sql/sent_files.py)
)
SCHEMA_VERSION = len(MIGRATIONS)
TABLES = ("users", "rounds", "posts", "answers", "meta", "score_totals", "score_hours",
          "score_weeks", "daily_schedules", "daily_posts", "seen_updates", *REVIEW_TABLES,
          *CHAT_QUIZ_TABLES, *COUNT_TABLES, *ITEM_TABLES, *FLAG_TABLES, *PICK_TABLES,
          *PICTURE_TABLES, *SENT_FILE_TABLES)  # fmt: skip
"""Every table, parents before children (the order a copy inserts in)."""
IDENTITY_COLUMNS = {
    "rounds": "round_id",
    "posts": "post_id",
    "daily_schedules": "schedule_id",
    "chat_quizzes": "serial",
    "flags": "flag_id",
}
"""Tables whose key the database assigns: PostgreSQL's sequence must follow a copy."""

_POSTGRES_REWRITES = (
    (
        r"\bINTEGER PRIMARY KEY( AUTOINCREMENT)?\b",
        "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    ),
    (r"\bINTEGER\b", "BIGINT"),
    (r"\bTEXT\b", 'TEXT COLLATE "C"'),  # compare and sort by bytes, as SQLite does
    (r"\bBLOB\b", "BYTEA"),
    (r"\)\s*WITHOUT ROWID", ")"),
)


@functools.lru_cache(maxsize=512)
def to_postgres(sql: str) -> str:
    """`?` placeholders as `$1, $2, …` (no literal in our SQL holds a question mark)."""
    numbers = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(numbers)}", sql)


def postgres_ddl(sqlite_ddl: str) -> str:
    """The same migration in PostgreSQL's dialect."""
    for pattern, replacement in _POSTGRES_REWRITES:
        sqlite_ddl = re.sub(pattern, replacement, sqlite_ddl)
    return sqlite_ddl
