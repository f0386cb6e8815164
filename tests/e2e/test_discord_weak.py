"""`/quiz quiz:weak` on Discord end to end: the real discord.py driven through simcord."""

from __future__ import annotations

import pytest

from tests.e2e.discord_helpers import World, letters, post_id_of

pytestmark = pytest.mark.simcord(settle_timeout=2.0)
"""Time jumps close a question and post the next or the summary (as in the review tests)."""


async def round_with_misses(world: World) -> list[tuple[str, int]]:
    """A 3-question round: the second is missed by both, the first by one, the third by none."""
    ana, ben = world.members["ana"], world.members["ben"]
    await ben.slash(world.channel, "quiz", quiz="parallelism", questions=3)
    asked = []
    for misses in (1, 2, 0):
        message = world.channel.last_message
        view = await world.bot.service.view(post_id_of(message))
        assert view is not None
        right, wrong = letters(view)
        asked.append((view.question.id, misses))
        await world.env.advance_time(1)
        await ben.click(message, label=wrong if misses >= 1 else right)
        await ana.click(message, label=wrong if misses >= 2 else right)
        await world.env.advance_time(30)
    return asked


async def test_weak_is_suggested_first_and_asks_the_most_forgotten_question_first(
    world: World,
) -> None:
    ana = world.members["ana"]
    suggestions = await ana.autocomplete(world.channel, "quiz", "quiz", "")
    assert suggestions[0] == {
        "name": "⚠ Weak spots: what this group is forgetting (weak)",
        "value": "weak",
    }
    nothing = await ana.slash(world.channel, "quiz", quiz="weak")
    assert nothing.ephemeral
    assert nothing.response.content.startswith("Nobody has answered a question in this server")

    asked = await round_with_misses(world)
    await world.env.advance_time(3600)
    started = await ana.slash(world.channel, "quiz", quiz="weak", questions=2)
    assert started.response.embeds[0].description == (
        "Weak spots of this group\\: 2 questions, 30 s each. Good luck!"
    )
    view = await world.bot.service.view(post_id_of(world.channel.last_message))
    assert view is not None
    assert view.question.id == max(asked, key=lambda item: item[1])[0]
    assert "Question 1/2" in world.channel.last_message.embeds[0].description
    await world.env.advance_time(31)
    await world.env.advance_time(31)
    summary = world.channel.last_message.embeds[0].description.splitlines()
    assert summary[0] == "**🏁 Round over\\: Weak spots of this group**"
    assert summary[1].startswith("*Why these questions\\: this group is most likely")


async def test_daily_set_offers_and_takes_the_weak_spots(world: World) -> None:
    admin = world.admin
    offered = await admin.autocomplete(world.channel, "daily set", "quiz", "parallelism,we")
    assert offered == [{"name": "parallelism,weak · Weak spots of this group",
                        "value": "parallelism,weak"}]  # fmt: skip
    set_up = await admin.slash(
        world.channel, "daily set", time="09:00", timezone="UTC", quiz="parallelism,weak"
    )
    summary = set_up.response.embeds[0].description.replace("\\", "")
    assert "from Model and pipeline parallelism, Weak spots of this group" in summary
    schedule = await world.bot.store.get_schedule(f"dc:{world.guild.id}", str(world.channel.id))
    assert schedule is not None
    assert schedule.quiz_ids == ("parallelism", "*weak")
