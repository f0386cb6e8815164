"""Discord spaced review end to end: the real discord.py driven through simcord."""

from __future__ import annotations

from typing import Any

import pytest

from bot.text.i18n import t
from tests.e2e.discord_helpers import World, custom_ids, letter_buttons, letters, post_id_of

pytestmark = pytest.mark.simcord(settle_timeout=2.0)
"""Each of these tests' time jumps closes a question, posts the next and, at the end, the
summary: more work to settle than the 0.5 s default allows on a loaded machine. No bot timer
here is shorter than 2 s (count edits are 5 s apart), so none is waited out in real time."""


async def group_round_where_ana_misses_two(world: World) -> set[str]:
    ana, ben = world.members["ana"], world.members["ben"]
    await ben.slash(world.channel, "quiz", quiz="parallelism", questions=3)
    missed = set()
    for number in range(3):
        message = world.channel.last_message
        view = await world.bot.service.view(post_id_of(message))
        assert view is not None
        right, wrong = letters(view)
        await world.env.advance_time(1)
        await ben.click(message, label=right)
        await ana.click(message, label=wrong if number < 2 else right)
        if number < 2:
            missed.add(view.question.id)
        await world.env.advance_time(30)
    return missed


def open_questions(world: World, member: Any) -> list[Any]:
    """Ephemeral questions the member sees whose letters can still be clicked."""
    return [
        message
        for message in world.channel.history(viewer=member)
        if message.flags.ephemeral
        and message.components
        and not all(button.disabled for button in letter_buttons(message))
    ]


async def test_a_members_two_misses_come_back_privately_and_leave_once_right(
    world: World,
) -> None:
    ana = world.members["ana"]
    missed = await group_round_where_ana_misses_two(world)
    summary = world.channel.last_message
    assert custom_ids(summary) == ["v1:v"]
    assert summary.components[0].children[0].label == "🔁 Review my misses"

    clicked = await ana.click(summary, label="🔁 Review my misses")
    assert clicked.ephemeral
    reviewed = []
    for number in (1, 2):
        (question,) = open_questions(world, ana)
        assert f"Question {number}/2" in question.embeds[0].description
        if number == 1:
            assert question.content == t("en", "review.intro", count=2)
        view = await world.bot.service.view(post_id_of(question))
        assert view is not None
        reviewed.append(view.question.id)
        result = await ana.click(question, label=letters(view)[0])
        verdict = result.followups[0]
        assert verdict.ephemeral
        assert "Right!" in verdict.content
    assert set(reviewed) == missed
    assert open_questions(world, ana) == []
    done = world.channel.history(viewer=ana)[-1]
    assert done.flags.ephemeral
    assert done.embeds[0].description.startswith("🔁 Review done: 2/2 right.")
    assert world.channel.history()[-1].id == summary.id  # nothing public
    store = world.bot.store
    assert await store.count_due(f"dc:{ana.id}", world.bot.clock.now()) == 0
    stats = await ana.slash(world.channel, "stats")
    shown = stats.response.embeds[0].description
    assert "🔁 Review\\: 0 due now, 2 within 7 days, 2 learned" in shown
    again = await ana.slash(world.channel, "review")
    assert again.ephemeral
    text = again.followups[0].content if again.followups else again.response.content
    assert text.startswith("Nothing to review right now. Your next review is due on")


async def test_review_reminders_are_set_and_stopped(world: World) -> None:
    ben = world.members["ben"]
    set_it = await ben.slash(world.channel, "review", remind="08:30", timezone="Europe/Paris")
    assert set_it.ephemeral
    assert set_it.response.content == t(
        "en", "review.remind_set", time="08:30", zone="Europe/Paris"
    )
    reminder = await world.bot.store.get_reminder(f"dc:{ben.id}")
    assert reminder is not None
    bad = await ben.slash(world.channel, "review", remind="25:00")
    assert bad.response.content == t("en", "review.remind_usage_discord")
    off = await ben.slash(world.channel, "review", remind="off")
    assert off.response.content == t("en", "review.remind_off")
    assert await world.bot.store.get_reminder(f"dc:{ben.id}") is None
