"""Discord end to end: a question with a formula and a code block, through the real
discord.py driven by simcord: the math in Unicode, the code in Discord's own fence."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from adapters.discord_bot.client import QuizBot
from bot.domain.models import Quiz, Text
from bot.storage.sqlite.store import SQLiteStore
from tests.e2e.discord_helpers import World, build_bot, locales

PROMPT = (
    "With $p$ stages, is $\\alpha^2 < 1$ *here*?\n```python\nif a < b and c * d:\n    pass\n```"
)


@pytest.fixture
def simcord_bot(store: SQLiteStore, quizzes: dict[str, Quiz]) -> QuizBot:
    quiz = quizzes["parallelism"]
    first = replace(quiz.questions[0], prompt=Text(PROMPT, PROMPT))
    changed = replace(quiz, questions=(first,))  # the round asks it, whatever the draw
    return build_bot(store, {**quizzes, quiz.id: changed})


async def test_formulas_in_unicode_and_code_in_a_fence(world: World) -> None:
    ana = world.members["ana"]
    with locales({ana.id: discord.Locale.american_english}):
        await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
        text = world.channel.last_message.embeds[0].description
    assert "With p stages, is α² \\< 1 \\*here\\*?" in text  # escaped as prose, math in Unicode
    assert "```python\nif a < b and c * d:\n    pass\n```" in text  # code as written
