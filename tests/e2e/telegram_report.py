"""A Telegram group that plays rounds through the real adapter, for the report's tests."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.telegram_harness import Harness

LINK = re.compile(r"https?://\S+/r/[A-Za-z0-9._-]+/")


async def play_rounds(
    bot: Harness, group: Any, players: list[Any], questions: tuple[int, ...] = (2, 1)
) -> None:
    """A round per item of `questions` (that many questions each), a day apart; players
    answer by turns. Few messages: AIORateLimiter holds a group to 20 a minute (real time)."""
    for round_number, count in enumerate(questions):
        await bot.command(group, players[0], f"/quiz parallelism {count}")
        for number in range(count):
            right, wrong = await bot.right_and_wrong()
            message_id = bot.fake.bot_messages(group)[-1]["message_id"]
            for index, player in enumerate(players):
                await bot.advance(0.5 + index / 4)  # under 5 s: no count edit before close
                good = (index + number + round_number) % 3 != 0
                await bot.press(group, player, message_id, right if good else wrong)
            await bot.advance(30)
        await bot.advance(24 * 3600)


def link_in(message: dict[str, Any]) -> str | None:
    found = LINK.search(str(message.get("text", "")))
    return found.group(0) if found else None
