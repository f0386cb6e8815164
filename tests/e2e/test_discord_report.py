"""`/report` on Discord: Manage Server gets an ephemeral link and can revoke; others nothing."""

from __future__ import annotations

import re

import pytest
from simcord.backend.errors import SetupError

from bot.domain.report_links import (
    Grant,
    LinkSigner,
    Refusal,
    parse_revoked_before,
    revocation_key,
)
from tests.e2e.discord_helpers import World

SIGNER = LinkSigner("discord test secret, long enough", "https://quiz.example.org")
LINK = re.compile(r"<(https://quiz\.example\.org/r/[^>]+/)>")


async def test_a_server_manager_gets_a_private_link_and_can_revoke(world: World) -> None:
    world.bot.report_links = SIGNER
    chat = f"dc:{world.guild.id}"
    answer = await world.admin.slash(world.channel, "report")
    assert answer.ephemeral
    found = LINK.search(answer.response.content)
    assert found, answer.response.content
    token = found.group(1).split("/")[-2]
    grant = SIGNER.check(token, world.bot.clock.now(), None)
    assert isinstance(grant, Grant)
    assert grant.chat_id == chat
    assert "teacher" not in found.group(1)
    assert all(found.group(1) not in (m.content or "") for m in world.channel.history())

    revoked = await world.admin.slash(world.channel, "report", action="revoke")
    assert revoked.ephemeral
    assert revoked.response.content.startswith("Every report link given so far")
    marker = parse_revoked_before(await world.bot.store.get_meta(revocation_key(chat)))
    assert SIGNER.check(token, world.bot.clock.now(), marker) is Refusal.REVOKED


async def test_a_member_without_manage_server_gets_no_link(world: World) -> None:
    world.bot.report_links = SIGNER
    member = world.members["ana"]
    # Discord itself hides the command (default_permissions); the handler checks again.
    with pytest.raises(SetupError, match="not visible to this user"):
        await member.slash(world.channel, "report")
    assert all(not LINK.search(m.content or "") for m in world.channel.history())


async def test_without_web_settings_report_says_so(world: World) -> None:
    answer = await world.admin.slash(world.channel, "report")
    assert answer.ephemeral
    assert answer.response.content.startswith("The web report is not set up")
