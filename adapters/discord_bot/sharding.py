"""Which Discord shards a process runs, and so which servers' rounds it resumes."""

from __future__ import annotations

from dataclasses import dataclass

from adapters.platform_ids import DISCORD


@dataclass(frozen=True)
class Sharding:
    """Which shards this process runs: `count` None lets Discord recommend (`--shards auto`)."""

    count: int | None = 1
    ids: tuple[int, ...] | None = None

    def owns(self, chat_id: str) -> bool:
        """Whether this process serves the server `dc:<guild id>` (Discord's shard formula)."""
        if self.count is None or self.ids is None or not DISCORD.owns(chat_id):
            return True
        guild = DISCORD.local(chat_id)
        return not guild.isdigit() or (int(guild) >> 22) % self.count in self.ids
