"""A server brings its own quizzes on Discord: `/import file:` and `/removequiz id:` (issue 19).

The real discord.py through simcord: the attachment arrives as the interaction's
`data.resolved.attachments`, and `Attachment.read()` fetches it from simcord's CDN, which
`discord_cdn.downloads` watches, so a refused upload is seen to download nothing.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from bot.text.i18n import t
from tests.e2e.discord_cdn import declared_size, downloads
from tests.e2e.discord_helpers import (
    World,
    build_bot,
    discord_spec,
    labels,
    locales,
    post_id_of,
    spec_problems,
)
from tests.support.paths import bundled_ids

GIFT = b"""// Cells, for the biology group
$CATEGORY: biology
::mito:: Which organelle makes most of a cell's ATP? {
=the mitochondrion #Right: oxidative phosphorylation happens there.
~the ribosome #Ribosomes make proteins.
~the nucleus
####ATP synthase sits in the inner mitochondrial membrane.
}

::membrane:: The plasma membrane is a lipid bilayer. {TRUE
####Phospholipids, tails inward.}
"""
GIFT_AGAIN = (
    GIFT.replace(b"makes most of", b"produces most of")
    + b"""
::nucleus:: Where is a eukaryotic cell's DNA mostly kept? {
=in the nucleus
~in the cell wall
~in the vacuole
}
"""
)
ANKI = b"""#separator:tab
#html:false
Capital of France?\tParis
Capital of Italy?\tRome
Capital of Spain?\tMadrid
"""
YAML = """format: 2
id: erdkunde
languages: [de]
title: "Hauptstädte Europas"
difficulty: easy
questions:
  - id: hauptstadt-frankreich
    prompt: "Was ist die Hauptstadt Frankreichs?"
    choices: ["Paris", "Lyon", "Marseille"]
    answer: A
    explanation: "Paris ist seit dem Mittelalter die Hauptstadt Frankreichs."
""".encode()
BROKEN = b"""::q1:: Match the organelles. {=nucleus -> DNA =mitochondrion -> ATP}

