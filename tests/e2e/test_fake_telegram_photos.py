"""The fake Bot API's photos, driven by the real python-telegram-bot: multipart uploads,
file_ids that serve the bot they were given to, captions and their limit, and the errors
Telegram gives for editing a photo's text or a text's caption (tests/fakes/telegram_api.py)."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from PIL import Image
from telegram.error import BadRequest

from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.ptb_apps import build_app

GROUP_ID = -100123


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegramAPI]:
    async with FakeTelegramAPI() as api:
        yield api


def png(width: int = 400, height: int = 200) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (250, 250, 245)).save(out, "PNG")
    return out.getvalue()


async def test_an_upload_gives_sizes_whose_file_id_sends_it_again(fake: FakeTelegramAPI) -> None:
    group = fake.group(GROUP_ID, "Study group")
    data = png()
    async with build_app(fake) as app:
        sent = await app.bot.send_photo(
            GROUP_ID, data, caption="<b>Q1</b>", parse_mode="HTML", filename="q.png"
        )
        assert [(s.width, s.height) for s in sent.photo] == [(90, 45), (400, 200)]
        assert sent.caption == "Q1"
        again = await app.bot.send_photo(GROUP_ID, sent.photo[-1].file_id, caption="Q2")
        assert again.photo == sent.photo
    assert [(u.field, u.filename, u.data) for u in fake.uploads] == [("photo", "q.png", data)]
    assert [m["caption"] for m in fake.bot_messages(group)] == ["Q1", "Q2"]


async def test_unknown_and_other_bots_file_ids_are_refused(fake: FakeTelegramAPI) -> None:
    fake.group(GROUP_ID, "Study group")
    async with build_app(fake) as app:
        with pytest.raises(BadRequest, match="Wrong file identifier/http url specified"):
            await app.bot.send_photo(GROUP_ID, "AgACAgQAAxk-made-up")
        sent = await app.bot.send_photo(GROUP_ID, png())
    async with build_app(fake, "1111:another-bot") as other:
        with pytest.raises(BadRequest, match="Wrong file identifier"):
            await other.bot.send_photo(GROUP_ID, sent.photo[-1].file_id)
    async with build_app(fake) as app:
        fake.forget_file_ids()
        with pytest.raises(BadRequest, match="Wrong file identifier"):
            await app.bot.send_photo(GROUP_ID, sent.photo[-1].file_id)


async def test_captions_are_edited_as_captions_and_texts_as_texts(fake: FakeTelegramAPI) -> None:
    group = fake.group(GROUP_ID, "Study group")
    async with build_app(fake) as app:
        photo = await app.bot.send_photo(GROUP_ID, png(), caption="Question")
        text = await app.bot.send_message(GROUP_ID, "Question")
        with pytest.raises(BadRequest, match="There is no text in the message to edit"):
            await app.bot.edit_message_text("Closed", GROUP_ID, photo.message_id)
        with pytest.raises(BadRequest, match="There is no caption in the message to edit"):
            await app.bot.edit_message_caption(GROUP_ID, text.message_id, caption="Closed")
        await app.bot.edit_message_caption(GROUP_ID, photo.message_id, caption="<i>Closed</i>",
                                           parse_mode="HTML")  # fmt: skip
        with pytest.raises(BadRequest, match="not modified"):
            await app.bot.edit_message_caption(GROUP_ID, photo.message_id, caption="Closed")
    assert fake.message(group, photo.message_id)["caption"] == "Closed"
    assert "text" not in fake.message(group, photo.message_id)


async def test_a_caption_over_1024_characters_is_refused(fake: FakeTelegramAPI) -> None:
    fake.group(GROUP_ID, "Study group")
    async with build_app(fake) as app:
        await app.bot.send_photo(GROUP_ID, png(), caption="<b>" + "x" * 1024 + "</b>",
                                 parse_mode="HTML")  # fmt: skip
        with pytest.raises(BadRequest, match="Message caption is too long"):
            await app.bot.send_photo(GROUP_ID, png(), caption="x" * 1025)
    assert fake.violations == ["sendPhoto: caption: must be 0-1024 characters, got 1025"]
    fake.violations.clear()
