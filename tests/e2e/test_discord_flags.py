"""Flags on Discord end to end: the real discord.py driven through simcord."""

from __future__ import annotations

import pytest

from tests.e2e.discord_helpers import World, custom_ids, letters, post_id_of

pytestmark = pytest.mark.simcord(settle_timeout=2.0)
"""Time jumps close a question and post the next or the summary (as in the review tests)."""


async def one_question_round(world: World, channel: object, starter: object) -> int:
    """A round of one question, answered by its starter and closed: its post id."""
    await starter.slash(channel, "quiz", quiz="parallelism", questions=1)  # type: ignore[attr-defined]
    message = channel.last_message  # type: ignore[attr-defined]
    view = await world.bot.service.view(post_id_of(message))
    assert view is not None
    await world.env.advance_time(1)
    await starter.click(message, label=letters(view)[1])  # type: ignore[attr-defined]
    await world.env.advance_time(31)
    return view.post.post_id


async def test_a_members_flag_reaches_the_admins_flags_and_hide_stops_it_here_only(
    world: World,
) -> None:
    ana, ben = world.members["ana"], world.members["ben"]
    post_id = await one_question_round(world, world.channel, ben)
    view = await world.bot.service.view(post_id)
    assert view is not None
    closed = world.channel.history()[-2]  # the question, closed; then the summary
    assert custom_ids(closed)[-1] == f"v1:g:{post_id}"

    asked = await ana.click(closed, label="⚑")
    assert asked.ephemeral
    why = asked.response
    assert why.content.startswith("What is wrong with this question?")
    shown = await ana.click(why, label="The answer is wrong")
    assert shown.modal is not None
    assert shown.modal["title"] == "Flagged: add a sentence?"
    sent = await ana.submit_modal(shown, {"sentence": "B looks right to me"})
    assert sent.response.content == "Thanks: your sentence is with your flag."

    refused = await ana.slash(world.channel, "flags")
    assert refused.ephemeral
    assert refused.response.content == "Only admins can do that."
    listed = await world.admin.slash(world.channel, "flags")
    assert listed.ephemeral
    shown_list = listed.response.embeds[0].description
    ref = f"parallelism/{view.question.id}"
    assert ref.replace("-", "\\-") in shown_list  # Markdown-escaped
    assert "1 flag, The answer is wrong ×1" in shown_list
    assert "B looks right to me" in shown_list

    hidden = await world.admin.slash(world.channel, "flags", action="hide", question=ref)
    assert "is hidden" in hidden.response.content
    announced = await ben.slash(world.channel, "quiz", quiz="parallelism")
    assert "7 questions, 30 s each" in announced.response.embeds[0].description
    here = await world.bot.store.running_round(
        f"dc:{world.guild.id}", str(world.channel.id), "group"
    )
    assert here is not None
    assert view.question.id not in here.question_ids
    assert len(here.question_ids) == 7

    other = world.env.create_guild("Another group")
    elsewhere = other.create_text_channel("quiz")
    zoe = other.add_member(world.env.create_user("zoe"))
    await zoe.slash(elsewhere, "quiz", quiz="parallelism")
    there = await world.bot.store.running_round(f"dc:{other.id}", str(elsewhere.id), "group")
    assert there is not None
    assert view.question.id in there.question_ids
