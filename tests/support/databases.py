"""A database with a little of everything in it, and `quizbot db copy` run as a user runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date, time, timedelta
from pathlib import Path

from bot.domain.daily import DailyRule, NewSchedule
from bot.domain.entities import Answer, NewPost, Player
from bot.storage.interface import Store
from tests.support.paths import ROOT
from tests.support.store_rows import NOW, new_post, new_round


async def fill(store: Store) -> None:
    """A little of everything: players, a round, answers, a daily schedule and post, meta."""
    started = await store.create_round(new_round(), NOW)
    post = await store.create_post(new_post(started.round_id))
    for user in range(5):
        player = Player(f"tg:{user}", f"Name {user}", "fr")
        answer = Answer(post.post_id, player.user_id, user % 4, user % 2 == 0, NOW, 900 * user)
        await store.add_answer(answer, post, player)
    rule = DailyRule(time(9, 0), "Europe/Paris", frozenset(range(7)), timedelta(hours=1))
    schedule = await store.save_schedule(
        NewSchedule("tg:-1", "", rule, ("parallelism",), "fr", "tg:0", NOW)
    )
    daily = NewPost("tg:-1", "parallelism", "tensor-split", (0, 1, 2, 3), 1, 1, NOW, None, None)
    await store.claim_daily_post(schedule, date(2026, 3, 2), daily, NOW + timedelta(days=1))
    await store.set_meta("discord.commands", "abc")


def copy(source: Path | str, target: Path | str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli", "db", "copy", str(source), str(target)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=os.environ,
        timeout=60,
        check=False,
    )
