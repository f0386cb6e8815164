"""A `.zip` upload on Discord (issue 28): the real discord.py through simcord, the zip fetched
from simcord's CDN. The quiz and its picture are stored, a new process serves them (the
picture read back from the store), and the server plays the quiz; a zip holding 50 pictures
is refused with its message, in French for a French admin, and stores nothing. (Posting the
picture is the publisher's: here the stored quiz is seen to hold it.)"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.domain.uploads import key_serial
from bot.pictures.clean import clean
from bot.storage.interface import Store
from tests.e2e.discord_helpers import World, build_bot, labels, locales, post_id_of
from tests.support import picture_zips as zips

pytestmark = pytest.mark.simcord(settle_timeout=2.0)
"""As test_discord_uploads: an upload is read in a thread, more than 0.5 s on a busy machine."""


def plain(text: str) -> str:
    """Markdown escapes removed: what a member reads."""
    return text.replace("\\", "")


async def upload(world: World, actor: Any, filename: str, data: bytes) -> str:
    """`/import file:` by `actor`: the private answer, deferred then followed up."""
    result = await actor.slash(world.channel, "import", file=(filename, data))
    assert result.ephemeral
    message = result.response
    assert message is not None
    return plain(message.content or message.embeds[0].description)


async def test_a_zip_s_quiz_and_picture_are_stored_served_after_a_restart_and_played(
    world: World,
) -> None:
    said = await upload(world, world.admin, "pics.zip", zips.quiz_zip())
    assert said == "Quiz “Pictures” added: 1 question. Play it: /quiz quiz:pics"
    store: Store = world.bot.store
    [entry] = await store.chat_quiz_entries(f"dc:{world.channel.guild.id}")
    stored = await store.chat_quiz(entry.serial)
    assert stored is not None
    assert zips.by_name(stored) == {"pics/square.png": clean(zips.png(), "a.png").data}

    await world.env.restart_bot(build_bot(store, world.bot.service.quizzes))
    ana = world.members["ana"]
    started = await ana.slash(world.channel, "quiz", quiz="pics")
    assert "Pictures" in plain(started.response.embeds[0].description)
    view = await world.bot.service.view(post_id_of(world.channel.last_message))
    assert view is not None
    image = view.question.image
    assert image is not None  # read back from the store by the new process
    assert key_serial(view.quiz.id) == entry.serial
    assert (image.name, image.alt.get("fr")) == ("pics/square.png", "Un carré rouge")
    right, _ = labels(view)
    answered = await ana.click(world.channel.last_message, label=right)
    assert plain(answered.response.content).startswith("**✅")


async def test_a_zip_of_50_pictures_is_refused_in_french_and_nothing_is_stored(
    world: World,
) -> None:
    with locales({world.admin.id: discord.Locale.french}):
        said = await upload(world, world.admin, "pics.zip", zips.too_many_pictures(50))
    assert said == (
        "Ce .zip contient trop de fichiers\u00a0: un fichier de quiz et ses images (la limite "
        "d’images\u00a0: 20). Rien n’a été gardé."
    )
    store: Store = world.bot.store
    assert await store.chat_quiz_entries(f"dc:{world.channel.guild.id}") == []
    assert await store.count_rows("pictures") == 0  # type: ignore[attr-defined]
