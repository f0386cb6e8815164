"""`/timezone` end to end on both platforms: anyone reads the group's zone, admins set it, and
the leaderboard's "today" and "this week" follow it and name it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.domain.models import Quiz
from tests.e2e.discord_helpers import World
from tests.e2e.telegram_harness import running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock


async def test_telegram_admins_set_the_groups_time_zone(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    admin, member = fake.user(1, "Amélie", "fr"), fake.user(3, "Chris", "en")
    fake.add_admin(group, admin)
    database = tmp_path / "quiz.db"
    async with running_bot(fake, database, quizzes, clock) as bot:
        shown = await bot.command(group, member, "/timezone")
        assert shown["text"].startswith("🕰️ This group's time zone: UTC.")
        refused = await bot.command(group, member, "/timezone Europe/Paris")
        assert refused["text"] == "Only admins can do that."
        bad = await bot.command(group, admin, "/timezone Mars/Olympus")
        unknown = "Je ne connais pas le fuseau horaire «\u00a0Mars/Olympus\u00a0»"
        assert bad["text"].startswith(unknown)
        done = await bot.command(group, admin, "/timezone asia/kolkata")
        assert done["text"].startswith("🕰️ Fuseau horaire réglé\u00a0: Asia/Kolkata.")
    async with running_bot(fake, database, quizzes, clock) as bot:  # kept across a restart
        board = await bot.command(group, member, "/leaderboard week")
        assert board["text"].splitlines()[0] == "🏆 Leaderboard, this week (Asia/Kolkata)"
        shown = await bot.command(group, member, "/timezone")
        assert shown["text"].startswith("🕰️ This group's time zone: Asia/Kolkata.")


async def test_discord_manage_server_sets_the_servers_time_zone(world: World) -> None:
    ana = world.members["ana"]
    shown = await ana.slash(world.channel, "timezone")
    assert shown.ephemeral
    assert shown.response.content.startswith("🕰️ This group's time zone: UTC.")
    refused = await ana.slash(world.channel, "timezone", zone="Europe/Paris")
    assert refused.ephemeral
    assert refused.response.content == "Only admins can do that."
    zones = await world.admin.autocomplete(world.channel, "timezone", "zone", "europe/par")
    assert zones[0] == {"name": "Europe/Paris", "value": "Europe/Paris"}
    done = await world.admin.slash(world.channel, "timezone", zone="Europe/Paris")
    assert not done.ephemeral
    assert done.response.content.startswith("🕰️ Time zone set: Europe/Paris.")
    board = await ana.slash(world.channel, "leaderboard", period="today")
    heading = board.response.embeds[0].description.replace("\\", "").splitlines()[0]
    assert heading == "**🏆 Leaderboard, today (Europe/Paris)**"
