"""Deadlines as durations: "closes in 30 s" reads right wherever the group lives, where a
clock time ("14:03:12 UTC") needs the reader's time zone. For platforms without a live
countdown (Telegram); Discord shows its own relative timestamp."""

from __future__ import annotations

import math
from datetime import datetime

from bot.domain.models import Language
from bot.text.i18n import t


def duration(seconds: int, language: Language) -> str:
    """`seconds` as "45 s", "2 min" or "1 min 30 s"."""
    minutes, rest = divmod(max(seconds, 0), 60)
    if not minutes:
        return t(language, "duration.seconds", count=rest)
    shown = t(language, "duration.minutes", count=minutes)
    return f"{shown} {t(language, 'duration.seconds', count=rest)}" if rest else shown


def closes_in(deadline: datetime, now: datetime, language: Language) -> str:
    """The time left until `deadline`, whole seconds rounded up ("in 30 s"), at least 1 s."""
    left = max(1, math.ceil((deadline - now).total_seconds()))
    return t(language, "time.in", duration=duration(left, language))
