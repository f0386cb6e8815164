"""Counts the report pages read by primary key, kept by both answer writers (issue 21).

A quiz's page shows, per question, how many chose each choice and the median answer time;
the members page shows each member's totals, streaks and last active day. Computing those
from the answers costs time in proportion to the chat's history, so the answer writers keep
them, in the answer's own transaction, as they keep the score tables:

- `question_choices`: answers and right answers per (chat, quiz, question, choice);
- `question_times`: answers per (chat, quiz, question, time step), a step being a tenth of a
  second (`TIME_STEP_MS`), the precision the page shows the median to, so it is exact;
- `member_stats`: per (chat, member) answers, right answers, last active day, and the
  calendar-day streak (UTC) as `rules.streaks` counts it: the last day with a right answer,
  the run of consecutive right days ending there, and the best run;
- `round_scores`: per (round, player) points, answers and time, so the latest rounds'
  rankings read a row per player instead of their answers.

Streaks are kept incrementally, day by day in answer order: an answer on a day before the
member's last right day changes totals but not the streak (writers store answers as they
come, so days only move forward). `/forgetme` subtracts the player's answers from the
question counts before deleting them and drops their member rows; a supergroup move adds the
question counts to the new chat's and recounts the moved members from the hourly buckets.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from bot.storage.group_commit import PendingAnswer
from bot.storage.sql.answers import HOUR_MS, add_sums
from bot.storage.sql.rows import to_ms

TIME_STEP_MS = 100
"""Answer times are counted in tenths of a second: the median shown is to that precision."""
DAY_MS = 24 * HOUR_MS
NO_DAY = -2
"""`right_day` of a member never right: no day follows it."""

COUNT_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "question_choices": (("quiz_id", "question_id", "choice"), ("answered", "points")),
    "question_times": (("quiz_id", "question_id", "step"), ("answered",)),
}
"""Per question table: its key after chat_id, and the sums it adds (moves merge them)."""
COUNT_TABLES = (*COUNT_KEYS, "member_stats", "round_scores")
"""Every table of this module, in the order writers lock them (db copy copies them)."""

_MEMBER_FIGURES = ("answered", "points", "last_day", "right_day", "run", "best")
_MEMBERS_FROM_HOURS = f"""
    INSERT INTO member_stats (chat_id, user_id, {", ".join(_MEMBER_FIGURES)})
    WITH days AS (
        SELECT chat_id, user_id, hour / 24 AS day, SUM(answered) AS answered,
            SUM(points) AS points
        FROM score_hours {{where}} GROUP BY chat_id, user_id, hour / 24
    ), right_days AS (
        SELECT chat_id, user_id, day,
            day - ROW_NUMBER() OVER (PARTITION BY chat_id, user_id ORDER BY day) AS island
        FROM days WHERE points > 0
    ), runs AS (
        SELECT chat_id, user_id, COUNT(*) AS length, MAX(day) AS last FROM right_days
        GROUP BY chat_id, user_id, island
    ), streaks AS (
        SELECT chat_id, user_id, MAX(length) AS best, MAX(last) AS right_day FROM runs
        GROUP BY chat_id, user_id
    ), totals AS (
        SELECT chat_id, user_id, SUM(answered) AS answered, SUM(points) AS points,
            MAX(day) AS last_day
        FROM days GROUP BY chat_id, user_id
    )
    SELECT t.chat_id, t.user_id, t.answered, t.points, t.last_day,
        COALESCE(s.right_day, {NO_DAY}), COALESCE(r.length, 0), COALESCE(s.best, 0)
    FROM totals t
    LEFT JOIN streaks s ON s.chat_id = t.chat_id AND s.user_id = t.user_id
    LEFT JOIN runs r ON r.chat_id = t.chat_id AND r.user_id = t.user_id AND r.last = s.right_day
    WHERE NOT EXISTS (SELECT 1 FROM member_stats m WHERE m.chat_id = t.chat_id
        AND m.user_id = t.user_id)
"""
"""Members' rows counted from the hourly buckets (gaps and islands: a run's days less their
rank are constant): the migration's fill, and a moved chat's recount."""

_FILL_QUESTIONS = f"""
    INSERT INTO question_choices
        SELECT a.chat_id, a.quiz_id, p.question_id, a.choice, COUNT(*), SUM(a.correct)
        FROM answers a JOIN posts p ON p.post_id = a.post_id
        GROUP BY a.chat_id, a.quiz_id, p.question_id, a.choice;
    INSERT INTO question_times
        SELECT a.chat_id, a.quiz_id, p.question_id, a.elapsed_ms / {TIME_STEP_MS}, COUNT(*)
        FROM answers a JOIN posts p ON p.post_id = a.post_id
        GROUP BY a.chat_id, a.quiz_id, p.question_id, a.elapsed_ms / {TIME_STEP_MS};
