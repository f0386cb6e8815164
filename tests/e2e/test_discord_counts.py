"""Counts agree in number on Discord too: a one-question round says "1 question"."""

from __future__ import annotations

import discord

from tests.e2e.discord_helpers import World, locales


async def test_a_one_question_round_is_announced_in_the_singular(world: World) -> None:
    ana, ben = world.members["ana"], world.members["ben"]
    title = world.bot.service.quizzes["parallelism"].title
    with locales({ana.id: discord.Locale.american_english}):
        started = await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    text = started.response.embeds[0].description.replace("\\", "")
    assert f"{title.en}: 1 question, 30 s. Good luck!" in text
    await ana.slash(world.channel, "stop")
    with locales({ben.id: discord.Locale.french}):
        again = await ben.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    text = again.response.embeds[0].description.replace("\\", "")
    assert f"{title.fr}\u00a0: 1 question, 30 s. Bonne chance\u202f!" in text
