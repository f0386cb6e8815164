"""A group's own quiz with the real python-telegram-bot against the fake Bot API: /quizzes sets
it apart, /quiz plays it, another group does not see it, and /practice links to it in the
private chat, where only a member of the group may play it. (The upload itself, /import, is
the Telegram adapter's: here the quiz is stored through the service, as /import does.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.domain.models import Quiz
from bot.domain.uploads import Uploaded, key_serial
from tests.e2e.telegram_harness import GROUP, Harness, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock
from tests.support.uploads import RecordingFetch, gift


async def own_quiz(bot: Harness) -> Quiz:
    outcome = await bot.quiz.service.chat_quizzes.upload(
        f"tg:{GROUP}", "tg:1", "capitals.gift", None, RecordingFetch(gift(3))
    )
    assert isinstance(outcome, Uploaded)
    return outcome.quiz


async def test_a_group_s_own_quiz_is_listed_played_and_practised_by_members_only(
    fake: FakeTelegramAPI, group: dict[str, Any], tmp_path: Path, quizzes: dict[str, Quiz],
    clock: FakeClock,
) -> None:  # fmt: skip
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        await play_the_group_s_own_quiz(bot, fake, group)


async def play_the_group_s_own_quiz(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    amelie, dana = fake.user(1, "Amélie", "fr"), fake.user(4, "Dana", "en")
    quiz = await own_quiz(bot)
    listed = await bot.command(group, amelie, "/quizzes")
    bundled, own = listed["text"].split("\n\n")
    assert "capitals" not in bundled
    assert "Les quiz de cette discussion" in own
    assert "capitals · capitals · 3 questions" in own
    assert quiz.id not in listed["text"]

    question = await bot.command(group, amelie, "/quiz capitals 1")
    assert "Question 1/1" in question["text"]

    other = fake.group(-100600, "Another group", chat_type="supergroup")
    unknown = await bot.command(other, amelie, "/quiz capitals")
    assert unknown["text"].startswith("Je ne connais pas de quiz nommé «\u00a0capitals\u00a0»")
    assert "capitals ·" not in unknown["text"]

    link = await bot.command(group, amelie, "/practice capitals")
    serial = key_serial(quiz.id)
    assert f"?start=practice_capitals_{serial}" in link["text"]
    start = f"/start practice_capitals_{serial}"
    practice = await bot.command(fake.private_chat(amelie), amelie, start)
    assert "Question 1/3" in practice["text"]
    stranger = await bot.command(fake.private_chat(dana), dana, start)
    assert stranger["text"].startswith("I don't know a quiz called “capitals_")


async def test_a_practice_link_of_a_group_that_removed_the_bot_is_answered_politely(
    fake: FakeTelegramAPI, group: dict[str, Any], tmp_path: Path, quizzes: dict[str, Quiz],
    clock: FakeClock,
) -> None:  # fmt: skip
    """getChatMember then fails (403): the member still gets an answer, not silence."""
    amelie = fake.user(1, "Amélie", "fr")
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        quiz = await own_quiz(bot)
        await bot.command(group, amelie, "/quizzes")  # Amélie is in the group
        fake.kick_bot(group)
        start = f"/start practice_capitals_{key_serial(quiz.id)}"
        answer = await bot.command(fake.private_chat(amelie), amelie, start)
        assert answer["text"].startswith("Je ne connais pas de quiz nommé «\u00a0capitals_")
