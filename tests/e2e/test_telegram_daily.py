"""Daily questions on Telegram, end to end: the real PTB against the loopback fake Bot API,
with the clock and the scheduler's timer in the test's hands."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.domain.models import Quiz
from tests.e2e.telegram_harness import advance_to, only_flag, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock


async def test_schedule_post_answer_close_and_streaks(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    amelie, bastien, chris = (
        fake.user(1, "Amélie", "fr"),
        fake.user(2, "Bastien", "fr"),
        fake.user(3, "Chris", "en"),
    )
    fake.add_admin(group, amelie)
    title = quizzes["parallelism"].title.fr
    clock.current = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        refused = await bot.command(group, chris, "/daily 09:00 Europe/Paris parallelism")
        assert refused["text"] == "Only admins can do that."
        bad_time = await bot.command(group, amelie, "/daily 25:00 Europe/Paris parallelism")
        assert bad_time["text"].startswith("«\u00a025:00\u00a0» n’est pas une heure.")
        assert "/daily 09:00 Europe/Paris parallelism" in bad_time["text"]
        bad_zone = await bot.command(group, amelie, "/daily 09:00 Mars/Olympus parallelism")
        assert bad_zone["text"].startswith(
            "Je ne connais pas le fuseau horaire «\u00a0Mars/Olympus\u00a0»"
        )
        none = await bot.command(group, chris, "/daily")
        assert none["text"].startswith("No question of the day is scheduled here.")
        done = await bot.command(group, amelie, "/daily 09:00 europe/paris parallelism")
        assert done["text"] == (
            "📅 Question du jour ici\u00a0: tous les jours à 09:00 (Europe/Paris), tirée de "
            f"{title}. Prochaine\u00a0: 2026-03-03 09:00."
        )
        status = await bot.command(group, chris, "/daily")
        assert status["text"].startswith("📅 Question of the day here: every day at 09:00")

        await advance_to(bot, datetime(2026, 3, 3, 7, 59, tzinfo=UTC))
        assert "Question du jour" not in fake.bot_messages(group)[-1]["text"]
        await advance_to(bot, datetime(2026, 3, 3, 8, 0, tzinfo=UTC))
        first = fake.bot_messages(group)[-1]
        assert first["text"].startswith(f"☀️ Question du jour · {title}")
        right, wrong = await bot.right_and_wrong()
        alerts = [
            await bot.press(group, amelie, first["message_id"], right),
            await bot.press(group, bastien, first["message_id"], wrong),
            await bot.press(group, chris, first["message_id"], right),
        ]
        assert alerts[0]["text"].startswith("✅ Bonne réponse\u202f!")
        assert alerts[1]["text"].startswith("❌ Pas tout à fait.")
        assert alerts[2]["text"].startswith("✅ Right!")
        assert all(alert["show_alert"] for alert in alerts)
        again = await bot.press(group, chris, first["message_id"], wrong)
        assert again["text"].startswith("You already answered")

        await advance_to(bot, datetime(2026, 3, 4, 8, 0, tzinfo=UTC))
        closed = fake.message(group, first["message_id"])
        assert only_flag(closed)
        assert "3 réponses" in closed["text"]
        assert "✅ Réponse\u00a0:" in closed["text"]
        second = fake.bot_messages(group)[-1]
        assert second["message_id"] != first["message_id"]
        assert "↩️ Question précédente\u00a0: la réponse était" in second["text"]
        assert "(2/3 justes)" in second["text"]
        dana = fake.user(4, "Dana", "fr")
        late = await bot.press(group, dana, first["message_id"], right, strict=False)
        assert late["text"] == "Cette question est close\u202f; votre réponse n’a pas été comptée."

        right, _ = await bot.right_and_wrong()
        await bot.press(group, amelie, second["message_id"], right)
        await bot.press(group, chris, second["message_id"], right)
        stats = await bot.command(group, amelie, "/stats")
        assert "Série en cours\u00a0: 2 jours" in stats["text"]
        board = await bot.command(group, chris, "/leaderboard")
        assert board["text"].splitlines()[1:] == [
            "1. Amélie 🔥2: 2 points",
            "1. Chris 🔥2: 2 points",
            "3. Bastien: 0 points",
        ]
        off_refused = await bot.command(group, bastien, "/daily off")
        assert off_refused["text"] == "Seuls les administrateurs peuvent faire cela."
        off = await bot.command(group, amelie, "/daily off")
        assert off["text"].startswith("📅 Plus de question du jour ici.")
        await advance_to(bot, datetime(2026, 3, 6, 8, 0, tzinfo=UTC))
        assert only_flag(fake.message(group, second["message_id"]))
        assert fake.bot_messages(group)[-1]["message_id"] == off["message_id"]


async def test_a_restart_catches_up_once_within_the_grace(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    admin = fake.user(1, "Amélie", "en")
    fake.add_admin(group, admin)
    database = tmp_path / "quiz.db"
    clock.current = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    async with running_bot(fake, database, quizzes, clock) as bot:
        await bot.command(group, admin, "/daily 9:00 America/New_York parallelism mon-fri")
    for minutes in (30, 40):  # down at 09:00 New York time, back 30 then 40 minutes late
        clock.current = datetime(2026, 3, 3, 14, minutes, tzinfo=UTC)
        async with running_bot(fake, database, quizzes, clock) as bot:
            await bot.fake.drained()
    daily = [m for m in fake.bot_messages(group) if m["text"].startswith("☀️")]
    assert len(daily) == 1
