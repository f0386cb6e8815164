"""Telegram plays every question type (issue 27), end to end: the real python-telegram-bot
against the loopback fake Bot API. Taps on a shared post are each member's own (kept in the
store), answered by private alerts; typed answers go through the private chat."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.catalog.loader import load_quiz
from bot.domain.views import QuestionView
from tests.e2e.telegram_harness import Harness, running_bot
from tests.e2e.telegram_types import data, right_letters, say, submit, url_buttons
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock
from tests.support.paths import TYPES

QUIZ = "every-type"


@pytest.fixture
async def bot(fake: FakeTelegramAPI, tmp_path: Path, clock: FakeClock) -> AsyncIterator[Harness]:
    quiz = load_quiz(TYPES / "every-type.yaml")
    async with running_bot(fake, tmp_path / "quiz.db", {QUIZ: quiz}, clock) as harness:
        yield harness


class Members:
    def __init__(self, bot: Harness, group: dict[str, Any]) -> None:
        fake = bot.fake
        self.bot, self.group = bot, group
        self.amelie = fake.user(1, "Amélie", "fr")
        self.bastien = fake.user(2, "Bastien", "fr-FR")
        self.chris = fake.user(3, "Chris", "en")
        for user in (self.amelie, self.bastien):
            fake.add_member(group, user)

    async def press(self, user: dict[str, Any], pressed: str) -> dict[str, Any]:
        message_id = self.bot.fake.bot_messages(self.group)[-1]["message_id"]
        return await self.bot.press(self.group, user, message_id, pressed)

    async def open_link(self, user: dict[str, Any]) -> str:
        """Open the post's "Answer in private" link: the question, asked in the private chat."""
        message = self.bot.fake.bot_messages(self.group)[-1]
        link = next(url for url in url_buttons(message) if "?start=ans_" in url)
        start = link.split("?start=")[1]
        assert len(start) <= 64
        private = self.bot.fake.private_chat(user)
        reply = await self.bot.command(private, user, f"/start {start}")
        text: str = reply["text"]
        return text

    async def type(self, user: dict[str, Any], line: str) -> str:
        return await say(self.bot, self.bot.fake.private_chat(user), user, line)


async def play_one_choice(members: Members, view: QuestionView) -> None:
    right = view.post.correct_letter_index(view.question)
    wrong = (right + 1) % len(view.post.order)
    assert (await members.press(members.amelie, data(view, right)))["text"].startswith("✅")
    assert (await members.press(members.bastien, data(view, wrong)))["text"].startswith("❌")
    assert (await members.press(members.chris, data(view, right)))["text"].startswith("✅ Right!")


async def play_multiple(members: Members, view: QuestionView) -> None:
    rights = right_letters(view)
    wrong = next(i for i in range(len(view.post.order)) if i not in rights)
    first = await members.press(members.amelie, data(view, rights[1]))
    assert first["text"].startswith(f"Vos choix\u00a0: {'ABCD'[rights[1]]}.")
    assert first["show_alert"] is True
    second = await members.press(members.amelie, data(view, rights[0]))
    assert second["text"].startswith(f"Vos choix\u00a0: {'ABCD'[rights[0]]}, {'ABCD'[rights[1]]}.")
    nothing_yet = await members.press(members.bastien, submit(view))  # Amélie's picks are hers
    assert nothing_yet["text"].startswith("Rien de choisi")
    verdict = await members.press(members.amelie, submit(view))
    assert verdict["text"].startswith("✅ Bonne réponse\u202f!")
    await members.press(members.bastien, data(view, rights[0]))
    await members.press(members.bastien, data(view, wrong))
    wrong_verdict = (await members.press(members.bastien, submit(view)))["text"]
    assert wrong_verdict.startswith("❌ Pas tout à fait. Les bonnes réponses sont")
    assert f"Oubliées\u202f: {'ABCD'[rights[1]]}." in wrong_verdict
    assert f"Choisies à tort\u202f: {'ABCD'[wrong]}." in wrong_verdict
    assert len(wrong_verdict) <= 200
    again = await members.press(members.amelie, data(view, wrong))
    assert again["text"].startswith("Vous avez déjà répondu")
    await members.press(members.chris, data(view, wrong))  # Chris never submits: not counted


async def play_order(members: Members, view: QuestionView) -> None:
    order = right_letters(view)
    shown = ["ABC"[i] for i in order]
    step = await members.press(members.chris, data(view, order[0]))
    assert step["text"].startswith(f"Your order so far: {shown[0]}. Left to pick: 2;")
    undone = await members.press(members.chris, data(view, order[0]))  # a slip, undone
    assert undone["text"].startswith("Nothing picked yet")
    for letter in order[:-1]:
        await members.press(members.amelie, data(view, letter))
    last = await members.press(members.amelie, data(view, order[-1]))
    assert last["text"].startswith(f"✅ Bon ordre\u202f! {' → '.join(shown)}")
    for letter in reversed(order):
        verdict = await members.press(members.bastien, data(view, letter))
    assert verdict["text"].startswith(f"❌ Pas tout à fait. L’ordre est {' → '.join(shown)}")


