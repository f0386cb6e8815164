"""A `.zip` upload on Telegram (issue 28), with the real python-telegram-bot against the fake
Bot API: the quiz file and its picture become the group's quiz, stored with the picture
cleaned, and played; a zip bomb is refused with its message and stores nothing; a zip declared
over 5 MB is refused before getFile. (Posting the picture is the publisher's: here the stored
quiz is seen to hold it.)"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.domain.models import Quiz
from bot.domain.pictures import MAX_ZIP_BYTES
from bot.domain.uploads import key_serial
from bot.pictures.clean import clean
from tests.e2e.telegram_harness import Harness, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI, JSONDict
from tests.support import picture_zips as zips
from tests.support.clocks import FakeClock


@pytest.fixture
async def bot(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> AsyncIterator[Harness]:
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as harness:
        yield harness


@pytest.fixture
def admin(fake: FakeTelegramAPI, group: dict[str, Any]) -> dict[str, Any]:
    user = fake.user(1, "Amélie", "en")
    fake.add_admin(group, user)
    return user


async def send_zip(
    bot: Harness, chat: JSONDict, user: JSONDict, data: bytes, declared: int | None = None
) -> JSONDict:
    """The admin sends `data` as pics.zip with /import as its caption; the bot's answer."""
    stored = bot.fake.files.add("pics.zip", data, declared_size=declared)
    since = len(bot.fake.calls)
    bot.fake.send_document(chat, user, stored.document(), "/import")
    call = await bot.fake.wait_for(
        "sendMessage", lambda p: p["chat_id"] == chat["id"], since=since
    )
    result: JSONDict = call.response["result"]
    return result


async def test_a_zip_s_quiz_and_picture_are_stored_and_the_group_plays_it(
    bot: Harness, fake: FakeTelegramAPI, group: JSONDict, admin: JSONDict
) -> None:
    data = zips.quiz_zip({"pics/spare.png": zips.png("blue")})
    answer = await send_zip(bot, group, admin, data)
    assert answer["text"].splitlines() == [
        "Quiz “Pictures” added: 1 question. Play it: /quiz pics",
        "Pictures the quiz does not show, not kept: pics/spare.png.",
    ]
    assert len(fake.files.downloads) == 1
    [quiz] = await bot.quiz.service.chat_quizzes.of_chat(f"tg:{group['id']}")
    serial = key_serial(quiz.id)
    assert serial is not None
    stored = await bot.quiz.service.store.chat_quiz(serial)
    assert stored is not None
    assert zips.by_name(stored) == {"pics/square.png": clean(zips.png(), "a.png").data}
    image = quiz.questions[0].image
    assert image is not None
    assert image.alt.get("en") == "A red square"

    since = len(fake.calls)
    fake.send_command(group, admin, "/quiz pics 1")
    posted = await fake.wait_for("sendPhoto", lambda p: p["chat_id"] == group["id"], since=since)
    question = posted.response["result"]
    assert "What colour is picture 1?" in question["caption"]  # the chat's picture, posted
    right, _ = await bot.right_and_wrong()
    verdict = await bot.press(group, fake.user(5, "Dana", "en"), question["message_id"], right)
    assert verdict["text"].startswith("✅ Right!")


async def test_a_zip_bomb_is_refused_with_its_message_and_nothing_is_stored(
    bot: Harness, fake: FakeTelegramAPI, group: JSONDict, admin: JSONDict
) -> None:
    answer = await send_zip(bot, group, admin, zips.bomb(200_000_000))
    assert answer["text"] == (
        "“pics/huge.png” in this .zip is too large once unpacked (the limit in bytes: "
        "1000000). Nothing was kept."
    )
    assert await bot.quiz.service.chat_quizzes.of_chat(f"tg:{group['id']}") == []
    assert await bot.quiz.service.store.count_rows("pictures") == 0  # type: ignore[attr-defined]


async def test_a_zip_declared_over_5_mb_is_refused_before_get_file(
    bot: Harness, fake: FakeTelegramAPI, group: JSONDict, admin: JSONDict
) -> None:
    answer = await send_zip(bot, group, admin, zips.quiz_zip(), declared=MAX_ZIP_BYTES + 1)
    assert f"{MAX_ZIP_BYTES}" in answer["text"]
    assert fake.calls_to("getFile") == []
    assert fake.files.downloads == []
