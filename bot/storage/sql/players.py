"""The Store methods about players and their data, in SQL both backends share.

What `/stats`, `/forgetme` and `quizbot export` read and erase; rounds, posts, answers and
scores are in bot/storage/sql/queries.py.
"""

from __future__ import annotations

from bot.domain.entities import ExportRow, Player, PlayerFootprint, PlayerTotals
from bot.storage.sql.answers import UPSERT_PLAYER
from bot.storage.sql.item_counts import FORGET_ITEMS
from bot.storage.sql.picks import PICK_TABLES
from bot.storage.sql.queries import SqlQueries
from bot.storage.sql.report_counts import FORGET_COUNTS
from bot.storage.sql.review import REVIEW_TABLES
from bot.storage.sql.rows import Select, from_ms, to_text

PLAYER_TABLES = (
    "users", "answers", "score_totals", "score_hours", "score_weeks", "member_stats",
    "round_scores", "member_questions", *REVIEW_TABLES, "flags", *PICK_TABLES,
)  # fmt: skip
"""Every table holding a player's data: what `/forgetme` deletes, in this order. `users`
first, as the answer writer does: the player's own rows are then never contended; the
report's shared counts are subtracted in the writers' key order (report_counts._SUBTRACT)."""

_NAMES = Select("SELECT name FROM users", to_text)
_CHATS = Select("SELECT DISTINCT chat_id FROM answers", to_text)


class PlayerQueries(SqlQueries):
    """Players' names, totals, export and erasure."""

    async def save_player(self, player: Player) -> None:
        await self._write(UPSERT_PLAYER, player.user_id, player.name, player.language)

    async def player_name(self, user_id: str) -> str | None:
        return await self._one(_NAMES, "WHERE user_id = ?", user_id)

    async def player_totals(self, chat_id: str, user_id: str) -> PlayerTotals:
        rows = await self._rows(
            "SELECT correct, answered_at FROM answers WHERE user_id = ? AND chat_id = ? "
            "ORDER BY answered_at",
            user_id,
            chat_id,
        )
        correct_times = tuple(from_ms(int(str(at))) for correct, at in rows if correct)
        return PlayerTotals(len(rows), len(correct_times), correct_times)

    async def player_footprint(self, user_id: str) -> PlayerFootprint:
        counts = [f"(SELECT COUNT(*) FROM {table} WHERE user_id = ?)" for table in PLAYER_TABLES]
        rows = await self._rows(
            f"SELECT {' + '.join(counts)}, COUNT(*), COUNT(DISTINCT chat_id) FROM answers "
            "WHERE user_id = ?",
            *[user_id] * (len(counts) + 1),
        )
        total, answers, chats = (int(str(value)) for value in rows[0])
        return PlayerFootprint(total, answers, chats)

    async def forget_player(self, user_id: str) -> None:
        async with self._transaction() as transaction:
            for table in PLAYER_TABLES:
                if table == "answers":  # the report's counts first, while the answers exist
                    for sql in (*FORGET_COUNTS, *FORGET_ITEMS):
                        await transaction.write(sql, user_id)
                await transaction.write(f"DELETE FROM {table} WHERE user_id = ?", user_id)
            # A schedule outlives its creator; keep it running, without their id.
            await transaction.write(
                "UPDATE daily_schedules SET created_by = '' WHERE created_by = ?", user_id
            )
            await transaction.write(  # and a hidden question stays hidden, by nobody named
                "UPDATE hidden_questions SET hidden_by = '' WHERE hidden_by = ?", user_id
            )

    async def export_chat(self, chat_id: str) -> list[ExportRow]:
        rows = await self._rows(
            "SELECT a.answered_at, a.user_id, COALESCE(u.name, a.user_id), a.quiz_id, "
            "p.question_id, a.choice, a.correct, a.elapsed_ms, a.response FROM answers a "
            "JOIN posts p ON p.post_id = a.post_id LEFT JOIN users u ON u.user_id = a.user_id "
            "WHERE a.chat_id = ? ORDER BY a.answered_at, a.user_id",
            chat_id,
        )
        return [
            ExportRow(
                from_ms(int(str(at))),
                str(user),
                str(name),
                str(quiz),
                str(question),
                int(str(choice)),
                bool(correct),
                int(str(elapsed)),
                None if response is None else str(response),
            )
            for at, user, name, quiz, question, choice, correct, elapsed, response in rows
        ]

    async def chats(self) -> list[str]:
        return await self._all(_CHATS, "ORDER BY chat_id")
