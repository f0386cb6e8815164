"""Telegram end to end with pictures (issue 28): the real python-telegram-bot against the fake
Bot API, which takes multipart uploads, keeps file_ids per bot and refuses what Telegram
refuses (an unknown file_id, a caption over 1,024 characters, editMessageText on a photo)."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.catalog.loader import load_quiz
from bot.domain.models import Picture, Quiz, Text
from bot.pictures.clean import clean
from tests.e2e.telegram_harness import Harness, advance_to, only_flag, running_bot
from tests.e2e.telegram_types import url_buttons
from tests.fakes.telegram_api import FakeTelegramAPI, Upload
from tests.support.clocks import FakeClock
from tests.support.paths import TYPES

STACKED = "How big is the bubble? $$\\frac{p-1}{m+p-1}$$"
"""A stacked fraction: Unicode writes it (p−1)/(m+p−1), the picture stacks it."""


def png(colour: tuple[int, int, int], size: tuple[int, int] = (320, 180)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


SCHEDULE = clean(png((40, 90, 160)), "schedule.png").picture(
    Text("A 1F1B schedule", "Un calendrier 1F1B"), "schedule.png"
)
BUBBLE = clean(png((170, 70, 40), (200, 120)), "bubble.png").picture(
    Text("The bubble, shaded", "La bulle, en gris"), "bubble.png"
)


def with_pictures(quiz: Quiz, count: int, **changes: Any) -> Quiz:
    """The quiz's first `count` questions, each with the schedule (and `changes`)."""
    questions = tuple(replace(q, image=SCHEDULE, **changes) for q in quiz.questions[:count])
    return replace(quiz, questions=questions)


def users(fake: FakeTelegramAPI) -> Iterator[dict[str, Any]]:
    return iter(
        (fake.user(1, "Amélie", "fr"), fake.user(2, "Bastien", "fr"), fake.user(3, "Chris", "en"))
    )


def markup_of(params: dict[str, Any]) -> dict[str, Any]:
    markup = params.get("reply_markup")
    loaded: dict[str, Any] = json.loads(markup) if isinstance(markup, str) else markup or {}
    return loaded


async def next_photo(bot: Harness, group: dict[str, Any], since: int) -> tuple[Any, dict]:
    """The bot's next sendPhoto to the group after call `since`: the call and the message."""
    call = await bot.fake.wait_for("sendPhoto", lambda p: p["chat_id"] == group["id"], since=since)
    return call, call.response["result"]


