"""Tests of the fake Telegram Bot API, driven by the real python-telegram-bot stack.

Why: the bot's end-to-end tests trust this fake; these tests pin down that PTB can talk to it
(polling, callback answers, rate-limit retries, token rejection) and that it reports requests
Telegram would reject.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import BadRequest, InvalidToken
from telegram.ext import CallbackQueryHandler, CommandHandler, ContextTypes

from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.ptb_apps import TOKEN, build_app, needs_spec, polling

GROUP_ID = -100123


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegramAPI]:
    async with FakeTelegramAPI() as api:
        yield api


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.effective_chat is not None
    keyboard = InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=label.lower()) for label in "AB"]]
    )
    await context.bot.send_message(update.effective_chat.id, "Pick one", reply_markup=keyboard)


async def answer(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    assert query is not None
    assert query.from_user is not None
    await query.answer(f"{query.from_user.first_name} picked {query.data}")


def answering(query_id: str) -> Callable[[dict[str, Any]], bool]:
    return lambda params: params["callback_query_id"] == query_id


@pytest.mark.asyncio
async def test_three_users_press_buttons_and_each_gets_an_answer(fake: FakeTelegramAPI) -> None:
    group = fake.group(GROUP_ID, "Study group", chat_type="supergroup")
    users = [fake.user(i, name) for i, name in enumerate(["Ann", "Bob", "Cleo"], start=1)]
    app = build_app(fake)
    app.add_handler(CommandHandler("start", start))
    app.add_handler(CallbackQueryHandler(answer))

    async with polling(app):
        fake.send_command(group, users[0], "/start@quizbot")
        sent = await fake.wait_for("sendMessage", lambda p: p["chat_id"] == GROUP_ID)
        message_id = sent.response["result"]["message_id"]
        queries = {
            fake.press(group, user, message_id, data): user
            for user, data in zip(users, "aba", strict=True)
        }
        for query_id in queries:
            await fake.wait_for("answerCallbackQuery", answering(query_id))
        await fake.drained()

    for query_id, user in queries.items():
        answers = fake.answers_for(query_id)
        assert len(answers) == 1
        assert answers[0]["text"].startswith(user["first_name"])
    assert fake.bot_messages(group)[0]["reply_markup"]["inline_keyboard"][0][1]["text"] == "B"
    assert fake.violations == []
    assert fake.errors == []


@pytest.mark.asyncio
async def test_command_with_bot_username_carries_a_bot_command_entity(
    fake: FakeTelegramAPI,
) -> None:
    group = fake.group(GROUP_ID, "Study group")
    message = fake.send_command(group, fake.user(7, "Dee"), "/quiz@quizbot parallelism")
    assert message["entities"] == [{"type": "bot_command", "offset": 0, "length": 13}]
    seen: list[list[str]] = []

    async def quiz(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        seen.append(list(context.args or []))
        assert update.effective_chat is not None
        await context.bot.send_message(update.effective_chat.id, "Quiz started")

    app = build_app(fake)
    app.add_handler(CommandHandler("quiz", quiz))
    async with polling(app):
        await fake.wait_for("sendMessage")
        await fake.drained()
    assert seen == [["parallelism"]]


@pytest.mark.asyncio
async def test_edit_with_identical_content_is_not_modified(fake: FakeTelegramAPI) -> None:
    group = fake.group(GROUP_ID, "Study group")
    async with build_app(fake) as app:
        sent = await app.bot.send_message(GROUP_ID, "Question 1")
        edited = await app.bot.edit_message_text("Question 1 (closed)", GROUP_ID, sent.message_id)
        assert edited.text == "Question 1 (closed)"
        with pytest.raises(BadRequest, match="not modified"):
            await app.bot.edit_message_text("Question 1 (closed)", GROUP_ID, sent.message_id)
    assert fake.message(group, sent.message_id)["text"] == "Question 1 (closed)"


@pytest.mark.asyncio
async def test_rate_limited_send_is_retried_and_delivered(fake: FakeTelegramAPI) -> None:
    group = fake.group(GROUP_ID, "Study group")
    fake.fail_next("sendMessage", error_code=429, retry_after=1)
    async with build_app(fake, rate_limited=True) as app:
        await app.bot.send_message(GROUP_ID, "hello")
    statuses = [call.response.get("error_code", 200) for call in fake.calls_to("sendMessage")]
    assert statuses == [429, 200]
    assert [m["text"] for m in fake.bot_messages(group)] == ["hello"]


@needs_spec
@pytest.mark.asyncio
async def test_unknown_field_is_a_violation(fake: FakeTelegramAPI) -> None:
    fake.group(GROUP_ID, "Study group")
    async with build_app(fake) as app:
        with pytest.raises(BadRequest):
            await app.bot.send_message(GROUP_ID, "hi", api_kwargs={"bogus_field": 1})
    assert fake.spec_checked
    assert fake.violations == ["sendMessage: bogus_field: unknown field"]


@pytest.mark.asyncio
async def test_callback_data_over_64_bytes_is_a_violation(fake: FakeTelegramAPI) -> None:
    fake.group(GROUP_ID, "Study group")
    # 33 characters but 66 UTF-8 bytes: the limit is in bytes.
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("go", callback_data="é" * 33)]])
    async with build_app(fake) as app:
        with pytest.raises(BadRequest, match=r"(?i)button_data_invalid"):
            await app.bot.send_message(GROUP_ID, "hi", reply_markup=markup)
    assert fake.violations == [
        "sendMessage: reply_markup.inline_keyboard[0][0].callback_data: must be 1-64 bytes, got 66"
    ]
    assert fake.bot_messages(GROUP_ID) == []


@pytest.mark.asyncio
async def test_rejected_token_raises_invalid_token() -> None:
    async with FakeTelegramAPI(rejected_tokens={TOKEN}) as fake:
        app = build_app(fake)
        with pytest.raises(InvalidToken):
            await app.initialize()
        await app.bot.shutdown()  # its HTTP clients were opened before getMe failed
    assert [(call.method, call.response["error_code"]) for call in fake.calls] == [("getMe", 401)]


@needs_spec
async def test_webhook_info_and_get_me_answer_as_the_spec_describes(
    fake: FakeTelegramAPI,
) -> None:
    """getWebhookInfo (used by `quizbot doctor`) in each state, read by the real PTB."""
    assert fake.spec is not None
    app = build_app(fake)
    async with app:
        assert app.bot.bot.can_read_all_group_messages is False  # privacy mode, by default
        polling = await app.bot.get_webhook_info()
        assert (polling.url, polling.pending_update_count) == ("", 0)
        await app.bot.set_webhook("https://quiz.example.org/hook")
        fake.webhook_error = (1767225600, "Connection refused")
        fake.send_text(fake.group(GROUP_ID, "Group"), fake.user(7, "Ana"), "hello")
        failing = await app.bot.get_webhook_info()
        assert failing.url == "https://quiz.example.org/hook"
        assert failing.pending_update_count == 1
        assert failing.last_error_message == "Connection refused"
    for call in fake.calls_to("getWebhookInfo"):
        assert fake.spec.check_object("WebhookInfo", call.response["result"]) == []
    me = fake.calls_to("getMe")[0].response["result"]
    assert fake.spec.check_object("User", me) == []


@needs_spec
async def test_forum_topics_keep_their_thread_and_general_has_none(
    fake: FakeTelegramAPI,
) -> None:
    """Like Telegram: a topic's messages carry message_thread_id and is_topic_message, PTB's
    reply keeps the thread, a send without one lands in General, an unknown thread is 400."""
    forum = fake.group(GROUP_ID, "Forum", chat_type="supergroup", is_forum=True)
    topic = fake.topic(forum, "Week 1")
    user = fake.user(1, "Ann")
    seen: list[Update] = []

    async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        seen.append(update)
        assert update.effective_message is not None
        await update.effective_message.reply_text("in the topic", do_quote=False)
        await context.bot.send_message(GROUP_ID, "in General")

    app = build_app(fake)
    app.add_handler(CommandHandler("start", echo))
    async with polling(app):
        fake.send_command(forum, user, "/start", thread=topic)
        await fake.wait_for("sendMessage", lambda p: p["text"] == "in General")
        with pytest.raises(BadRequest, match=r"(?i)message thread not found"):
            await app.bot.send_message(GROUP_ID, "lost", message_thread_id=topic + 100)
        await fake.drained()
    message = seen[0].effective_message
    assert message is not None
    assert (message.message_thread_id, message.is_topic_message) == (topic, True)
    assert message.chat.is_forum is True
    assert [m["text"] for m in fake.topic_messages(forum, topic)] == ["in the topic"]
    assert [m["text"] for m in fake.topic_messages(forum, None)] == ["in General"]
    assert fake.violations == []
