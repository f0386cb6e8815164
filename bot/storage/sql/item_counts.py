"""Per member, question and choice counts for the report's item analysis (issue 29).

Item analysis (difficulty, discrimination, distractors), the member × question grid and
the members' periods need, for a quiz and a period, each member's answers to each question
by choice. Grouping the answers themselves (joined to their posts) costs ~190 ms for a chat
of 100,000 answers, so the answer writers keep two tables, in the answer's transaction, as
they keep the report's other counts (bot/storage/sql/report_counts.py):

- `member_choices`: answers and right answers per (chat, quiz, member, question, choice),
  over all time: the "all" period, read by primary key (~6,400 rows for 200 members);
- `member_choice_days`: the same per day (UTC), clustered by (chat, quiz, day), so a
  period is one range of the primary key.

A period reads whichever is fewer days: its own days, or all time less the days before it.
`/forgetme` deletes the player's rows (both tables are keyed by member); a supergroup move
adds the old chat's rows to the new chat's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from bot.storage.group_commit import PendingAnswer
from bot.storage.sql.answers import add_sums
from bot.storage.sql.report_counts import DAY_MS
from bot.storage.sql.rows import to_ms

_SUMS = ("answered", "points")
ITEM_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "member_choices": (("quiz_id", "user_id", "question_id", "choice"), _SUMS),
    "member_choice_days": (("quiz_id", "day", "user_id", "question_id", "choice"), _SUMS),
}
"""Per table: its key after chat_id, and the sums it adds (moves merge them)."""
ITEM_TABLES = tuple(ITEM_KEYS)


def _create(table: str) -> str:
    keys, _ = ITEM_KEYS[table]
    columns = "".join(
        f"        {key} {'INTEGER' if key in ('day', 'choice') else 'TEXT'} NOT NULL,\n"
        for key in keys
    )
    return (
        f"    CREATE TABLE {table} (\n        chat_id TEXT NOT NULL,\n{columns}"
        "        answered INTEGER NOT NULL,\n        points INTEGER NOT NULL,\n"
        f"        PRIMARY KEY (chat_id, {', '.join(keys)})\n    ) WITHOUT ROWID;\n"
        f"    CREATE INDEX {table}_by_player ON {table} (user_id);\n"
    )


FILL_ITEM_COUNTS = f"""
    INSERT INTO member_choice_days
        SELECT a.chat_id, a.quiz_id, a.answered_at / {DAY_MS}, a.user_id, p.question_id,
            a.choice, COUNT(*), SUM(a.correct)
        FROM answers a JOIN posts p ON p.post_id = a.post_id
        GROUP BY a.chat_id, a.quiz_id, a.answered_at / {DAY_MS}, a.user_id, p.question_id,
            a.choice;
    INSERT INTO member_choices
        SELECT chat_id, quiz_id, user_id, question_id, choice, SUM(answered), SUM(points)
        FROM member_choice_days GROUP BY chat_id, quiz_id, user_id, question_id, choice;
"""
"""Both tables counted from the stored answers (the migration, bulk loads)."""

ITEM_COUNTS_MIGRATION = "".join(_create(table) for table in ITEM_TABLES) + FILL_ITEM_COUNTS
"""Appended to `schema.MIGRATIONS`."""

ADD_ITEM_COUNTS = tuple(
    add_sums(table, ("chat_id", *keys), ("chat_id", *keys), sums)
    for table, (keys, sums) in ITEM_KEYS.items()
)
"""One statement per table, in the order of `item_rows` (and of the writers' locks)."""

CountRows = list[tuple[object, ...]]


def item_rows(created: Sequence[PendingAnswer]) -> tuple[CountRows, CountRows]:
    """Arguments of ADD_ITEM_COUNTS for newly stored answers, summed per key and sorted (a
    PostgreSQL statement may touch a row once; sorted keys lock in one order)."""
    totals: dict[tuple[object, ...], list[int]] = defaultdict(lambda: [0, 0])
    days: dict[tuple[object, ...], list[int]] = defaultdict(lambda: [0, 0])
    for item in created:
        answer = item.answer
        day = to_ms(answer.answered_at) // DAY_MS
        for sums in (
            totals[(item.chat_id, item.quiz_id, answer.user_id, item.question_id, answer.choice)],
            days[(item.chat_id, item.quiz_id, day, answer.user_id, item.question_id,
                  answer.choice)],
        ):  # fmt: skip
            sums[0] += 1
            sums[1] += int(answer.correct)
    return (
        [(*key, *sums) for key, sums in sorted(totals.items())],
        [(*key, *sums) for key, sums in sorted(days.items())],
    )
