"""Each chat's time zone: where "today", "this week" and calendar-day streaks begin.

Set by an admin with `/timezone ZONE`; until then the zone of the chat's daily schedule,
else the service's default (UTC). Kept in the store's meta table under `chat.zone.<chat_id>`
(no schema change), so every worker and every restart reads the same zone. Leaderboards
read it often, so `ChatZones` keeps each chat's for a few minutes: a zone set here is seen at
once, one set by another worker within ZONE_TTL.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo

from bot.domain import daily
from bot.domain.clock import Clock
from bot.storage.interface import Store

ZONE_TTL = timedelta(minutes=5)


def zone_key(chat_id: str) -> str:
    return f"chat.zone.{chat_id}"


@dataclass(frozen=True, slots=True)
class ChatZone:
    """A chat's zone, its IANA name, and where it comes from ("set", "daily", "default")."""

    name: str
    zone: tzinfo
    source: str


def _named(name: str, source: str) -> ChatZone:
    return ChatZone(name, ZoneInfo(name), source)


async def chat_zone(store: Store, chat_id: str, default: tzinfo = UTC) -> ChatZone:
    """The zone set for the chat, else its first daily schedule's, else `default`."""
    chosen = await store.get_meta(zone_key(chat_id))
    if chosen and daily.parse_zone(chosen):
        return _named(chosen, "set")
    for schedule in await store.chat_schedules(chat_id):
        if daily.parse_zone(schedule.rule.zone):
            return _named(schedule.rule.zone, "daily")
    return ChatZone(str(default), default, "default")


async def set_chat_zone(store: Store, chat_id: str, typed: str) -> ChatZone | None:
    """Set the chat's zone from what an admin typed ("europe/paris" is fine); None, and
    nothing changed, when it is not a known IANA zone."""
    name = daily.parse_zone(typed)
    if name is None:
        return None
    await store.set_meta(zone_key(chat_id), name)
    return _named(name, "set")


class ChatZones:
    """Each chat's zone, read from the store and kept for ZONE_TTL."""

    def __init__(self, store: Store, clock: Clock, default: tzinfo = UTC) -> None:
        self.store, self.clock, self.default = store, clock, default
        self._known: dict[str, tuple[ChatZone, datetime]] = {}

    async def of(self, chat_id: str) -> ChatZone:
        now = self.clock.now()
        known = self._known.get(chat_id)
        if known is not None and now < known[1]:
            return known[0]
        found = await chat_zone(self.store, chat_id, self.default)
        self._known[chat_id] = (found, now + ZONE_TTL)
        return found

    async def set(self, chat_id: str, typed: str) -> ChatZone | None:
        """Set the chat's zone (see set_chat_zone); seen at once by this process."""
        found = await set_chat_zone(self.store, chat_id, typed)
        if found is not None:
            self._known[chat_id] = (found, self.clock.now() + ZONE_TTL)
        return found

    def forget(self, *chat_ids: str) -> None:
        """Read these zones again next time (a daily schedule changed, or the chat moved)."""
        for chat_id in chat_ids:
            self._known.pop(chat_id, None)
