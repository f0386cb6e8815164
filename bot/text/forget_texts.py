"""/forgetme: the question asked before a player's data is deleted, and what came of it."""

from __future__ import annotations

from bot.domain import payload
from bot.domain.entities import PlayerFootprint
from bot.domain.models import Language
from bot.domain.rules import ForgetOutcome
from bot.text.i18n import t
from bot.text.markup import Button, Card


def forget_prompt(footprint: PlayerFootprint, owner: str, language: Language) -> Card:
    """Ask before deleting everything about a player, in words (answers and chats, not the
    rows they take); only `owner` may answer."""
    if not footprint.rows:
        return Card(t(language, "forget.nothing"))
    buttons = (
        Button(t(language, "forget.yes"), payload.encode(payload.ForgetPress(owner, True))),
        Button(t(language, "forget.no"), payload.encode(payload.ForgetPress(owner, False))),
    )
    if not footprint.answers:
        return Card(t(language, "forget.ask_profile"), buttons)
    chats = t(language, "forget.chats", count=footprint.chats)
    kept = t(language, "forget.answers", count=footprint.answers, chats=chats)
    return Card(t(language, "forget.ask", kept=kept), buttons)


def forget_result(outcome: ForgetOutcome, language: Language) -> str:
    return t(language, f"forget.{outcome.value}")