::q2:: Explain osmosis. {}
"""
pytestmark = pytest.mark.simcord(settle_timeout=2.0)
"""An upload is imported in a thread and stored (PostgreSQL: real round trips), more work to
settle than the 0.5 s default allows on a loaded machine. No bot timer here is shorter than 2 s
(count edits are 5 s apart), so none is waited out in real time."""
EXPLANATIONS = {
    "mito": "ATP synthase sits in the inner mitochondrial membrane.",
    "membrane": "Phospholipids, tails inward.",
}
FR = discord.Locale.french
TOO_BIG = "This file is too large for a quiz (the limit in bytes: 1000000). Nothing was kept."


def plain(text: str) -> str:
    """Markdown escapes removed: what a member reads."""
    return text.replace("\\", "")


def reply_of(result: Any) -> str:
    """The text of a (deferred, then followed-up) private answer."""
    assert result.ephemeral
    message = result.response
    assert message is not None
    return plain(message.content or message.embeds[0].description)


def callback_types(world: World) -> list[int]:
    """The interaction response types the bot sent so far (5: deferred, 4: a message)."""
    return [e.json["type"] for e in world.env.http_requests if e.path.endswith("/callback")]


async def upload(world: World, actor: Any, filename: str, data: bytes) -> str:
    before = len(callback_types(world))
    result = await actor.slash(world.channel, "import", file=(filename, data))
    assert callback_types(world)[before:] == [5]  # deferred: reading may outlast 3 seconds
    return reply_of(result)


def another_server(world: World) -> tuple[Any, Any, Any]:
    """A second server with its own channel, admin and member."""
    env = world.env
    guild = env.create_guild("Other group")
    channel = guild.create_text_channel("quiz")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("other-teacher"), roles=[admins])
    return channel, admin, guild.add_member(env.create_user("dan"))


async def test_an_admin_uploads_a_gift_file_and_the_server_plays_it(world: World) -> None:
    with downloads(world.env) as fetched:
        said = await upload(world, world.admin, "cells.gift", GIFT)
    assert [url.rsplit("/", 1)[-1] for url in fetched] == ["cells.gift"]
    assert said == "Quiz “biology” added: 2 questions. Play it: /quiz quiz:cells"  # $CATEGORY
    ana = world.members["ana"]
    listed = await ana.slash(world.channel, "quizzes")
    assert "cells" in plain(listed.response.content)
    started = await ana.slash(world.channel, "quiz", quiz="cells", questions=1)
    assert not started.ephemeral
    message = world.channel.last_message
    view = await world.bot.service.view(post_id_of(message))
    assert view is not None
    assert view.question.id in {"mito", "membrane"}
    assert view.question.prompt.get("en") in plain(message.embeds[0].description)
    right, _ = labels(view)
    answered = await ana.click(message, label=right)
    verdict = plain(answered.response.content)
    assert verdict.startswith("**✅")
    assert EXPLANATIONS[view.question.id] in verdict  # the file's general feedback


async def test_anki_text_and_our_yaml_upload_too(world: World) -> None:
    said = await upload(world, world.admin, "capitals.txt", ANKI)
    assert said == "Quiz “capitals” added: 3 questions. Play it: /quiz quiz:capitals"
    said = await upload(world, world.admin, "erdkunde.yaml", YAML)
    assert said == "Quiz “Hauptstädte Europas” added: 1 question. Play it: /quiz quiz:erdkunde"
    ids = [
        value["value"]
        for value in await world.admin.autocomplete(world.channel, "removequiz", "id", "")
    ]
    assert sorted(ids) == ["capitals", "erdkunde"]
    # stored, not remembered: a new process serves them
    await world.env.restart_bot(build_bot(world.bot.store, world.bot.service.quizzes))
    started = await world.members["ben"].slash(world.channel, "quiz", quiz="erdkunde")
    assert "Hauptstädte Europas" in plain(started.response.embeds[0].description)
    view = await world.bot.service.view(post_id_of(world.channel.last_message))
    assert view is not None
    assert view.question.id == "hauptstadt-frankreich"


async def test_the_commands_as_synced_and_requests_as_discord_describes_them(
    world: World,
) -> None:
    sync = next(e for e in world.env.http_requests if e.method == "PUT")
    by_name = {command["name"]: command for command in sync.json}
    imported, removal = by_name["import"], by_name["removequiz"]
    assert imported["default_member_permissions"] == 32  # Manage Server
    assert imported["description_localizations"]["fr"] == t("fr", "discord.about.import")
    assert imported["options"] == [
        {
            "type": 11,  # an attachment
            "name": "file",
            "name_localizations": {"fr": "file"},  # as the French replies name it
            "description": t("en", "discord.option.file.about"),
            "description_localizations": {"fr": t("fr", "discord.option.file.about")},
            "required": True,
        }
    ]
    assert removal["default_member_permissions"] == 32
    assert removal["description_localizations"]["fr"] == t("fr", "discord.about.removequiz")
    assert removal["options"][0]["autocomplete"] is True
    await upload(world, world.admin, "cells.gift", GIFT)
    await world.admin.slash(world.channel, "removequiz", id="cells")
    spec = discord_spec()
    if spec is None:
        pytest.skip("discord-openapi.json not found (set QUIZBOT_SPECS_DIR or ../shared/specs)")
    problems = [
        problem
        for entry in world.env.http_requests
        for problem in spec_problems(spec, entry.method, entry.path, entry.json)
    ]
    assert problems == []


async def test_help_says_how_a_server_adds_its_own_quizzes(world: World) -> None:
    ana = world.members["ana"]
    with locales({ana.id: FR}):
        helped = await ana.slash(world.channel, "help")
    assert helped.ephemeral
    assert plain(helped.response.content).endswith(t("fr", "upload.help.discord"))
    assert "/import file:" in t("fr", "upload.help.discord")  # the names Discord shows


async def test_another_server_does_not_see_the_quiz(world: World) -> None:
    await upload(world, world.admin, "cells.gift", GIFT)
    channel, admin, dan = another_server(world)
    listed = await dan.slash(channel, "quizzes")
    assert "cells" not in plain(listed.response.content)
    refused = await dan.slash(channel, "quiz", quiz="cells")
    assert refused.ephemeral
    assert plain(refused.response.content) == (
        f"I don't know a quiz called “cells”. Quizzes you can play: {', '.join(bundled_ids())}."
    )
    assert not [m for m in channel.history() if m.embeds]  # no round started
    assert await admin.autocomplete(channel, "removequiz", "id", "") == []
    assert await dan.autocomplete(channel, "quiz", "quiz", "cel") == []


async def test_a_member_without_manage_server_is_refused_and_nothing_downloaded(
    world: World,
) -> None:
    ana = world.members["ana"]
    assert "import" not in ana.available_commands(world.channel)
    with pytest.raises(simcord.SetupError, match="not visible to this user"):
        await ana.slash(world.channel, "import", file=("cells.gift", GIFT))
    command = next(c for c in await world.bot.tree.fetch_commands() if c.name == "import")
    world.guild.set_command_permissions(command.id, {ana: True})  # a server override
    with downloads(world.env) as fetched:
        refused = await ana.slash(world.channel, "import", file=("cells.gift", GIFT))
    assert reply_of(refused) == "Only admins can do that."
    assert fetched == []
    listed = await ana.slash(world.channel, "quizzes")
    assert "cells" not in plain(listed.response.content)


async def test_a_broken_file_is_answered_by_line(world: World) -> None:
    said = await upload(world, world.admin, "broken.gift", BROKEN)
    assert said.splitlines() == [
        "Nothing could be imported from broken.gift:",
        "broken.gift:1: a matching question: the bot does not ask matching questions",
        "broken.gift:3: an essay question: no answer to check",
    ]
    listed = await world.admin.slash(world.channel, "quizzes")
    assert "broken" not in plain(listed.response.content)


async def test_an_oversized_attachment_is_refused_by_its_declared_size(world: World) -> None:
    with declared_size(world.env, 1_000_001), downloads(world.env) as fetched:
        said = await upload(world, world.admin, "cells.gift", GIFT)
    assert fetched == []
    assert said == TOO_BIG
    listed = await world.admin.slash(world.channel, "quizzes")
    assert "cells" not in plain(listed.response.content)


async def test_a_file_larger_than_it_declared_is_refused_after_reading(world: World) -> None:
    padding = b"// " + b"x" * 1_000_000 + b"\n"
    with declared_size(world.env, 2_000), downloads(world.env) as fetched:
        said = await upload(world, world.admin, "cells.gift", padding + GIFT)
    assert len(fetched) == 1
    assert said == TOO_BIG
    listed = await world.admin.slash(world.channel, "quizzes")
    assert "cells" not in plain(listed.response.content)


async def test_a_file_discord_cannot_serve_is_answered_politely(world: World) -> None:
    before = len(callback_types(world))
    with downloads(world.env, lost=True) as fetched:
        result = await world.admin.slash(world.channel, "import", file=("cells.gift", GIFT))
    assert len(fetched) == 1
    assert callback_types(world)[before:] == [5]
    assert reply_of(result) == "Discord did not give me the file: send it again."
    with locales({world.admin.id: FR}), downloads(world.env, lost=True):
        result = await world.admin.slash(world.channel, "import", file=("cells.gift", GIFT))
    assert reply_of(result) == "Discord ne m’a pas transmis le fichier\u00a0: renvoyez-le."


async def test_ten_uploads_an_hour_and_bundled_ids_stay_the_bots(world: World) -> None:
    said = await upload(world, world.admin, "parallelism.gift", GIFT)
    assert said == (
        "“parallelism” is the id of a quiz the bot comes with: give yours another id "
        "(its file name, or the id in the file)."
    )
    for _ in range(9):  # the refused one counted: ten uploads in the hour
        await upload(world, world.admin, "cells.gift", GIFT)
    with downloads(world.env) as fetched:
        said = await upload(world, world.admin, "cells.gift", GIFT)
    assert fetched == []
    assert said == "This chat has reached its limit of uploads in an hour (10): try again later."
    await world.env.advance_time(3601)  # an hour after the first
    said = await upload(world, world.admin, "cells.gift", GIFT_AGAIN)
    assert said.startswith("Quiz “biology” replaced: 3 questions"), said


async def play_both_right(world: World, member: Any) -> None:
    """A round of `cells` in which `member` answers every question right."""
    await member.slash(world.channel, "quiz", quiz="cells")
    for _ in range(2):
        message = world.channel.last_message
        view = await world.bot.service.view(post_id_of(message))
        assert view is not None
        right, _ = labels(view)
        await member.click(message, label=right)
        await world.env.advance_time(31)


async def test_a_replacement_keeps_history_and_removal_ends_it(world: World) -> None:
    ana = world.members["ana"]
    await upload(world, world.admin, "cells.gift", GIFT)
    await play_both_right(world, ana)
    said = await upload(world, world.admin, "cells.gift", GIFT_AGAIN)
    assert "3 questions" in said, said
    board = await ana.slash(world.channel, "leaderboard", quiz="cells")
    lines = plain(board.response.embeds[0].description).splitlines()
    assert "1. ana: 2 points" in lines, lines

    with locales({world.admin.id: FR}):
        suggestions = await world.admin.autocomplete(world.channel, "removequiz", "id", "cel")
        assert [s["value"] for s in suggestions] == ["cells"]
        removed = await world.admin.slash(world.channel, "removequiz", id="cells")
    assert not removed.ephemeral  # the server sees its quiz go
    assert plain(removed.response.content) == t(
        "fr", "upload.removed", id="cells", title="biology"
    )
    refused = await ana.slash(world.channel, "quiz", quiz="cells")
    assert refused.ephemeral
    bundled = await world.admin.slash(world.channel, "removequiz", id="parallelism")
    assert bundled.ephemeral
    assert "parallelism" in plain(bundled.response.content)
