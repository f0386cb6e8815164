"""What must not happen on Discord: forged buttons counted, double votes, pings, silent errors."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from adapters.discord_bot.ui import AnswerButton, RevealButton
from bot.domain.entities import PlayerFootprint
from bot.text.i18n import t
from tests.e2e.discord_helpers import World, letter_buttons, letters, post_id_of
from tests.e2e.error_logs import ErrorLogs


async def start_round(world: World, member: Any, channel: Any = None, questions: int = 2) -> Any:
    await member.slash(channel or world.channel, "quiz", quiz="parallelism", questions=questions)
    return (channel or world.channel).last_message


async def post_forged(world: World, *items: discord.ui.Item[Any]) -> Any:
    """A message carrying buttons the bot never made for this server (a forged custom_id)."""
    buttons = discord.ui.View(timeout=None)
    for item in items:
        buttons.add_item(item)
    channel = world.bot.get_partial_messageable(world.channel.id)
    await channel.send("forged", view=buttons)
    return world.channel.last_message


async def test_forged_buttons_are_refused_and_nothing_is_stored(world: World) -> None:
    other = world.env.create_guild("Other server")
    other_channel = other.create_text_channel("quiz")
    stranger = other.add_member(world.env.create_user("stranger"))
    foreign = post_id_of(await start_round(world, stranger, other_channel))
    forged = await post_forged(
        world, AnswerButton(foreign, 0), AnswerButton(999, 1), RevealButton(foreign)
    )
    invalid = t("en", "verdict.invalid")
    for custom_id in (f"v1:a:{foreign}:A", "v1:a:999:B"):
        result = await world.members["ana"].click(forged, custom_id=custom_id)
        assert result.ephemeral
        assert result.response.content == invalid
    revealed = await world.admin.click(forged, custom_id=f"v1:r:{foreign}")
    assert revealed.followups[0].content == invalid
    assert await world.bot.store.post_answers(foreign) == []
    view = await world.bot.service.view(foreign)
    assert view is not None
    assert view.post.closed_at is None  # an admin elsewhere cannot close it


async def test_a_double_click_counts_once_and_a_late_click_not_at_all(world: World) -> None:
    ana = world.members["ana"]
    message = await start_round(world, world.members["ben"], questions=1)
    post_id = post_id_of(message)
    first = await ana.click(message, label="A")
    again = await ana.click(message, label="B")
    assert "Only your first answer counts" in again.response.content
    assert first.response.content != again.response.content
    assert [a.user_id for a in await world.bot.store.post_answers(post_id)] == [f"dc:{ana.id}"]
    await world.env.advance_time(30)
    closed = world.channel.history()[1]
    assert all(b.disabled for b in letter_buttons(closed))
    with pytest.raises(simcord.SetupError, match="disabled"):
        await ana.click(closed, label="A")
    stale = await post_forged(world, AnswerButton(post_id, 0))  # a client that missed the edit
    late = await world.members["chloe"].click(stale, label="A")
    assert late.response.content == t("en", "verdict.closed")
    assert len(await world.bot.store.post_answers(post_id)) == 1


async def test_stop_and_reveal_need_the_starter_or_manage_server(world: World) -> None:
    ana, ben = world.members["ana"], world.members["ben"]
    message = await start_round(world, ana)
    not_allowed = t("en", "round.not_allowed")
    stopped = await ben.slash(world.channel, "stop")
    assert stopped.ephemeral
    assert stopped.response.content == not_allowed
    revealed = await ben.click(message, label="Reveal")
    assert revealed.followups[0].ephemeral
    assert revealed.followups[0].content == not_allowed
    assert len(await world.bot.store.running_rounds()) == 1
    await ana.click(message, label="Reveal")  # the starter may
    assert "Question 2/2" in world.channel.last_message.embeds[0].description
    by_admin = await world.admin.slash(world.channel, "stop")
    assert not by_admin.ephemeral
    assert await world.bot.store.running_rounds() == []
    assert "The round was stopped." in world.channel.last_message.embeds[0].description
    nothing = await ana.slash(world.channel, "stop")
    assert nothing.response.content == t("en", "round.nothing_running")


async def test_a_hostile_name_is_shown_as_typed_and_pings_nobody(world: World) -> None:
    user = world.env.create_user("evil", global_name="@everyone **x**")
    evil = world.guild.add_member(user)
    message = await start_round(world, evil, questions=1)
    view = await world.bot.service.view(post_id_of(message))
    assert view is not None
    await evil.click(message, label=letters(view)[0])
    await evil.slash(world.channel, "stop")
    await evil.slash(world.channel, "leaderboard")
    shown = "@\u200beveryone \\*\\*x\\*\\*"
    for public in world.channel.history():
        assert not public.mention_everyone
        assert public.mentions == []
    texts = [
        m.content + "".join(e.description or "" for e in m.embeds) for m in world.channel.history()
    ]
    assert sum(shown in text for text in texts) == 3  # stopped by, summary, leaderboard
    assert not any("**x**" in text for text in texts)
    for entry in world.env.http_requests:
        if entry.method in ("POST", "PATCH") and isinstance(entry.json, dict):
            body = entry.json.get("data", entry.json)
            if isinstance(body, dict) and ("content" in body or "embeds" in body):
                assert body.get("allowed_mentions") == {"parse": []}, entry.path


async def test_errors_in_a_click_or_a_command_are_reported_politely(
    world: World, error_logs: ErrorLogs, monkeypatch: pytest.MonkeyPatch
) -> None:
    message = await start_round(world, world.members["ana"])

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("database on fire")

    monkeypatch.setattr(world.bot.service, "press", broken)
    monkeypatch.setattr(world.bot.service, "leaderboard", broken)
    clicked = await world.members["ben"].click(message, label="A")
    assert clicked.ephemeral
    assert clicked.response.content == t("en", "error.generic")
    asked = await world.members["ben"].slash(world.channel, "leaderboard")
    assert asked.ephemeral
    assert asked.response.content == t("en", "error.generic")
    assert len(world.env.errors) == 1  # the command error, seen by simcord
    logged = error_logs.claim()  # both, seen by the log check that fails other tests
    assert [r.exc_info[1].__class__.__name__ for r in logged if r.exc_info] == [
        "RuntimeError",
        "CommandInvokeError",
    ]


async def test_a_question_that_cannot_be_posted_does_not_block_the_channel(
    world: World, error_logs: ErrorLogs
) -> None:
    ana = world.members["ana"]
    world.env.inject_error("POST", "/channels/*/messages", status=403, code=50013)
    failed = await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    assert failed.followups[0].ephemeral
    assert failed.followups[0].content == t("en", "error.generic")
    assert len(world.env.errors) == 1
    assert len(error_logs.claim()) == 1
    assert await world.bot.store.running_rounds() == []
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    assert "Question 1/1" in world.channel.last_message.embeds[0].description


async def test_forgetme_deletes_only_the_confirming_members_data(world: World) -> None:
    ana, ben = world.members["ana"], world.members["ben"]
    message = await start_round(world, ben, questions=1)
    for member in (ana, ben):
        await member.click(message, label="A")
    asked = await ana.slash(world.channel, "forgetme")
    assert asked.ephemeral
    assert asked.response.content.startswith(
        "This deletes everything I keep about you: your name and your answer in 1 chat, and "
    )
    ids = [c["custom_id"] for row in asked.response.components for c in row["components"]]
    assert ids == [f"v1:f:{ana.id}:y", f"v1:f:{ana.id}:n"]
    done = await ana.click(asked.response, custom_id=f"v1:f:{ana.id}:y")
    assert done.acknowledged
    store = world.bot.store
    assert await store.player_footprint(f"dc:{ana.id}") == PlayerFootprint(0, 0, 0)
    assert await store.player_footprint(f"dc:{ben.id}") == PlayerFootprint(
        9, 1, 1
    )  # + a review card, a member row, a round line and a member-question row (report counts)
    again = await ana.slash(world.channel, "forgetme")
    assert again.response.content == "I keep no data about you."
    board = await ben.slash(world.channel, "leaderboard")
    assert "ana" not in board.response.embeds[0].description


async def test_a_forged_forget_button_cannot_delete_someone_else(world: World) -> None:
    from adapters.discord_bot.ui import ForgetButton

    ana, ben = world.members["ana"], world.members["ben"]
    message = await start_round(world, ben, questions=1)
    await ana.click(message, label="A")
    forged = await post_forged(world, ForgetButton(str(ana.id), True))
    refused = await ben.click(forged, custom_id=f"v1:f:{ana.id}:y")
    assert refused.response.content == "This button belongs to someone else."
    assert await world.bot.store.player_footprint(f"dc:{ana.id}") == PlayerFootprint(
        9, 1, 1
    )  # + a review card, a member row, a round line and a member-question row (report counts)
