"""Issue 16: a Discord channel deleted, or a server that removed the bot, pauses its question
of the day (kept, with the reason) instead of failing every day; `/daily status` says so and
`/daily set` resumes it. The real discord.py through simcord, virtual time (simcord's clock
starts at 2026-01-01T00:00Z)."""

from __future__ import annotations

from bot.play import daily_pause
from tests.e2e.discord_helpers import World

HOUR = 3600
DAY = 24 * HOUR


def plain(text: str) -> str:
    return text.replace("\\", "")


async def test_a_deleted_channel_pauses_its_schedule_and_the_others_keep_posting(
    world: World,
) -> None:
    admin, guild = world.admin, world.guild
    doomed = guild.create_text_channel("doomed")
    for channel in (world.channel, doomed):
        await admin.slash(
            world.channel,
            "daily set",
            time="09:00",
            timezone="UTC",
            quiz="parallelism",
            channel=channel,
        )
    world.env.backend.delete_channel(doomed.id)  # as the DELETE route does: 404 10003
    await world.env.advance_time(3 * DAY)
    dailies = [m for m in world.channel.history() if m.embeds and "☀️" in m.embeds[0].description]
    assert len(dailies) == 3
    chat = f"dc:{guild.id}"
    reason = await world.bot.daily.paused_reason(chat, str(doomed.id))
    assert reason is not None
    assert reason == daily_pause.CHANNEL_DELETED  # CHANNEL_DELETE paused it, before any 10003
    assert await world.bot.daily.paused_reason(chat, str(world.channel.id)) is None
    status = await admin.slash(world.channel, "daily status")
    assert "⏸️ Paused: the bot could not post here (the channel was deleted)." in plain(
        status.response.content
    )
    schedule = await world.bot.daily.schedule(chat, str(doomed.id))
    assert schedule is not None  # kept for when an admin sets it again
    assert schedule.next_run_at.year == 9999  # never due: no attempt every day


async def test_a_server_that_removed_the_bot_has_its_schedules_paused(world: World) -> None:
    await world.admin.slash(
        world.channel, "daily set", time="09:00", timezone="UTC", quiz="parallelism"
    )
    await world.members["ana"].slash(world.channel, "quiz", quiz="parallelism", questions=2)
    chat = f"dc:{world.guild.id}"
    for feed in list(world.env.backend.subscribers):  # the gateway's GUILD_DELETE
        feed("GUILD_DELETE", {"id": str(world.guild.id)})
    await world.env.advance_time(1)
    reason = await world.bot.daily.paused_reason(chat, str(world.channel.id))
    assert reason == daily_pause.SERVER_REMOVED
    assert await world.bot.service.store.running_rounds() == []  # ended quietly
