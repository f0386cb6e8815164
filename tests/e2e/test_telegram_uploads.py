"""Chat quiz uploads on Telegram (issue 19), with the real python-telegram-bot against the
fake Bot API: an admin's file (caption or reply) becomes the chat's own quiz, played there and
nowhere else; members, oversized and broken files are refused before or by line; a new upload
replaces a quiz and keeps its scores; `/removequiz` removes it; a private chat's upload is the
user's own. The fake records every getFile and download, so "nothing was downloaded" is seen.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.domain.models import Quiz
from bot.domain.uploads import MAX_UPLOAD_BYTES, UploadRefusal, UploadRefused
from bot.text import upload_texts
from tests.e2e.telegram_harness import GROUP, Harness, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI, JSONDict
from tests.fakes.telegram_files import MAX_DOWNLOAD_BYTES, StoredFile
from tests.support.clocks import FakeClock

OTHER_GROUP = -100777
GIFT = b"""// Three questions for the uploads' tests, written from Moodle's GIFT documentation.
::capital-fr:: What is the capital of France? {=Paris ~Lyon ~Marseille ~Lille}

::capital-de:: What is the capital of Germany? {=Berlin ~Munich ~Hamburg ~Bonn}

::capital-it:: What is the capital of Italy? {=Rome ~Milan ~Naples ~Turin}
"""
GIFT_AGAIN = GIFT.replace(b"~Lille}", b"~Nice}") + (
    b"\n::capital-es:: What is the capital of Spain? {=Madrid ~Seville ~Valencia ~Bilbao}\n"
)
ANKI = (
    b"#separator:tab\n#html:false\n"
    b"H2O\tWater\nNaCl\tSalt\nCO2\tCarbon dioxide\nO2\tOxygen\nCH4\tMethane\n"
)
YAML = """format: 2
id: rivers
languages: [en]
title: "Rivers"
difficulty: easy
questions:
  - id: longest
    prompt: "Which river is the longest in France?"
    choices: ["Loire", "Seine", "Rhône", "Garonne"]
    answer: A
    explanation: "The Loire runs about 1,000 km."
""".encode()
BROKEN = b"""// Nothing here is played in a chat: each question is named by its line.
::q1:: Why is Paris the capital of France? {}

::q2:: Match the capitals. {=France -> Paris =Italy -> Rome}
"""


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


async def send_file(
    bot: Harness,
    chat: Any,
    user: dict[str, Any],
    name: str,
    data: bytes,
    caption: str | None = "/import",
    declared_size: int | None = None,
) -> dict[str, Any]:
    """A user sends a file (with `/import` as its caption by default); the bot's answer."""
    stored = bot.fake.files.add(name, data, declared_size=declared_size)
    return await answer_to(
        bot.fake, chat, lambda: bot.fake.send_document(chat, user, stored.document(), caption)
    )


async def send_stored(
    fake: FakeTelegramAPI, chat: Any, user: JSONDict, stored: StoredFile, thread: int | None = None
) -> JSONDict:
    """`stored` sent with `/import` as its caption; the bot's answer."""
    document = stored.document()
    return await answer_to(
        fake, chat, lambda: fake.send_document(chat, user, document, "/import", thread=thread)
    )


async def answer_to(fake: FakeTelegramAPI, chat: Any, send: Callable[[], object]) -> JSONDict:
    """What the bot sends to `chat` next after `send` (a user's message) is enqueued."""
    since = len(fake.calls)
    send()
    chat_id = chat["id"] if isinstance(chat, dict) else chat
    call = await fake.wait_for("sendMessage", lambda p: p["chat_id"] == chat_id, since=since)
    result: JSONDict = call.response["result"]
    return result


