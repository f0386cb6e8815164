"""Signed report links: what a link opens, and every way a link opens nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.report_links import (
    Grant,
    LinkSigner,
    Refusal,
    parse_revoked_before,
    revocation_key,
    revoked_before,
)

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
SECRET = "correct horse battery staple"


def signer(secret: str = SECRET) -> LinkSigner:
    return LinkSigner(secret, "https://quiz.example.org/report/")


def test_a_link_opens_its_chat_until_it_expires() -> None:
    token = signer().token("tg:-100123", NOW)
    grant = signer().check(token, NOW + timedelta(days=6, hours=23), None)
    assert grant == Grant("tg:-100123", NOW, NOW + timedelta(days=7))
    assert signer().check(token, NOW + timedelta(days=7), None) is Refusal.EXPIRED


def test_the_url_names_the_chat_only_as_signed_data() -> None:
    url = signer().url("tg:-100123", NOW, days=3)
    assert url.startswith("https://quiz.example.org/report/r/r1.")
    assert url.endswith("/")
    assert "-100123" not in url
    assert "tg:" not in url


@pytest.mark.parametrize(
    "tamper",
    [
        lambda token: token[:-1] + ("A" if token[-1] != "A" else "B"),  # the signature
        lambda token: token.replace(token.split(".")[1], "ZGM6OTk5", 1),  # another chat
        lambda token: ".".join([*token.split(".")[:3], "99999999999999", token.split(".")[4]]),
    ],
    ids=["signature", "chat", "expiry"],
)
def test_a_tampered_link_is_refused(tamper: object) -> None:
    token = signer().token("tg:-100123", NOW)
    changed = tamper(token)  # type: ignore[operator]
    assert changed != token
    assert signer().check(changed, NOW, None) is Refusal.BAD_SIGNATURE


def test_a_link_signed_with_another_secret_is_refused() -> None:
    token = signer("another secret, just as long").token("tg:-100123", NOW)
    assert signer().check(token, NOW, None) is Refusal.BAD_SIGNATURE


@pytest.mark.parametrize(
    "token", ["", "r1", "r1.a.b.c", "r2.x.1.2.sig", "r1.dGc6MQ.1.2", "é" * 20, "r1.%%.1.2.x"]
)
def test_unsigned_or_malformed_links_are_refused(token: str) -> None:
    assert signer().check(token, NOW, None) in (Refusal.MALFORMED, Refusal.BAD_SIGNATURE)


def test_revoking_voids_links_issued_before_and_not_after() -> None:
    before = signer().token("tg:-1", NOW)
    revoked_at = NOW + timedelta(hours=1)
    marker = parse_revoked_before(revoked_before(revoked_at))
    same_moment = signer().token("tg:-1", revoked_at)
    after = signer().token("tg:-1", revoked_at + timedelta(milliseconds=1))
    later = NOW + timedelta(hours=2)
    assert signer().check(before, later, marker) is Refusal.REVOKED
    assert signer().check(same_moment, later, marker) is Refusal.REVOKED
    assert isinstance(signer().check(after, later, marker), Grant)
    assert revocation_key("tg:-1") == "report.revoked_before.tg:-1"


def test_short_secrets_and_odd_lifetimes_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 16"):
        LinkSigner("short", "https://x.example")
    with pytest.raises(ValueError, match="1 to 90 days"):
        signer().token("tg:-1", NOW, days=0)
    assert parse_revoked_before("garbage") is None
