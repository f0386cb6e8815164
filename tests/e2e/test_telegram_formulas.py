"""Telegram end to end: a question with a formula and a code block, through the real
python-telegram-bot against the fake Bot API, which parses the HTML as Telegram does."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.domain.models import Quiz, Text
from tests.e2e.telegram_harness import Harness, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock

PROMPT = "With $p$ stages, is $\\alpha^2 < 1$ here?\n```python\nif a < b and c & d:\n    pass\n```"
EXPLANATION = "Because $t_f+t_b$ and `x<y`."


@pytest.fixture
async def bot(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> AsyncIterator[Harness]:
    quiz = quizzes["parallelism"]
    first = replace(
        quiz.questions[0],
        prompt=Text(PROMPT, PROMPT),
        explanation=Text(EXPLANATION, EXPLANATION),
    )
    changed = replace(quiz, questions=(first,))  # the round asks it, whatever the draw
    async with running_bot(fake, tmp_path / "quiz.db", {**quizzes, quiz.id: changed}, clock) as h:
        yield h


async def test_formulas_in_unicode_and_code_in_pre_reach_the_group(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    chris = fake.user(3, "Chris", "en")
    fake.add_admin(group, chris)
    posted = await bot.command(group, chris, "/quiz@quizbot parallelism 1")
    sent = next(call for call in fake.calls if call.method == "sendMessage").params
    assert sent["parse_mode"] == "HTML"
    assert "is α² &lt; 1 here?" in sent["text"]
    assert (
        '<pre><code class="language-python">if a &lt; b and c &amp; d:\n    pass</code></pre>'
        in sent["text"]
    )
    assert "is α² < 1 here?\nif a < b and c & d:\n    pass" in posted["text"]  # as shown
    right, _ = await bot.right_and_wrong()
    alert = await bot.press(group, chris, posted["message_id"], right)
    assert "t_f+t_b" in alert["text"]
    assert "$" not in alert["text"]
    await bot.advance(30)
    closed = fake.message(group, posted["message_id"])
    assert "Because t_f+t_b and x<y." in closed["text"]
