"""Platform ids in the neutral layer: one namespace per platform, both ways."""

from __future__ import annotations

from adapters.platform_ids import DISCORD, TELEGRAM


def test_ids_go_in_and_come_back_out() -> None:
    assert TELEGRAM.key(-100123) == "tg:-100123"
    assert TELEGRAM.number("tg:-100123") == -100123
    assert DISCORD.key(42) == "dc:42"
    assert DISCORD.number(DISCORD.key(10**18)) == 10**18
    assert DISCORD.local(DISCORD.key("dm:7")) == "dm:7"


def test_each_platform_owns_only_its_own_ids() -> None:
    assert TELEGRAM.owns("tg:5")
    assert not TELEGRAM.owns("dc:5")
    assert DISCORD.owns("dc:dm:5")
    assert not DISCORD.owns("console:ana")
    assert not TELEGRAM.owns("tgx:5")
