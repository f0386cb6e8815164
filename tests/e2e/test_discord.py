"""A study group plays on Discord: the real discord.py, driven through simcord.

Three members with three locales play a whole round; each reads only their own verdict, in
their own language; the channel shows the results and the ranking; /leaderboard agrees.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from adapters.discord_bot.ui import STYLE
from bot.domain.views import QuestionView
from bot.text.authored import authored
from bot.text.i18n import t
from tests.e2e.discord_helpers import (
    World,
    custom_ids,
    discord_spec,
    letter_buttons,
    letters,
    locales,
    post_id_of,
    spec_problems,
)
from tests.support.paths import bundled_ids

FR, US, GB = discord.Locale.french, discord.Locale.american_english, discord.Locale.british_english


def plain(text: str) -> str:
    """Markdown escapes removed: what a member reads."""
    return text.replace("\\", "")


async def current_question(world: World) -> tuple[Any, QuestionView]:
    message = world.channel.last_message
    view = await world.bot.service.view(post_id_of(message))
    assert view is not None
    return message, view


async def test_three_members_play_a_round_in_their_languages(world: World) -> None:
    ana, ben, chloe = (world.members[name] for name in ("ana", "ben", "chloe"))
    langs = {ana.id: FR, ben.id: US, chloe.id: GB}
    verdicts: dict[str, list[Any]] = {"ana": [], "ben": [], "chloe": []}
    with locales(langs):
        started = await ana.slash(world.channel, "quiz", quiz="parallelism", questions=2)
        assert not started.ephemeral
        assert "2 questions, 30 s" in started.response.embeds[0].description
        plan = {1: ("right", "wrong", "right"), 2: ("right", "right", "wrong")}
        for number in (1, 2):
            message, view = await current_question(world)
            text = message.embeds[0].description
            assert f"Question {number}/2" in text
            assert "<t:" in text
            right, wrong = letters(view)
            post_id = view.post.post_id
            shown = [f"v1:a:{post_id}:{letter}" for letter in "ABCD"] + [f"v1:r:{post_id}"]
            assert custom_ids(message) == shown  # the post and a letter, never the answer
            for name, member, outcome in zip(
                verdicts, (ana, ben, chloe), plan[number], strict=True
            ):
                await world.env.advance_time(1)
                result = await member.click(message, label=right if outcome == "right" else wrong)
                assert result.acknowledged
                assert result.ephemeral
                verdicts[name].append((result.response, view, outcome))
            counted = world.channel.history()[-1].embeds[0].description
            assert "*1 réponse pour l’instant*" in counted  # edited at once, in French
            await world.env.advance_time(5)  # then at most one edit every 5 s
            counted = world.channel.history()[-1].embeds[0].description
            assert "*3 réponses pour l’instant*" in counted
            await world.env.advance_time(25)
    check_verdicts(verdicts)
    check_closed_and_summary(world)
    check_visibility(world, verdicts)
    with locales(langs):
        board = await ben.slash(world.channel, "leaderboard")
    lines = plain(board.response.embeds[0].description).splitlines()
    assert lines[1:] == ["1. ana: 2 points", "2. ben: 1 point", "2. chloe: 1 point"]
    assert await world.bot.store.running_rounds() == []


def check_verdicts(verdicts: dict[str, list[Any]]) -> None:
    language = {"ana": "fr", "ben": "en", "chloe": "en"}
    for name, seen in verdicts.items():
        for response, view, outcome in seen:
            key = "verdict.right" if outcome == "right" else "verdict.wrong"
            expected_start = t(language[name], key, letter="X", choice="").split("X")[0]  # type: ignore[arg-type]
            assert response.content.startswith("**" + STYLE.escape(expected_start)), name
            explanation = authored(view.question.explanation.get(language[name]), STYLE)
            assert explanation in response.content
            assert response.ephemeral


def check_closed_and_summary(world: World) -> None:
    messages = world.channel.history()
    closed = [m for m in messages if m.components and "Réponse" in m.embeds[0].description]
    assert len(closed) == 2
    for message in closed:
        buttons = letter_buttons(message)
        assert all(button.disabled for button in buttons)
        assert custom_ids(message)[-1] == f"v1:g:{post_id_of(message)}"  # and ⚑, to flag it
        assert sum(button.style is discord.ButtonStyle.success for button in buttons) == 1
        assert "3 réponses" in message.embeds[0].description  # vote bars total
        assert "✅" in message.embeds[0].description
    summary = plain(messages[-1].embeds[0].description).splitlines()
    assert "Fin de la partie" in summary[0]
    assert [line.split(" (")[0] for line in summary[1:]] == [
        "1. ana\u00a0: 2/2",
        "2. ben\u00a0: 1/2",
        "3. chloe\u00a0: 1/2",
    ]


def check_visibility(world: World, verdicts: dict[str, list[Any]]) -> None:
    public_ids = {message.id for message in world.channel.history()}
    for name, member in world.members.items():
        visible = {message.id for message in world.channel.history(viewer=member)}
        for other, seen in verdicts.items():
            for response, _, _ in seen:
                assert response.id not in public_ids
                assert (response.id in visible) is (other == name), (name, other)


async def test_commands_are_localized_and_the_quiz_option_autocompletes(world: World) -> None:
    ana = world.members["ana"]
    with locales({ana.id: FR}):
        suggestions = await ana.autocomplete(world.channel, "quiz", "quiz", "para")
        bundled = [world.bot.service.quizzes[name] for name in bundled_ids()]
        matching = [q for q in bundled if "para" in q.id or "para" in q.title.fr.lower()]
        assert suggestions == [{"name": f"{q.title.fr} ({q.id})", "value": q.id} for q in matching]
        assert "parallelism" in [suggestion["value"] for suggestion in suggestions]
        assert await ana.autocomplete(world.channel, "quiz", "quiz", "zzz") == []
        listed = await ana.slash(world.channel, "quizzes")
        helped = await ana.slash(world.channel, "help")
    assert listed.ephemeral
    assert all(name in plain(listed.response.content) for name in bundled_ids())
    assert helped.ephemeral
    assert "/quiz" in helped.response.content
    assert set(ana.available_commands(world.channel)) >= {
        "quiz",
        "stop",
        "quizzes",
        "practice",
        "leaderboard",
        "stats",
        "help",
    }
    sync = next(e for e in world.env.http_requests if e.method == "PUT")
    by_name = {command["name"]: command for command in sync.json}
    assert by_name["leaderboard"]["name_localizations"]["fr"] == "classement"
    assert by_name["quiz"]["description_localizations"]["fr"] == t("fr", "command.quiz")
    timer = next(o for o in by_name["quiz"]["options"] if o["name"] == "timer")
    assert timer["name_localizations"]["fr"] == "minuteur"
    assert (timer["min_value"], timer["max_value"]) == (10, 600)


async def test_stats_and_rounds_that_cannot_start(world: World) -> None:
    ben = world.members["ben"]
    unknown = await ben.slash(world.channel, "quiz", quiz="cooking")
    assert unknown.ephemeral
    assert all(name in plain(unknown.response.content) for name in bundled_ids())
    size = len(world.bot.service.quizzes["parallelism"].questions)
    too_many = await ben.slash(world.channel, "quiz", quiz="parallelism", questions=size + 1)
    assert too_many.response.content == t("en", "round.bad_count", max=size)
    await ben.slash(world.channel, "quiz", quiz="parallelism")
    second = await world.members["ana"].slash(world.channel, "quiz", quiz="parallelism")
    assert second.ephemeral
    assert second.response.content == t("en", "round.conflict")
    stats = await ben.slash(world.channel, "stats")
    assert "ben" in stats.response.embeds[0].description
    assert len(await world.bot.store.running_rounds()) == 1


async def test_practice_is_a_solo_round_in_ephemeral_messages(world: World) -> None:
    chloe = world.members["chloe"]
    started = await chloe.slash(world.channel, "practice", quiz="parallelism")
    assert started.ephemeral
    size = len(world.bot.service.quizzes["parallelism"].questions)
    for number in range(1, size + 1):
        asked = [m for m in world.channel.history(viewer=chloe) if m.components]
        message = asked[-1]
        assert message.flags.ephemeral
        assert f"Question {number}/{size}" in message.embeds[0].description
        view = await world.bot.service.view(post_id_of(message))
        assert view is not None
        result = await chloe.click(message, label=letters(view)[0])
        verdict = result.followups[0]
        assert verdict.ephemeral
        assert "Right!" in verdict.content
        answered = next(m for m in world.channel.history(viewer=chloe) if m.id == message.id)
        assert all(b.disabled for b in letter_buttons(answered))
    assert world.channel.history() == []  # nothing public
    last = world.channel.history(viewer=chloe)[-1]
    assert last.flags.ephemeral
    assert f"{size}/{size}" in last.embeds[0].description
    assert await world.bot.store.running_rounds() == []


async def test_requests_match_the_discord_api_description(world: World) -> None:
    spec = discord_spec()
    if spec is None:
        pytest.skip("discord-openapi.json not found (set QUIZBOT_SPECS_DIR or ../shared/specs)")
    ana, ben = world.members["ana"], world.members["ben"]
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    message, view = await current_question(world)
    await ben.click(message, label=letters(view)[0])
    await ana.click(message, label="Reveal")
    await ben.slash(world.channel, "leaderboard")
    problems = [
        problem
        for entry in world.env.http_requests
        for problem in spec_problems(spec, entry.method, entry.path, entry.json)
    ]
    assert problems == []
    assert {e.method for e in world.env.http_requests} >= {"PUT", "POST", "PATCH"}
