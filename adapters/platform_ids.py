"""How a platform's ids enter the neutral layer: namespaced `<prefix>:<id>`, so one store
holds Telegram and Discord side by side ("tg:42", "dc:123"; the terminal's are "console:…").

Users and chats share a platform's namespace: a Telegram private chat's id is its user's.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Namespace:
    """One platform's prefix, and the two ways through it."""

    prefix: str
    """Also what ReminderRunner is given: reminders are sent by the platform of the user."""

    def key(self, platform_id: int | str) -> str:
        """The neutral id of a user, chat or server (`tg:-100123`)."""
        return f"{self.prefix}:{platform_id}"

    def local(self, key: str) -> str:
        """What follows the prefix (`dc:dm:42` → `dm:42`, a Discord DM's chat)."""
        return key.removeprefix(f"{self.prefix}:")

    def number(self, key: str) -> int:
        """The platform's own id back from a neutral one (`tg:-100123` → -100123)."""
        return int(self.local(key))

    def owns(self, key: str) -> bool:
        """Whether a neutral id is of this platform."""
        return key.startswith(f"{self.prefix}:")


TELEGRAM = Namespace("tg")
DISCORD = Namespace("dc")

TERMINAL_CHAT = "console"
"""The one chat of `quizbot play` and `quizbot review` (its players are "console:<name>"):
`quizbot export --chat console` and `quizbot report --chat console` read its answers."""