async def play_text(members: Members, view: QuestionView) -> None:
    asked = await members.open_link(members.amelie)
    assert "Quelle ville est la capitale de la France" in asked
    assert "personne d’autre ne la voit" in asked
    right = await members.type(members.amelie, "  paris. ")
    assert right.startswith("✅ Bonne réponse\u202f! Paris")
    assert "Paris est la capitale depuis 987." in right  # the explanation, in private
    await members.open_link(members.bastien)
    typo = await members.type(members.bastien, "Parris")
    assert typo.startswith("✅ Acceptée — l’orthographe est Paris")
    asked = await members.open_link(members.chris)  # Chris answers after the close
    assert "Which city is the capital of France?" in asked


async def play_number(members: Members, view: QuestionView) -> None:
    await members.open_link(members.amelie)
    assert (await members.type(members.amelie, "27 %")).startswith("✅ Bonne réponse")
    await members.open_link(members.bastien)
    wrong = await members.type(members.bastien, "0,61")
    assert wrong.startswith("❌ Pas tout à fait. La bonne réponse est 27,27\u202f% (± 0,5\u202f%)")
    await members.open_link(members.chris)
    assert (await members.type(members.chris, "about a quarter")).startswith(
        "I could not read that as a number."
    )
    assert (await members.type(members.chris, "0.27")).startswith("✅ Right!")


PLAYS = {
    "choice": play_one_choice,
    "truefalse": play_one_choice,
    "multiple": play_multiple,
    "order": play_order,
    "text": play_text,
    "number": play_number,
}


async def test_a_round_of_every_type_with_private_verdicts(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    members = Members(bot, group)
    store = bot.quiz.service.store
    stranger = fake.user(9, "Dana", "en")
    await bot.command(group, members.chris, f"/quiz {QUIZ} 6")
    closed: dict[str, str] = {}
    for number in range(1, 7):
        view = await bot.open_view()
        message_id = fake.bot_messages(group)[-1]["message_id"]
        await PLAYS[view.question.type](members, view)
        if view.question.type == "text":
            assert (await members.open_link(stranger)).startswith("This question belongs")
        await bot.advance(30)  # the close; the last edits wait for the group's rate limit
        closed[view.question.type] = fake.message(group, message_id)["text"]
        assert f"Question {number}/6" in closed[view.question.type]
        if view.question.type == "text":  # after the close: told so, nothing stored
            late = await members.type(members.chris, "Paris")
            assert late == "Sorry, this question has closed: your answer was not counted."
            assert await store.get_answer(view.post.post_id, "tg:3") is None
            assert (await store.get_answer(view.post.post_id, "tg:2")) is not None

    assert "✅ Answer: Paris" in closed["text"]
    assert "Right: 2/2" in closed["text"]
    assert "✅ Answer: 27.27% (± 0.5%)" in closed["number"]
    assert "Right: 2/3" in closed["number"]
    assert "✅ Answer: A. True" in closed["truefalse"]
    assert "✅ Answer: " in closed["multiple"]
    assert "Right: 1/2" in closed["multiple"]  # Chris's picks were never submitted
    assert " → " in closed["order"]
    assert "Right: 1/2" in closed["order"]
    summary = fake.bot_messages(group)[-1]["text"].splitlines()
    assert [line.split(" (")[0] for line in summary[1:]] == [
        "1. Amélie: 6/6",
        "2. Chris: 3/6",
        "3. Bastien: 1/6",
    ]
    for chat in (fake.private_chat(members.amelie), group):  # nobody sees another's answer
        texts = [message.get("text", "") for message in fake.bot_messages(chat)]
        assert not any("Parris" in text or "0,61" in text for text in texts)


async def test_the_post_a_member_answers_in_private_outlives_a_restart(
    fake: FakeTelegramAPI, tmp_path: Path, clock: FakeClock, group: dict[str, Any]
) -> None:
    quiz = load_quiz(TYPES / "every-type.yaml")
    capital = quiz.question("capital")
    assert capital is not None
    quiz = dataclasses.replace(quiz, questions=(capital,))
    chris = fake.user(3, "Chris", "en")
    database = tmp_path / "quiz.db"
    async with running_bot(fake, database, {QUIZ: quiz}, clock) as bot:
        posted = await bot.command(group, chris, f"/quiz {QUIZ}")
        link = next(url for url in url_buttons(posted) if "?start=ans_" in url)
        private = fake.private_chat(chris)
        await bot.command(private, chris, f"/start {link.split('?start=')[1]}")
    async with running_bot(fake, database, {QUIZ: quiz}, clock) as bot:
        assert (await say(bot, private, chris, "Paris")).startswith("✅ Right! Paris")
        await bot.advance(30)
        assert "Right: 1/1" in fake.message(group, posted["message_id"])["text"]
