"""`/quiz weak` on Telegram end to end: the real python-telegram-bot against the fake Bot API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.domain.models import Quiz
from tests.e2e.telegram_harness import Harness, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock


@pytest.fixture
async def bot(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> AsyncIterator[Harness]:
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as harness:
        yield harness


async def round_with_misses(bot: Harness, group: dict[str, Any]) -> list[tuple[str, int]]:
    """A 3-question round: the second is missed by all three, the first by one, the third by
    none. Each question with its misses, in the round's order."""
    members = [bot.fake.user(n, name, "en") for n, name in ((1, "Ana"), (2, "Ben"), (3, "Chris"))]
    await bot.command(group, members[0], "/quiz parallelism 3")
    asked = []
    for misses in (1, 3, 0):
        right, wrong = await bot.right_and_wrong()
        asked.append(((await bot.open_view()).question.id, misses))
        message_id = bot.fake.bot_messages(group)[-1]["message_id"]
        for number, member in enumerate(members):
            await bot.press(group, member, message_id, wrong if number < misses else right)
        await bot.advance(30)
    return asked


async def test_after_a_round_with_misses_the_weak_round_asks_the_most_forgotten_first(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], quizzes: dict[str, Quiz]
) -> None:
    ana = fake.user(1, "Ana", "en")
    nothing = await bot.command(group, ana, "/quiz weak")
    assert nothing["text"].startswith("Nobody has answered a question in this chat yet")
    assert "/quiz parallelism" in nothing["text"]

    asked = await round_with_misses(bot, group)
    await bot.advance(3600)
    first = await bot.command(group, ana, "/quiz@quizbot weak 2")

    most_missed = max(asked, key=lambda item: item[1])[0]
    question = quizzes["parallelism"].question(most_missed)
    assert question is not None
    assert first["text"].startswith(f"{quizzes['parallelism'].title.en} · Question 1/2")
    assert question.prompt.en in first["text"]
    assert (await bot.open_view()).question.id == most_missed
    right, _ = await bot.right_and_wrong()
    await bot.press(group, ana, first["message_id"], right)  # after the round's start is done
    since = len(fake.calls)
    for _ in range(2):
        await bot.advance(30)
    sent = await fake.wait_for("sendMessage", lambda p: "Round over" in p["text"], since=since)
    summary = sent.response["result"]["text"].splitlines()
    assert summary[:2] == [
        "🏁 Round over: Weak spots of this group",
        "Why these questions: this group is most likely to have forgotten them now. They come "
        "lowest predicted recall first (FSRS, averaged over the members who answered them "
        "here), then most missed.",
    ]


async def test_a_bad_count_is_refused(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    said = await bot.command(group, fake.user(1, "Ana", "en"), "/quiz weak many")
    assert said["text"] == "The number of questions must be a whole number from 1 to 500."


async def test_admins_make_the_weak_spots_a_source_of_the_question_of_the_day(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    teacher = fake.user(9, "Teacher", "en")
    fake.add_admin(group, teacher)
    said = await bot.command(group, teacher, "/daily 09:00 Europe/Paris parallelism,weak")
    assert "from Model and pipeline parallelism, Weak spots of this group" in said["text"]
    status = await bot.command(group, teacher, "/daily")
    assert "removed" not in status["text"]