"""
_FILL_ROUNDS = """
    INSERT INTO round_scores
        SELECT p.round_id, a.user_id, SUM(a.correct), COUNT(*), SUM(a.elapsed_ms)
        FROM answers a JOIN posts p ON p.post_id = a.post_id WHERE p.round_id IS NOT NULL
        GROUP BY p.round_id, a.user_id;
"""
FILL_REPORT_COUNTS = _FILL_QUESTIONS + _FILL_ROUNDS + _MEMBERS_FROM_HOURS.format(where="") + ";"
"""Counts over the answers table and hourly buckets, into empty tables (migration, bulk
loads: after the score tables are filled)."""

REPORT_COUNTS_MIGRATION = f"""
    CREATE TABLE question_choices (
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        question_id TEXT NOT NULL,
        choice INTEGER NOT NULL,
        answered INTEGER NOT NULL,
        points INTEGER NOT NULL,
        PRIMARY KEY (chat_id, quiz_id, question_id, choice)
    ) WITHOUT ROWID;
    CREATE TABLE question_times (
        chat_id TEXT NOT NULL,
        quiz_id TEXT NOT NULL,
        question_id TEXT NOT NULL,
        step INTEGER NOT NULL,
        answered INTEGER NOT NULL,
        PRIMARY KEY (chat_id, quiz_id, question_id, step)
    ) WITHOUT ROWID;
    CREATE TABLE member_stats (
        chat_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        answered INTEGER NOT NULL,
        points INTEGER NOT NULL,
        last_day INTEGER NOT NULL,
        right_day INTEGER NOT NULL,
        run INTEGER NOT NULL,
        best INTEGER NOT NULL,
        PRIMARY KEY (chat_id, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX member_stats_by_player ON member_stats (user_id);
    CREATE TABLE round_scores (
        round_id INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        points INTEGER NOT NULL,
        answered INTEGER NOT NULL,
        total_ms INTEGER NOT NULL,
        PRIMARY KEY (round_id, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX round_scores_by_player ON round_scores (user_id);
    {FILL_REPORT_COUNTS}
"""
"""Appended to `schema.MIGRATIONS`: the report's counts, filled from the stored answers."""

ADD_CHOICE = add_sums(
    "question_choices",
    ("chat_id", *COUNT_KEYS["question_choices"][0]),
    ("chat_id", *COUNT_KEYS["question_choices"][0]),
    ("answered", "points"),
)
ADD_TIME = add_sums("question_times", ("chat_id", *COUNT_KEYS["question_times"][0]),
                    ("chat_id", *COUNT_KEYS["question_times"][0]), ("answered",))  # fmt: skip


def _greater(column: str) -> str:
    return (f"CASE WHEN excluded.{column} > member_stats.{column} THEN excluded.{column} "
            f"ELSE member_stats.{column} END")  # fmt: skip


_RUN = (
    "CASE WHEN excluded.right_day <= member_stats.right_day THEN member_stats.run "
    "WHEN excluded.right_day = member_stats.right_day + 1 THEN member_stats.run + 1 ELSE 1 END"
)
ADD_MEMBER_DAY = (
    f"INSERT INTO member_stats (chat_id, user_id, {', '.join(_MEMBER_FIGURES)}) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chat_id, user_id) DO UPDATE SET "
    "answered = member_stats.answered + excluded.answered, "
    "points = member_stats.points + excluded.points, "
    f"last_day = {_greater('last_day')}, right_day = {_greater('right_day')}, run = {_RUN}, "
    f"best = CASE WHEN {_RUN} > member_stats.best THEN {_RUN} ELSE member_stats.best END"
)
"""A member's answers of one day: totals added; a right answer on the day after the last
right day lengthens the run, on a later day starts one, on that day or before changes none."""

ADD_ROUND_SCORE = (
    "INSERT INTO round_scores (round_id, user_id, points, answered, total_ms) "
    "SELECT round_id, ?, ?, 1, ? FROM posts WHERE post_id = ? AND round_id IS NOT NULL "
    "ON CONFLICT (round_id, user_id) DO UPDATE SET "
    + ", ".join(f"{c} = round_scores.{c} + excluded.{c}" for c in ("points", "answered",
                                                                 "total_ms"))
)  # fmt: skip
"""An answer's points and time added to its round's line of the player (none outside a
round: daily questions)."""

CountRows = list[tuple[object, ...]]


def count_rows(
    created: Sequence[PendingAnswer],
) -> tuple[CountRows, CountRows, CountRows, CountRows]:
    """Arguments of ADD_CHOICE, ADD_TIME, ADD_MEMBER_DAY and ADD_ROUND_SCORE for newly stored
    answers, summed per key; members' rows per day, in day order (each day's row must follow
    the last); round lines per answer (its post names the round)."""
    choices: dict[tuple[object, ...], list[int]] = defaultdict(lambda: [0, 0])
    times: dict[tuple[object, ...], int] = defaultdict(int)
    days: dict[tuple[int, str, str], list[int]] = defaultdict(lambda: [0, 0])
    for item in created:
        answer = item.answer
        question = (item.chat_id, item.quiz_id, item.question_id)
        sums = choices[(*question, answer.choice)]
        sums[0] += 1
        sums[1] += int(answer.correct)
        times[(*question, answer.elapsed_ms // TIME_STEP_MS)] += 1
        day = days[to_ms(answer.answered_at) // DAY_MS, item.chat_id, answer.user_id]
        day[0] += 1
        day[1] += int(answer.correct)
    answers = [item.answer for item in created]
    members: CountRows = []
    for (day_number, chat_id, user_id), (answered, points) in sorted(days.items()):
        right = points > 0
        run = int(right)
        right_day = day_number if right else NO_DAY
        members.append((chat_id, user_id, answered, points, day_number, right_day, run, run))
    return (
        [(*key, *sums) for key, sums in choices.items()],
        [(*key, count) for key, count in times.items()],
        members,
        [(a.user_id, int(a.correct), a.elapsed_ms, a.post_id) for a in answers],
    )


MEMBER_MOVES = (
    (
        "DELETE FROM member_stats WHERE chat_id IN (?, ?) AND EXISTS "
        "(SELECT 1 FROM member_stats o WHERE o.chat_id = ?)",
        ("old", "new", "old"),
    ),
    (_MEMBERS_FROM_HOURS.format(where="WHERE chat_id = ?"), ("new",)),
)
"""A chat moved: its members recounted from the hourly buckets, merged before (a member who
played in both chats gets one streak over both); a repeated move (no old rows) changes none."""

_SUBTRACT = """
    INSERT INTO {table} (chat_id, {keys}, {sums})
    SELECT a.chat_id, {selected}
    FROM answers a JOIN posts p ON p.post_id = a.post_id WHERE a.user_id = ?
    GROUP BY a.chat_id, {grouped} ORDER BY a.chat_id, {grouped}
    ON CONFLICT (chat_id, {keys}) DO UPDATE SET {updates}
"""
"""Ordered like the answer writers' batches, so PostgreSQL locks shared count rows in one
order on both sides and a /forgetme never deadlocks with other players' answers."""
_SUBTRACTED = {
    "question_choices": ("a.quiz_id, p.question_id, a.choice, -COUNT(*), -SUM(a.correct)",
                         "a.quiz_id, p.question_id, a.choice"),
    "question_times": (f"a.quiz_id, p.question_id, a.elapsed_ms / {TIME_STEP_MS}, -COUNT(*)",
                       f"a.quiz_id, p.question_id, a.elapsed_ms / {TIME_STEP_MS}"),
}  # fmt: skip


def _subtract(table: str) -> str:
    return subtract_sql(table, COUNT_KEYS[table], *_SUBTRACTED[table])


def subtract_sql(
    table: str, key_and_sums: tuple[tuple[str, ...], tuple[str, ...]], selected: str, grouped: str
) -> str:
    """A player's answers taken away from a count table (see _SUBTRACT): `selected` its key
    and negated sums from `answers a JOIN posts p`, `grouped` its key."""
    keys, sums = key_and_sums
    updates = ", ".join(f"{c} = {table}.{c} + excluded.{c}" for c in sums)
    return _SUBTRACT.format(table=table, keys=", ".join(keys), sums=", ".join(sums),
                            selected=selected, grouped=grouped, updates=updates)  # fmt: skip


FORGET_COUNTS = (
    *(_subtract(table) for table in COUNT_KEYS),
    *(f"DELETE FROM {table} WHERE answered = 0 AND chat_id IN "
      "(SELECT DISTINCT chat_id FROM answers WHERE user_id = ?)" for table in COUNT_KEYS),
)  # fmt: skip
"""Run with the player's id before their answers are deleted: their answers taken away from
the question counts (rows left at zero dropped). Their member rows go with PLAYER_TABLES."""

REPORT_COUNTS = (ADD_CHOICE, ADD_TIME, ADD_MEMBER_DAY, ADD_ROUND_SCORE)
"""One statement per table, in the order of `count_rows` (and of the writers' locks)."""
