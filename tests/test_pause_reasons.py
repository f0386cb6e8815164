"""A paused schedule's reason: the bot's own words translated, a platform's error as it came."""

from __future__ import annotations

import pytest

from bot.domain.models import Language
from bot.play import daily_pause
from bot.text.daily_texts import paused_line

OWN = [daily_pause.BOT_REMOVED, daily_pause.BOT_LEFT, daily_pause.SERVER_REMOVED,
       daily_pause.CHANNEL_DELETED, daily_pause.THREAD_DELETED]  # fmt: skip


@pytest.mark.parametrize("reason", OWN)
def test_the_bots_own_reasons_are_worded_in_each_language(reason: str) -> None:
    english, french = paused_line(reason, "en"), paused_line(reason, "fr")
    assert reason not in english  # never the stored code
    assert reason not in french
    assert english != french


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_platforms_error_is_shown_as_the_platform_said_it(language: Language) -> None:
    assert "(Topic_closed)" in paused_line("Topic_closed", language)
