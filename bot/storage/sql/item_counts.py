"""Counts for the report's item analysis over a period (issue 29), kept by the answer writers.

Item analysis, the member × question grid and the period filter need, for a quiz and a
period, each member's latest answer to each question and the answers per choice. Grouping
the answers themselves (joined to their posts) costs ~190 ms for a chat of 100,000 answers,
and even per-day counts per member grow with the period (~110 ms for 90 days), so the answer
writers keep two small tables, in the answer's transaction, as they keep the report's other
counts (bot/storage/sql/report_counts.py):

- `member_questions`: per (chat, quiz, member, question) the answers, right answers, and the
  latest answer's time and result: a member's state on a question, one row each (1,600 for
  200 members and 8 questions), whatever the history's length;
- `question_choice_days`: answers and right answers per (chat, quiz, UTC day, question,
  choice), clustered by day: a period's choices are one key range of ~32 rows a day.

`/forgetme` deletes the player's member rows and subtracts their answers from the choice
days; a supergroup move adds the old chat's rows to the new chat's (the later latest answer
wins).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.group_commit import PendingAnswer
from bot.storage.sql.answers import add_sums
from bot.storage.sql.report_counts import DAY_MS, subtract_sql
from bot.storage.sql.rows import to_ms

CHOICE_DAYS_KEY = (("quiz_id", "day", "question_id", "choice"), ("answered", "points"))
"""question_choice_days' key after chat_id, and its sums (moves merge them)."""
ITEM_TABLES = ("member_questions", "question_choice_days")

_CREATE = """
    CREATE TABLE member_questions (
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        question_id TEXT NOT NULL,
        answered INTEGER NOT NULL,
        points INTEGER NOT NULL,
        last_at INTEGER NOT NULL,
        last_correct INTEGER NOT NULL,
        PRIMARY KEY (chat_id, quiz_id, user_id, question_id)
    ) WITHOUT ROWID;
    CREATE INDEX member_questions_by_player ON member_questions (user_id);
    CREATE TABLE question_choice_days (
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        day INTEGER NOT NULL,
        question_id TEXT NOT NULL,
        choice INTEGER NOT NULL,
        answered INTEGER NOT NULL,
        points INTEGER NOT NULL,
        PRIMARY KEY (chat_id, quiz_id, day, question_id, choice)
    ) WITHOUT ROWID;
"""
FILL_ITEM_COUNTS = f"""
    INSERT INTO question_choice_days
        SELECT a.chat_id, a.quiz_id, a.answered_at / {DAY_MS}, p.question_id, a.choice,
            COUNT(*), SUM(a.correct)
        FROM answers a JOIN posts p ON p.post_id = a.post_id
        GROUP BY a.chat_id, a.quiz_id, a.answered_at / {DAY_MS}, p.question_id, a.choice;
    INSERT INTO member_questions
        SELECT a.chat_id, a.quiz_id, a.user_id, p.question_id, COUNT(*), SUM(a.correct),
            MAX(a.answered_at), 0
        FROM answers a JOIN posts p ON p.post_id = a.post_id
        GROUP BY a.chat_id, a.quiz_id, a.user_id, p.question_id;
    UPDATE member_questions SET last_correct = (
        SELECT MAX(a.correct) FROM answers a JOIN posts p ON p.post_id = a.post_id
        WHERE a.user_id = member_questions.user_id AND a.chat_id = member_questions.chat_id
            AND a.quiz_id = member_questions.quiz_id
            AND p.question_id = member_questions.question_id
            AND a.answered_at = member_questions.last_at);
"""
"""Both tables counted from the stored answers (a member's two answers to a question at the
same millisecond: right if either was): the migration, bulk loads."""
ITEM_COUNTS_MIGRATION = _CREATE + FILL_ITEM_COUNTS
"""Appended to `schema.MIGRATIONS`."""

_LATEST = (
    "last_correct = CASE WHEN excluded.last_at >= member_questions.last_at "
    "THEN excluded.last_correct ELSE member_questions.last_correct END, "
    "last_at = CASE WHEN excluded.last_at > member_questions.last_at "
    "THEN excluded.last_at ELSE member_questions.last_at END"
)
ADD_MEMBER_QUESTION = (
    "INSERT INTO member_questions (chat_id, quiz_id, user_id, question_id, answered, points, "
    "last_at, last_correct) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (chat_id, quiz_id, user_id, question_id) DO UPDATE SET "
    "answered = member_questions.answered + excluded.answered, "
    f"points = member_questions.points + excluded.points, {_LATEST}"
)
"""A member's answers to a question added; the later of the two latest answers kept."""
ADD_CHOICE_DAY = add_sums(
    "question_choice_days",
    ("chat_id", *CHOICE_DAYS_KEY[0]),
    ("chat_id", *CHOICE_DAYS_KEY[0]),
    CHOICE_DAYS_KEY[1],
)
ADD_ITEM_COUNTS = (ADD_MEMBER_QUESTION, ADD_CHOICE_DAY)
"""One statement per table, in the order of `item_rows` (and of the writers' locks)."""

MEMBER_QUESTION_MOVES = (
    (
        ADD_MEMBER_QUESTION.replace(
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            "SELECT CAST(? AS TEXT), quiz_id, user_id, question_id, answered, points, "
            "last_at, last_correct FROM member_questions WHERE chat_id = ?",
        ),
        ("new", "old"),
    ),
    ("DELETE FROM member_questions WHERE chat_id = ?", ("old",)),
)
"""A chat moved: its members' rows added to the new chat's (bot/storage/sql/chat_moves.py;
question_choice_days merges its sums there)."""

FORGET_ITEMS = (
    subtract_sql(
        "question_choice_days",
        CHOICE_DAYS_KEY,
        f"a.quiz_id, a.answered_at / {DAY_MS}, p.question_id, a.choice, -COUNT(*), "
        "-SUM(a.correct)",
        f"a.quiz_id, a.answered_at / {DAY_MS}, p.question_id, a.choice",
    ),
    "DELETE FROM question_choice_days WHERE answered = 0 AND chat_id IN "
    "(SELECT DISTINCT chat_id FROM answers WHERE user_id = ?)",
)
"""Run with the player's id before their answers are deleted (member_questions rows go with
PLAYER_TABLES)."""

CountRows = list[tuple[object, ...]]


def item_rows(created: Sequence[PendingAnswer]) -> tuple[CountRows, CountRows]:
    """Arguments of ADD_ITEM_COUNTS for newly stored answers, one row per key (a PostgreSQL
    statement may touch a row once), sorted (one lock order)."""
    members: dict[tuple[str, ...], list[int]] = {}
    days: dict[tuple[object, ...], list[int]] = {}
    for item in created:
        answer = item.answer
        at, correct = to_ms(answer.answered_at), int(answer.correct)
        key = (item.chat_id, item.quiz_id, answer.user_id, item.question_id)
        found = members.setdefault(key, [0, 0, at, correct])
        found[0] += 1
        found[1] += correct
        if at >= found[2]:
            found[2], found[3] = at, correct
        day = (item.chat_id, item.quiz_id, at // DAY_MS, item.question_id, answer.choice)
        sums = days.setdefault(day, [0, 0])
        sums[0] += 1
        sums[1] += correct
    return (
        [(*key, *values) for key, values in sorted(members.items())],
        [(*key, *sums) for key, sums in sorted(days.items())],
    )
