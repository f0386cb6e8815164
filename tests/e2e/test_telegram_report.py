"""`/report` on Telegram: admins get a private link (or a deep link to get it), nobody else."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.domain.models import Quiz
from bot.domain.report_links import (
    Grant,
    LinkSigner,
    Refusal,
    parse_revoked_before,
    revocation_key,
)
from tests.e2e.telegram_harness import GROUP, Harness, running_bot
from tests.e2e.telegram_report import link_in
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock

SIGNER = LinkSigner("telegram test secret, long enough", "https://quiz.example.org")


@pytest.fixture
async def bot(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> AsyncIterator[Harness]:
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock, SIGNER) as harness:
        yield harness


async def test_an_admin_gets_the_link_privately_and_can_revoke(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], clock: FakeClock
) -> None:
    admin = fake.user(1, "Amélie", "fr")
    fake.add_admin(group, admin)
    fake.private_chat(admin)
    answer = await bot.command(group, admin, "/report")
    assert answer["text"] == "Je vous ai envoyé le lien du bilan en message privé."
    assert link_in(answer) is None
    [private] = fake.bot_messages(admin["id"])
    [sent] = [c for c in fake.calls_to("sendMessage") if c.params["chat_id"] == admin["id"]]
    assert sent.params["link_preview_options"] == {"is_disabled": True}
    link = link_in(private)
    assert link is not None
    assert link.startswith("https://quiz.example.org/r/")
    grant = SIGNER.check(link.split("/")[-2], clock.now(), None)
    assert isinstance(grant, Grant)
    assert grant.chat_id == f"tg:{GROUP}"
    assert "Amélie" not in link

    revoked = await bot.command(group, admin, "/report revoke")
    assert revoked["text"].startswith("Tous les liens de bilan déjà donnés")
    stored = await bot.quiz.service.store.get_meta(revocation_key(f"tg:{GROUP}"))
    marker = parse_revoked_before(stored)
    assert SIGNER.check(link.split("/")[-2], clock.now(), marker) is Refusal.REVOKED


async def test_an_admin_who_never_started_the_bot_gets_a_deep_link(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    admin = fake.user(2, "Chris", "en")
    fake.add_admin(group, admin)
    answer = await bot.command(group, admin, "/report")
    assert answer["text"] == (
        f"To receive the report link privately, open https://t.me/{fake.bot['username']}"
        f"?start=report_{GROUP} and press Start."
    )
    fake.private_chat(admin)
    private = await bot.command(admin["id"], admin, f"/start report_{GROUP}")
    assert link_in(private) is not None


async def test_members_without_admin_rights_get_no_link(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    member = fake.user(3, "Bastien", "fr")
    fake.add_member(group, member)
    fake.private_chat(member)
    refused = await bot.command(group, member, "/report")
    assert "admin" in refused["text"].lower()
    revoke = await bot.command(group, member, "/report revoke")
    assert "admin" in revoke["text"].lower()
    assert await bot.quiz.service.store.get_meta(revocation_key(f"tg:{GROUP}")) is None
    deep = await bot.command(member["id"], member, f"/start report_{GROUP}")
    assert link_in(deep) is None
    assert "admin" in deep["text"].lower()
    assert not any(link_in(m) for m in fake.bot_messages(member["id"]))
    assert not any(link_in(m) for m in fake.bot_messages(group))


async def test_report_in_a_private_chat_says_where_to_use_it(
    bot: Harness, fake: FakeTelegramAPI
) -> None:
    user = fake.user(4, "Dora", "en")
    chat = fake.private_chat(user)
    answer = await bot.command(chat, user, "/report")
    assert answer["text"] == "Use this command in the group whose report you want."


async def test_without_web_settings_report_says_it_is_not_set_up(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock,
    group: dict[str, Any],
) -> None:  # fmt: skip
    async with running_bot(fake, tmp_path / "q.db", quizzes, clock, None) as bot:
        admin = fake.user(1, "Amélie", "en")
        fake.add_admin(group, admin)
        answer = await bot.command(group, admin, "/report")
        assert answer["text"].startswith("The web report is not set up on this bot")
