"""Texts of the group's weak spots: the round's announcement, its choice in a list, and what
to do when nothing has been answered yet. (Its summary is a round's: bot/text/boards.py.)"""

from __future__ import annotations

from typing import Literal

from bot.domain.models import Language
from bot.text.i18n import t

Platform = Literal["telegram", "discord"]


def title(language: Language) -> str:
    return t(language, "weak.title")


def started(count: int, seconds: int, language: Language) -> str:
    """Discord's announcement of a weak-spot round, as any round's."""
    return t(language, "round.started", title=title(language), count=count, seconds=seconds)


def nothing_seen(platform: Platform, first_quiz: str, language: Language) -> str:
    """Nothing answered here yet: how to start, with the command as that platform types it."""
    return t(language, f"weak.nothing_seen.{platform}", quiz=first_quiz)


def choice_name(language: Language) -> str:
    """The autocomplete's first suggestion (Discord: ≤ 100 characters)."""
    return t(language, "weak.choice")
