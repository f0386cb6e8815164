"""Every click is answered on Discord: a button this version did not make (an older
version's custom_id, or a malformed one) gets a short private "no longer works"."""

from __future__ import annotations

import discord

from bot.text.i18n import t
from tests.e2e.discord_helpers import World, locales

OLD_IDS = ("v0:answer:12:A", "v1:a:0:Z", "v1:s:parallelism", "x" * 100)


async def test_a_click_on_a_button_this_version_did_not_make_is_answered(world: World) -> None:
    buttons = discord.ui.View(timeout=None)
    for custom_id in OLD_IDS:
        buttons.add_item(discord.ui.Button(label=custom_id[:10], custom_id=custom_id))
    channel = world.bot.get_partial_messageable(world.channel.id)
    await channel.send("from an older version", view=buttons)
    message = world.channel.last_message
    ana, ben = world.members["ana"], world.members["ben"]
    with locales({ben.id: discord.Locale.french}):
        for custom_id in OLD_IDS:
            clicked = await ana.click(message, custom_id=custom_id)
            assert clicked.ephemeral
            assert clicked.response.content == t("en", "button.stale")
        in_french = await ben.click(message, custom_id=OLD_IDS[0])
        assert in_french.response.content == t("fr", "button.stale")


async def test_the_bots_own_buttons_are_answered_once(world: World) -> None:
    ana = world.members["ana"]
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    clicked = await ana.click(world.channel.last_message, label="A")
    assert clicked.ephemeral
    assert clicked.response.content != t("en", "button.stale")
    assert clicked.followups == []
