"""Daily questions on Discord, end to end: the real discord.py through simcord, virtual time.

simcord's clock starts at 2026-01-01T00:00Z; 09:00 in Paris that day is 08:00Z.
"""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from tests.e2e.discord_helpers import (
    World,
    build_bot,
    custom_ids,
    letter_buttons,
    letters,
    post_id_of,
)

HOUR = 3600


def plain(text: str) -> str:
    return text.replace("\\", "")


async def daily_question(world: World) -> tuple[Any, Any]:
    message = world.channel.last_message
    assert message.embeds[0].description.startswith("**☀️ Question of the day")
    view = await world.bot.service.view(post_id_of(message))
    assert view is not None
    return message, view


async def test_schedule_post_answer_close_and_streaks(world: World) -> None:
    env, admin, channel = world.env, world.admin, world.channel
    ana, ben, chloe = (world.members[name] for name in ("ana", "ben", "chloe"))
    zones = await admin.autocomplete(channel, "daily set", "timezone", "europe/pa")
    assert zones[0] == {"name": "Europe/Paris", "value": "Europe/Paris"}
    bad = await admin.slash(
        channel, "daily set", time="9 am", timezone="Europe/Paris", quiz="parallelism"
    )
    assert bad.ephemeral
    assert plain(bad.response.content).startswith("“9 am” is not a time.")
    bad_zone = await admin.slash(
        channel, "daily set", time="09:00", timezone="Paris", quiz="parallelism"
    )
    assert "I don't know the time zone “Paris”" in plain(bad_zone.response.content)
    done = await admin.slash(
        channel,
        "daily set",
        time="09:00",
        timezone="Europe/Paris",
        quiz="parallelism",
        channel=channel,
    )
    assert not done.ephemeral
    assert "Next one: 2026-01-01 09:00" in plain(done.response.embeds[0].description)

    await env.advance_time(8 * HOUR - 1)
    assert world.channel.last_message.id == done.response.id
    await env.advance_time(1)
    first, view = await daily_question(world)
    post_id = view.post.post_id
    assert custom_ids(first) == [f"v1:a:{post_id}:{letter}" for letter in "ABCD"]
    right, wrong = letters(view)
    verdicts = [
        await ana.click(first, label=right),
        await ben.click(first, label=wrong),
        await chloe.click(first, label=right),
    ]
    assert all(verdict.ephemeral for verdict in verdicts)
    assert plain(verdicts[0].response.content).startswith("**✅ Right!")
    assert plain(verdicts[1].response.content).startswith("**❌ Not quite.")

    await env.advance_time(24 * HOUR)
    closed = next(m for m in channel.history() if m.id == first.id)
    assert all(button.disabled for button in letter_buttons(closed))
    assert "3 answers" in closed.embeds[0].description
    second, view = await daily_question(world)
    assert second.id != first.id
    assert "(2/3 right)" in plain(second.embeds[0].description)
    right, _ = letters(view)
    await ana.click(second, label=right)
    await chloe.click(second, label=right)

    stats = await ana.slash(channel, "stats")
    assert "Current streak: 2 days" in plain(stats.response.embeds[0].description)
    board = await ben.slash(channel, "leaderboard")
    lines = plain(board.response.embeds[0].description).splitlines()
    assert lines[1:] == ["1. ana 🔥2: 2 points", "1. chloe 🔥2: 2 points", "3. ben: 0 points"]


async def test_members_without_manage_server_are_refused(world: World) -> None:
    ana = world.members["ana"]
    assert "daily" not in ana.available_commands(world.channel)
    with pytest.raises(simcord.SetupError, match="default-member-permissions"):
        await ana.slash(world.channel, "daily off")
    command = next(c for c in await world.bot.tree.fetch_commands() if c.name == "daily")
    world.guild.set_command_permissions(command.id, {ana: True})  # a server override
    refused = await ana.slash(
        world.channel, "daily set", time="09:00", timezone="Europe/Paris", quiz="parallelism"
    )
    assert refused.ephemeral
    assert refused.response.content == "Only admins can do that."
    assert await world.bot.store.chat_schedules(f"dc:{world.guild.id}") == []


async def test_a_restart_keeps_the_schedule_and_old_buttons(world: World) -> None:
    env, channel = world.env, world.channel
    await world.admin.slash(
        channel, "daily set", time="08:00", timezone="UTC", quiz="parallelism", days="mon-fri"
    )
    await env.advance_time(8 * HOUR)  # Thursday 2026-01-01
    first, view = await daily_question(world)
    await env.restart_bot(build_bot(world.bot.store, world.bot.service.quizzes))
    right, _ = letters(view)
    clicked = await world.members["ana"].click(first, label=right)
    assert plain(clicked.response.content).startswith("**✅ Right!")
    await env.advance_time(24 * HOUR)  # Friday
    friday, _ = await daily_question(world)
    await env.advance_time(3 * 24 * HOUR)  # the weekend is skipped: Monday's is next
    monday, _ = await daily_question(world)
    dailies = [m for m in channel.history() if m.embeds and "☀️" in m.embeds[0].description]
    assert [m.id for m in dailies] == [first.id, friday.id, monday.id]
    status = await world.admin.slash(channel, "daily status")
    assert "Mon, Tue, Wed, Thu, Fri at 08:00 (UTC)" in plain(status.response.content)
