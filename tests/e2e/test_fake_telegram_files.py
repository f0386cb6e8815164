"""Tests of the fake Bot API's files (tests/fakes/telegram_files.py) with the real PTB.

Why: the chat upload tests trust the fake to model Telegram's file flow as documented — a
document's declared size in the message, getFile's File and its errors, the bytes at
``<base_file_url><token>/<file_path>`` — and to record each download, so "nothing was
downloaded" can be asserted.
"""

from __future__ import annotations

from typing import Any

import pytest
from telegram import File, Update
from telegram.error import BadRequest, TelegramError
from telegram.ext import CommandHandler, ContextTypes, MessageHandler, filters

from tests.fakes.telegram_api import FakeTelegramAPI
from tests.fakes.telegram_files import MAX_DOWNLOAD_BYTES
from tests.support.ptb_apps import TOKEN, build_app, needs_spec, polling

GROUP_ID = -100124
QUIZ_TEXT = b"::q1:: 2+2? {=4 ~3 ~5}\n"


@pytest.fixture
async def fake() -> Any:
    async with FakeTelegramAPI() as api:
        yield api
        assert api.violations == []


@needs_spec
async def test_a_captioned_document_is_fetched_and_its_download_recorded(
    fake: FakeTelegramAPI,
) -> None:
    group = fake.group(GROUP_ID, "Study group", chat_type="supergroup")
    stored = fake.files.add("maths.gift", QUIZ_TEXT)
    sent = fake.send_document(group, fake.user(1, "Ann"), stored.document(), "/import@quizbot")
    assert sent["caption_entities"] == [{"type": "bot_command", "offset": 0, "length": 15}]
    assert "text" not in sent
    fetched: list[bytes] = []

    async def on_document(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.effective_message
        assert message is not None
        document = message.document
        assert document is not None
        assert (document.file_name, document.file_size) == ("maths.gift", len(QUIZ_TEXT))
        file = await context.bot.get_file(document.file_id)
        fetched.append(bytes(await file.download_as_bytearray()))
        await context.bot.send_chat_action(message.chat_id, "upload_document")

    app = build_app(fake)
    captioned = filters.Document.ALL & filters.CaptionRegex("^/import")
    app.add_handler(MessageHandler(captioned, on_document))
    async with polling(app):
        await fake.wait_for("sendChatAction")
        await fake.drained()
    assert fetched == [QUIZ_TEXT]
    assert fake.files.downloaded() == [stored.file_path]
    assert fake.files.downloads[0].token == TOKEN
    assert fake.chat_actions == [(GROUP_ID, "upload_document")]
    [call] = fake.calls_to("getFile")
    assert fake.spec is not None
    assert fake.spec.check_object("File", call.response["result"]) == []
    assert fake.spec.check_object("Message", sent) == []


async def test_a_reply_carries_the_document_it_answers(fake: FakeTelegramAPI) -> None:
    group = fake.group(GROUP_ID, "Study group", chat_type="supergroup")
    ann = fake.user(1, "Ann")
    document = fake.send_document(group, ann, fake.files.add("deck.txt", b"a\tb\n").document())
    seen: list[str | None] = []

    async def on_import(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.effective_message
        assert message is not None
        assert message.reply_to_message is not None
        replied = message.reply_to_message.document
        seen.append(replied.file_name if replied else None)

    app = build_app(fake)
    app.add_handler(CommandHandler("import", on_import))
    async with polling(app):
        fake.send_command(group, ann, "/import", reply_to=document["message_id"])
        await fake.drained()
    assert seen == ["deck.txt"]


async def test_get_file_refuses_files_over_20_mb_and_unknown_ids(fake: FakeTelegramAPI) -> None:
    big = fake.files.add("huge.txt", b"x", declared_size=MAX_DOWNLOAD_BYTES + 1)
    fine = fake.files.add("fine.txt", b"y", declared_size=MAX_DOWNLOAD_BYTES)
    async with build_app(fake) as app:
        with pytest.raises(BadRequest, match=r"^File is too big$"):
            await app.bot.get_file(big.file_id)
        with pytest.raises(BadRequest, match=r"^Invalid file_id$"):
            await app.bot.get_file("no-such-file")
        assert (await app.bot.get_file(fine.file_id)).file_size == MAX_DOWNLOAD_BYTES
    assert fake.errors == [
        "getFile: Bad Request: file is too big",
        "getFile: Bad Request: invalid file_id",
    ]
    assert fake.files.downloads == []


async def test_a_download_with_another_token_is_not_found_and_recorded(
    fake: FakeTelegramAPI,
) -> None:
    stored = fake.files.add("maths.gift", QUIZ_TEXT)
    fake.rejected_tokens.add("1:other")
    async with build_app(fake) as app:
        file = await app.bot.get_file(stored.file_id)
        assert file.file_path == f"{fake.base_file_url}{TOKEN}/{stored.file_path}"
        assert bytes(await file.download_as_bytearray()) == QUIZ_TEXT
        elsewhere = File(
            file.file_id, file.file_unique_id, file_path=f"{fake.base_file_url}1:other/x"
        )
        elsewhere.set_bot(app.bot)
        with pytest.raises(TelegramError):
            await elsewhere.download_as_bytearray()
    assert [(d.token, d.status) for d in fake.files.downloads] == [(TOKEN, 200), ("1:other", 404)]
    assert fake.files.downloaded() == [stored.file_path]