async def test_a_round_of_pictures_uploads_each_once_and_closes_captions(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    quiz = with_pictures(quizzes["parallelism"], 3)
    first = replace(quiz.questions[0], explanation_image=BUBBLE)
    quiz = replace(quiz, questions=(first, *quiz.questions[1:]))
    amelie, bastien, chris = users(fake)
    fake.add_admin(group, chris)
    async with running_bot(fake, tmp_path / "quiz.db", {quiz.id: quiz}, clock) as bot:
        since = len(fake.calls)
        fake.send_command(group, chris, "/quiz parallelism 3")
        call, posted = await next_photo(bot, group, since)
        upload = call.params["photo"]
        assert isinstance(upload, Upload)
        assert upload.data == SCHEDULE.data  # the cleaned bytes, as multipart/form-data
        assert upload.filename == SCHEDULE.filename
        assert call.params["parse_mode"] == "HTML"
        assert posted["caption"].startswith(f"{quiz.title.en} · Question 1/3")
        letters = [b["text"] for b in markup_of(call.params)["inline_keyboard"][0]]
        assert letters == ["A", "B", "C", "D"]
        assert "text" not in posted
        assert fake.calls_to("sendMessage") == []  # the picture is the question

        right, wrong = await bot.right_and_wrong()
        assert (await bot.press(group, amelie, posted["message_id"], right))["text"].startswith(
            "✅ Bonne réponse"
        )
        await bot.press(group, bastien, posted["message_id"], wrong)
        await bot.advance(1)
        counted = fake.message(group, posted["message_id"])
        assert counted["caption"].endswith("2 answers so far · Closes in 29 s")
        since = len(fake.calls)
        await bot.advance(29)
        closed = fake.message(group, posted["message_id"])
        assert only_flag(closed)
        assert "✅ Answer:" in closed["caption"]
        assert "2 answers" in closed["caption"]
        assert closed["photo"] == posted["photo"]
        edits = fake.calls_to("editMessageCaption")
        assert {c.params["message_id"] for c in edits} == {posted["message_id"]}
        assert fake.calls_to("editMessageText") == []

        # The explanation's own picture, in reply to the closed question.
        explained = next(
            c for c in fake.calls[since:] if c.method == "sendPhoto" and c.response["ok"]
        )
        assert explained.params["photo"].data == BUBBLE.data
        reply = explained.response["result"]["reply_to_message"]
        assert reply["message_id"] == posted["message_id"]

        # The second question has the same picture: its file_id goes, not its bytes.
        second_call, second = await next_photo(bot, group, fake.calls.index(explained) + 1)
        largest = max(posted["photo"], key=lambda size: size["width"] * size["height"])
        assert second_call.params["photo"] == largest["file_id"]
        assert second["caption"].startswith(f"{quiz.title.en} · Question 2/3")
        assert [u.data for u in fake.uploads] == [SCHEDULE.data, BUBBLE.data]

        # Telegram forgets the file_id: the bot is refused once, uploads again, keeps the new.
        fake.forget_file_ids()
        since = len(fake.calls)
        await bot.advance(30)
        refused = next(c for c in fake.calls[since:] if c.method == "sendPhoto")
        assert refused.response["description"] == (
            "Bad Request: wrong file identifier/HTTP URL specified"
        )
        third_call, third = await next_photo(bot, group, fake.calls.index(refused) + 1)
        assert isinstance(third_call.params["photo"], Upload)
        assert third["caption"].startswith(f"{quiz.title.en} · Question 3/3")
        store = bot.quiz.service.store
        kept = await store.sent_file(bot.app.bot_data["photos"].bot_key, SCHEDULE.digest)
        assert kept == max(third["photo"], key=lambda s: s["width"])["file_id"]
        await bot.advance(30)
        assert only_flag(fake.message(group, third["message_id"]))
        assert fake.calls_to("editMessageText") == []


async def test_a_stacked_formula_is_drawn_in_a_process_and_posted_as_a_photo(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    quiz = quizzes["parallelism"]
    asked = replace(quiz.questions[0], prompt=Text(STACKED, STACKED))
    quiz = replace(quiz, questions=(asked,))
    amelie, _, chris = users(fake)
    fake.add_admin(group, chris)
    cache = tmp_path / "cache"
    async with running_bot(
        fake, tmp_path / "quiz.db", {quiz.id: quiz}, clock, cache=cache, formula_processes=1
    ) as bot:
        since = len(fake.calls)
        fake.send_command(group, chris, "/quiz parallelism 1")
        call, posted = await next_photo(bot, group, since)
        upload = call.params["photo"]
        assert isinstance(upload, Upload)
        with Image.open(io.BytesIO(upload.data)) as card:
            assert card.format == "PNG"
            assert card.height > 60  # stacked: numerator over denominator
        assert "(p−1)/(m+p−1)" in posted["caption"]  # and in Unicode in the text
        assert [p.suffix for p in (cache / "formulas").iterdir()] == [".png"]
        right, _ = await bot.right_and_wrong()
        await bot.press(group, amelie, posted["message_id"], right)
        await bot.advance(30)
        closed = fake.message(group, posted["message_id"])
        assert only_flag(closed)
        assert "1 answer" in closed["caption"]


MATRIX = "Is $A = \\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}$ invertible?"
"""mathtext has no matrices: bot/text/math_grid.py puts the cells together."""


async def test_a_matrix_is_drawn_in_a_process_and_posted_as_a_photo(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    quiz = quizzes["parallelism"]
    quiz = replace(quiz, questions=(replace(quiz.questions[0], prompt=Text(MATRIX, MATRIX)),))
    _, _, chris = users(fake)
    fake.add_admin(group, chris)
    async with running_bot(
        fake, tmp_path / "quiz.db", {quiz.id: quiz}, clock, formula_processes=1
    ) as bot:
        since = len(fake.calls)
        fake.send_command(group, chris, "/quiz parallelism 1")
        call, posted = await next_photo(bot, group, since)
        upload = call.params["photo"]
        assert isinstance(upload, Upload)
        with Image.open(io.BytesIO(upload.data)) as card:
            assert card.height > 100  # two rows: a line is 66 px, a stacked fraction 83
        assert "A = (1 2; 3 4) invertible?" in posted["caption"]  # row by row in the text


async def test_a_card_too_long_for_a_caption_follows_its_picture(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    long = "Which schedule is drawn here? " + "Look at the warm-up and the cool-down. " * 30
    quiz = with_pictures(quizzes["parallelism"], 1, prompt=Text(long, long))
    _, _, chris = users(fake)
    fake.add_admin(group, chris)
    async with running_bot(fake, tmp_path / "quiz.db", {quiz.id: quiz}, clock) as bot:
        since = len(fake.calls)
        fake.send_command(group, chris, "/quiz parallelism 1")
        _, photo = await next_photo(bot, group, since)
        assert "caption" not in photo
        assert "reply_markup" not in photo
        text = await fake.wait_for(
            "sendMessage", lambda p: p["chat_id"] == group["id"], since=since
        )
        question = text.response["result"]
        assert question["text"].startswith(f"{quiz.title.en} · Question 1/1")
        assert question["message_id"] == photo["message_id"] + 1
        right, _ = await bot.right_and_wrong()
        await bot.press(group, chris, question["message_id"], right)
        await bot.advance(30)
        assert only_flag(fake.message(group, question["message_id"]))  # edited as text
        assert fake.calls_to("editMessageCaption") == []


async def test_a_daily_post_with_a_picture(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    quiz = with_pictures(quizzes["parallelism"], 8)
    amelie, bastien, chris = users(fake)
    fake.add_admin(group, chris)
    clock.current = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    async with running_bot(fake, tmp_path / "quiz.db", {quiz.id: quiz}, clock) as bot:
        await bot.command(group, chris, "/daily 09:00 Europe/Paris parallelism")
        since = len(fake.calls)
        await advance_to(bot, datetime(2026, 3, 3, 8, 0, tzinfo=UTC))
        call, first = await next_photo(bot, group, since)
        assert isinstance(call.params["photo"], Upload)
        assert first["caption"].startswith(f"☀️ Question of the day · {quiz.title.en}")
        right, wrong = await bot.right_and_wrong()
        await bot.press(group, amelie, first["message_id"], right)
        await bot.press(group, bastien, first["message_id"], wrong)
        since = len(fake.calls)
        await advance_to(bot, datetime(2026, 3, 4, 8, 0, tzinfo=UTC))
        closed = fake.message(group, first["message_id"])
        assert only_flag(closed)
        assert "2 answers" in closed["caption"]
        second_call, second = await next_photo(bot, group, since)
        assert isinstance(second_call.params["photo"], str)  # the file_id: uploaded once
        assert "↩️ Last question: the answer was" in second["caption"]
        assert len(fake.uploads) == 1
        assert fake.calls_to("editMessageText") == []


def test_the_schedule_picture_is_what_the_tests_think(tmp_path: Path) -> None:
    """The pictures above are real, cleaned PNGs (else the fake would refuse them)."""
    for picture in (SCHEDULE, BUBBLE):
        assert isinstance(picture, Picture)
        assert picture.media_type == "image/png"
        with Image.open(io.BytesIO(picture.data)) as image:
            assert image.size == (picture.width, picture.height)


async def test_practice_and_the_explanation_link_show_pictures_in_private(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    quiz = with_pictures(quizzes["parallelism"], 2, explanation_image=BUBBLE)
    chris = fake.user(3, "Chris", "en")
    private = fake.private_chat(chris)
    fake.add_admin(group, chris)
    async with running_bot(fake, tmp_path / "quiz.db", {quiz.id: quiz}, clock) as bot:
        since = len(fake.calls)
        fake.send_command(private, chris, "/practice parallelism")
        _, first = await next_photo(bot, private, since)
        assert first["caption"].startswith(f"{quiz.title.en} · Question 1/2")
        right, _ = await bot.right_and_wrong()
        since = len(fake.calls)
        toast = await bot.press(private, chris, first["message_id"], right)
        assert toast["text"].startswith("✅ Right!")
        explained = await fake.wait_for(
            "sendPhoto", lambda p: p["chat_id"] == chris["id"], since=since
        )
        assert explained.params["photo"].data == BUBBLE.data  # in reply to the verdict
        verdict = fake.message(private, first["message_id"])
        assert "✅ Right!" in verdict["caption"]
        _, second = await next_photo(bot, private, fake.calls.index(explained) + 1)
        assert second["caption"].startswith(f"{quiz.title.en} · Question 2/2")
        assert [u.data for u in fake.uploads] == [SCHEDULE.data, BUBBLE.data]
        await bot.command(private, chris, "/stop")

        # In a group, the 📖 link opens the explanation privately once the question closed.
        since = len(fake.calls)
        fake.send_command(group, chris, "/quiz parallelism 1")
        _, posted = await next_photo(bot, group, since)
        right, _ = await bot.right_and_wrong()
        await bot.press(group, fake.user(1, "Amélie", "fr"), posted["message_id"], right)
        await bot.advance(30)
        post_id = right.split(":")[2]
        since = len(fake.calls)
        fake.send_command(private, chris, f"/start ex_{post_id}")
        link = await fake.wait_for("sendPhoto", lambda p: p["chat_id"] == chris["id"], since=since)
        assert isinstance(link.params["photo"], str)  # the bubble's file_id, kept
        assert "✅ Answer:" in link.response["result"]["caption"]
        assert len(fake.uploads) == 2


async def test_an_explanation_a_closed_caption_cannot_hold_follows_in_reply(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    prompt = "Which schedule is drawn here? " + "Mind the warm-up. " * 25
    explanation = "1F1B: one forward, one backward. " + "Memory stays bounded. " * 25
    quiz = with_pictures(
        quizzes["parallelism"], 1, prompt=Text(prompt), explanation=Text(explanation)
    )
    _, _, chris = users(fake)
    fake.add_admin(group, chris)
    async with running_bot(fake, tmp_path / "quiz.db", {quiz.id: quiz}, clock) as bot:
        since = len(fake.calls)
        fake.send_command(group, chris, "/quiz parallelism 1")
        _, posted = await next_photo(bot, group, since)
        right, _ = await bot.right_and_wrong()
        await bot.press(group, chris, posted["message_id"], right)
        since = len(fake.calls)
        await bot.advance(30)
        closed = fake.message(group, posted["message_id"])
        assert "✅ Answer:" in closed["caption"]
        assert "1F1B: one forward" not in closed["caption"]
        assert only_flag(closed)
        after = await fake.wait_for(
            "sendMessage", lambda p: p["chat_id"] == group["id"], since=since
        )
        sent = after.response["result"]
        assert sent["text"].startswith("1F1B: one forward, one backward.")
        assert sent["reply_to_message"]["message_id"] == posted["message_id"]


async def test_a_missed_picture_comes_back_in_review_as_a_photo(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    quiz = with_pictures(quizzes["parallelism"], 1)
    amelie, _, chris = users(fake)
    fake.add_admin(group, chris)
    private = fake.private_chat(chris)
    async with running_bot(fake, tmp_path / "quiz.db", {quiz.id: quiz}, clock) as bot:
        since = len(fake.calls)
        fake.send_command(group, chris, "/quiz parallelism 1")
        _, posted = await next_photo(bot, group, since)
        right, wrong = await bot.right_and_wrong()
        await bot.press(group, amelie, posted["message_id"], right)
        await bot.press(group, chris, posted["message_id"], wrong)
        await bot.advance(30)
        since = len(fake.calls)
        fake.send_command(private, chris, "/start review")
        call, question = await next_photo(bot, private, since)
        assert isinstance(call.params["photo"], str)  # the group's upload, by file_id
        assert question["caption"].startswith("🔁 Review: 1 question you missed")
        right, _ = await bot.right_and_wrong()
        await bot.press(private, chris, question["message_id"], right)
        await fake.wait_for("sendMessage", lambda p: p["chat_id"] == chris["id"], since=since)
        answered = fake.message(private, question["message_id"])
        assert "✅ Right!" in answered["caption"]
        assert only_flag(answered)
        assert len(fake.uploads) == 1


async def test_a_typed_question_with_a_picture_is_asked_and_judged_in_private(
    fake: FakeTelegramAPI, tmp_path: Path, clock: FakeClock, group: dict[str, Any]
) -> None:
    every = load_quiz(TYPES / "every-type.yaml")
    capital = every.question("capital")
    assert capital is not None
    quiz = replace(every, questions=(replace(capital, image=SCHEDULE, explanation_image=BUBBLE),))
    admin, member = fake.user(3, "Chris", "en"), fake.user(1, "Amélie", "fr")
    fake.add_admin(group, admin)
    fake.add_member(group, member)
    private = fake.private_chat(member)
    async with running_bot(fake, tmp_path / "quiz.db", {quiz.id: quiz}, clock) as bot:
        since = len(fake.calls)
        fake.send_command(group, admin, f"/quiz {quiz.id} 1")
        _, posted = await next_photo(bot, group, since)
        link = next(url for url in url_buttons(posted) if "?start=ans_" in url)
        since = len(fake.calls)
        fake.send_command(private, member, f"/start {link.split('?start=')[1]}")
        asked_call, asked = await next_photo(bot, private, since)
        assert isinstance(asked_call.params["photo"], str)  # the group post's file_id
        assert "Quelle ville est la capitale de la France" in asked["caption"]
        since = len(fake.calls)
        fake.send_text(private, member, "Paris")
        verdict_call, verdict = await next_photo(bot, private, since)
        assert verdict_call.params["photo"].data == BUBBLE.data
        assert verdict["caption"].startswith("✅ Bonne réponse")


async def test_a_formula_that_cannot_be_drawn_goes_as_text_logged_once(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    huge = "$$\\frac{" + "+".join(f"x_{n}" for n in range(120)) + "}{2}$$"  # over 400 characters
    quiz = quizzes["parallelism"]
    quiz = replace(quiz, questions=(replace(quiz.questions[0], prompt=Text(f"Is {huge} even?")),))
    _, _, chris = users(fake)
    fake.add_admin(group, chris)
    caplog.set_level(logging.WARNING, logger="adapters.telegram_bot.photos")
    async with running_bot(fake, tmp_path / "quiz.db", {quiz.id: quiz}, clock) as bot:
        for _ in range(2):  # the same question, twice
            posted = await bot.command(group, chris, "/quiz parallelism 1")
            assert "x₀+x₁+x₂" in posted["text"]  # in Unicode, as best it can
            right, _ = await bot.right_and_wrong()
            await bot.press(group, chris, posted["message_id"], right)
            await bot.advance(30)
            assert only_flag(fake.message(group, posted["message_id"]))
    assert fake.calls_to("sendPhoto") == []
    warned = [r.getMessage() for r in caplog.records if "left in Unicode" in r.getMessage()]
    assert len(warned) == 1, warned  # once, not once a post
    assert "at most 400" in warned[0]
