"""Deadlines read as durations on Telegram: "Closes in 30 s" / « Se ferme dans 30 s »."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.models import Language
from bot.text.durations import closes_in, duration
from bot.text.i18n import t

NOW = datetime(2026, 3, 2, 14, 2, 42, tzinfo=UTC)


@pytest.mark.parametrize(
    ("seconds", "en", "fr"),
    [
        (30, "30 s", "30 s"),
        (1, "1 s", "1 s"),
        (60, "1 min", "1 min"),
        (90, "1 min 30 s", "1 min 30 s"),
        (600, "10 min", "10 min"),
    ],
)
def test_durations_in_both_languages(seconds: int, en: str, fr: str) -> None:
    assert (duration(seconds, "en"), duration(seconds, "fr")) == (en, fr)


@pytest.mark.parametrize(
    ("language", "line"), [("en", "Closes in 30 s"), ("fr", "Se ferme dans 30 s")]
)
def test_the_question_footer_reads_as_a_duration(language: Language, line: str) -> None:
    closes = closes_in(NOW + timedelta(seconds=30), NOW, language)
    assert t(language, "question.closes", when=closes) == line


def test_time_left_is_rounded_up_and_never_zero() -> None:
    assert closes_in(NOW + timedelta(seconds=29, milliseconds=1), NOW, "en") == "in 30 s"
    assert closes_in(NOW + timedelta(milliseconds=200), NOW, "en") == "in 1 s"
    assert closes_in(NOW - timedelta(seconds=5), NOW, "en") == "in 1 s"