async def test_an_admin_uploads_a_gift_file_and_the_group_plays_it(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    answer = await send_file(bot, group, admin, "capitals.gift", GIFT)
    assert answer["text"] == "Quiz “capitals” added: 3 questions. Play it: /quiz capitals"
    [stored] = fake.files.files.values()
    assert fake.files.downloaded() == [stored.file_path]
    assert [d.token for d in fake.files.downloads] == [bot.app.bot.token]

    listed = await bot.command(group, admin, "/quizzes")
    assert "capitals" in listed["text"]
    question = await bot.command(group, admin, "/quiz capitals 1")
    assert "What is the capital of" in question["text"]
    right, _ = await bot.right_and_wrong()
    verdict = await bot.press(group, fake.user(5, "Dana", "en"), question["message_id"], right)
    assert verdict["text"].startswith("✅ Right!")


async def test_a_reply_to_a_file_uploads_it_even_as_import_at_the_bots_name(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    member = fake.user(2, "Bastien", "en")
    stored = fake.files.add("chemistry.txt", ANKI)
    document = fake.send_document(group, member, stored.document())  # no caption: nothing
    answer = await reply_import(bot, group, admin, document["message_id"], "/import@quizbot")
    assert "chemistry" in answer["text"]
    assert "5 questions" in answer["text"]
    assert fake.files.downloaded() == [stored.file_path]


async def reply_import(
    bot: Harness, chat: Any, user: dict[str, Any], message_id: int, text: str = "/import"
) -> dict[str, Any]:
    return await answer_to(
        bot.fake, chat, lambda: bot.fake.send_command(chat, user, text, reply_to=message_id)
    )


async def test_a_yaml_quiz_file_is_taken_as_it_is(
    bot: Harness, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    answer = await send_file(bot, group, admin, "whatever.yaml", YAML)
    assert "Rivers" in answer["text"]
    assert "1 question" in answer["text"]
    question = await bot.command(group, admin, "/quiz rivers")
    assert "Which river is the longest in France?" in question["text"]


async def test_another_group_neither_lists_nor_plays_it(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    await send_file(bot, group, admin, "capitals.gift", GIFT)
    other = fake.group(OTHER_GROUP, "Another group", chat_type="supergroup")
    stranger = fake.user(3, "Chris", "en")
    listed = await bot.command(other, stranger, "/quizzes")
    assert "capitals" not in listed["text"]
    refused = await bot.command(other, stranger, "/quiz capitals")
    assert "capitals" in refused["text"]  # "no quiz called capitals", and the list
    assert "What is the capital of" not in refused["text"]
    assert await bot.quiz.service.store.open_posts() == []


async def test_a_member_is_refused_and_nothing_is_downloaded(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    member = fake.user(2, "Bastien", "en")
    answer = await send_file(bot, group, member, "capitals.gift", GIFT)
    assert answer["text"] == "Only admins can do that."
    stored = fake.files.add("capitals.gift", GIFT)
    document = fake.send_document(group, member, stored.document())
    again = await reply_import(bot, group, member, document["message_id"])
    assert again["text"] == answer["text"]
    assert fake.calls_to("getFile") == []
    assert fake.files.downloads == []


async def test_an_anonymous_admin_may_upload(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    member = fake.user(2, "Bastien", "en")
    stored = fake.files.add("capitals.gift", GIFT)
    document = fake.send_document(group, member, stored.document())
    answer = await answer_to(
        fake, group, lambda: fake.send_as_group(group, "/import", reply_to=document["message_id"])
    )
    assert "3 questions" in answer["text"]
    assert fake.files.downloaded() == [stored.file_path]


async def test_a_broken_file_is_answered_by_line(
    bot: Harness, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    answer = await send_file(bot, group, admin, "broken.gift", BROKEN)
    assert answer["text"].splitlines() == [
        "Nothing could be imported from broken.gift:",
        "broken.gift:2: an essay question: no answer to check",
        "broken.gift:4: a matching question: the bot does not ask matching questions",
    ]
    listed = await bot.command(group, admin, "/quizzes")
    assert "broken" not in listed["text"]


async def test_an_oversized_file_is_refused_by_its_declared_size_without_get_file(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    answer = await send_file(
        bot, group, admin, "huge.gift", GIFT, declared_size=MAX_UPLOAD_BYTES + 1
    )
    assert f"{MAX_UPLOAD_BYTES}" in answer["text"].replace(",", "").replace("\u202f", "")
    assert fake.calls_to("getFile") == []
    assert fake.files.downloads == []


async def test_a_big_file_shows_the_bot_is_reading_it(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    padded = b"// padding\n" * 12_000 + GIFT  # about 130 kB: over BIG_FILE, under 1 MB
    answer = await send_file(bot, group, admin, "capitals.gift", padded)
    assert "3 questions" in answer["text"]
    assert fake.chat_actions == [(GROUP, "upload_document")]


async def test_a_small_file_shows_nothing_while_read(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    await send_file(bot, group, admin, "capitals.gift", GIFT)
    assert fake.chat_actions == []


async def test_a_replacement_keeps_the_leaderboard(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    await send_file(bot, group, admin, "capitals.gift", GIFT)
    dana = fake.user(5, "Dana", "en")
    question = await bot.command(group, admin, "/quiz capitals 1")
    right, _ = await bot.right_and_wrong()
    await bot.press(group, dana, question["message_id"], right)
    await bot.advance(30)  # the question closes, the round of one ends
    before = await bot.command(group, dana, "/leaderboard capitals")
    assert "Dana: 1 point" in before["text"]

    replaced = await send_file(bot, group, admin, "capitals.gift", GIFT_AGAIN)
    assert "replaced" in replaced["text"].lower()
    assert "4 questions" in replaced["text"]
    after = await bot.command(group, dana, "/leaderboard capitals")
    assert "Dana: 1 point" in after["text"]
    listed = await bot.command(group, admin, "/quizzes")
    own = listed["text"].split("This chat's own quizzes:\n", 1)[1]
    assert own.splitlines() == ["capitals · capitals · 4 questions · medium"]  # one, replaced


async def test_removal_is_for_admins_and_the_quiz_is_gone(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    await send_file(bot, group, admin, "capitals.gift", GIFT)
    member = fake.user(2, "Bastien", "en")
    refused = await bot.command(group, member, "/removequiz capitals")
    assert refused["text"] == "Only admins can do that."
    removed = await bot.command(group, admin, "/removequiz capitals")
    assert "capitals" in removed["text"]
    assert "removed" in removed["text"].lower()
    listed = await bot.command(group, admin, "/quizzes")
    assert "capitals" not in listed["text"]
    bundled = await bot.command(group, admin, "/removequiz parallelism")
    assert "cannot be removed" in bundled["text"]


async def test_import_alone_says_how_to_upload(
    bot: Harness, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    answer = await bot.command(group, admin, "/import")
    assert "/import" in answer["text"]
    assert "caption" in answer["text"]


async def test_an_upload_in_a_private_chat_is_the_users_own_quiz(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    learner = fake.user(6, "Élise", "fr")
    private = fake.private_chat(learner)
    answer = await send_file(bot, private, learner, "capitals.gift", GIFT)
    assert "capitals" in answer["text"]
    practice = await bot.command(private, learner, "/practice capitals")
    assert "What is the capital of" in practice["text"]
    fake.add_member(group, learner)
    listed = await bot.command(group, learner, "/quizzes")
    assert "capitals" not in listed["text"]


async def test_the_commands_are_in_the_admins_and_private_menus(
    bot: Harness, fake: FakeTelegramAPI
) -> None:
    scoped = {
        (c.params.get("scope", {}).get("type", "default"), c.params.get("language_code")): {
            command["command"] for command in c.params["commands"]
        }
        for c in fake.calls_to("setMyCommands")
    }
    for scope in ("all_chat_administrators", "all_private_chats"):
        for language in (None, "fr"):
            assert {"import", "removequiz", "quiz"} <= scoped[(scope, language)]
    assert "import" not in scoped[("default", None)]


async def test_a_file_without_a_declared_size_over_telegrams_cap_is_refused(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], admin: dict[str, Any]
) -> None:
    stored = fake.files.add("huge.gift", GIFT, declared_size=MAX_DOWNLOAD_BYTES + 1)
    document = stored.document()
    del document["file_size"]  # optional in a Document: the bot learns the size from getFile
    answer = await answer_to(
        fake, group, lambda: fake.send_document(group, admin, document, "/import")
    )
    assert answer["text"] == upload_texts.upload_reply(
        UploadRefused(UploadRefusal.TOO_BIG, MAX_UPLOAD_BYTES), "en"
    )
    assert fake.errors == ["getFile: Bad Request: file is too big"]
    assert fake.files.downloads == []


async def test_files_come_from_telegram_file_url_when_set(
    fake: FakeTelegramAPI,
    group: dict[str, Any],
    admin: dict[str, Any],
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
) -> None:
    """The Bot API answers getFile; the bytes come from the other server (TELEGRAM_FILE_URL)."""
    async with FakeTelegramAPI() as files:
        database = tmp_path / "quiz.db"
        async with running_bot(fake, database, quizzes, clock, file_url=files.url):
            stored = fake.files.add("capitals.gift", GIFT)
            fake.files.get_file(stored.file_id)  # its path, which the file server holds too
            files.files.files[stored.file_id] = stored
            answer = await send_stored(fake, group, admin, stored)
            assert "3 questions" in answer["text"]
    assert [c.method for c in fake.calls].count("getFile") == 1
    assert fake.files.downloads == []
    assert files.files.downloaded() == [stored.file_path]
    assert files.calls == []


async def test_in_a_forum_topic_the_progress_and_the_answer_stay_in_the_topic(
    bot: Harness, fake: FakeTelegramAPI
) -> None:
    forum = fake.group(-100888, "Forum", chat_type="supergroup", is_forum=True)
    topic = fake.topic(forum, "Week 1")
    teacher = fake.user(7, "Teacher", "en")
    fake.add_admin(forum, teacher)
    stored = fake.files.add("capitals.gift", b"// padding\n" * 12_000 + GIFT)
    answer = await send_stored(fake, forum, teacher, stored, thread=topic)
    assert answer["message_thread_id"] == topic
    assert "3 questions" in answer["text"]
    [action] = fake.calls_to("sendChatAction")
    assert action.params["message_thread_id"] == topic
