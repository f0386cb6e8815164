"""Every question type on Discord (issue 27): the real discord.py, driven through simcord.

One group round of the every-type quiz (text, number, true/false, multiple, order, choice)
with three members, one reading French: each type answered right and wrong, each verdict
private; a modal's answer counts, one sent after the close does not; then every closed
message shows the right answer and the summary ranks the members.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest

from bot.catalog.installed import load_catalog
from bot.catalog.loader import load_quiz
from bot.domain.models import LETTERS, Quiz
from bot.domain.question_types import SetKey
from bot.domain.views import QuestionView
from bot.storage.sqlite.store import SQLiteStore
from tests.e2e.discord_helpers import (
    World,
    build_bot,
    custom_ids,
    discord_spec,
    letter_buttons,
    locales,
    spec_problems,
)
from tests.support.paths import QUIZZES, TYPES

FR = discord.Locale.french
QUIZ = load_quiz(TYPES / "every-type.yaml")
CLOSED = "This question is closed; your answer was not counted."


@pytest.fixture
def quizzes() -> dict[str, Quiz]:
    return {**load_catalog(QUIZZES), QUIZ.id: QUIZ}


def _shown(result: Any) -> Any:
    """The private message a click opened or changed: its response, else its follow-up."""
    shown = result.response if result.response is not None else result.followups[-1]
    assert shown.ephemeral  # only the clicker reads it
    return shown


def said(result: Any) -> str:
    """What the clicker alone read: the response and the follow-ups (a practice's next
    question comes as one)."""
    shown = [*([result.response] if result.response is not None else []), *result.followups]
    assert shown, result
    assert all(message.ephemeral for message in shown)
    return "\n".join(said_of(message) for message in shown)


def labels(message: Any) -> list[str]:
    """The labels of a message's buttons, from raw dicts or discord.py components."""
    found = []
    for row in message.components:
        for child in row["components"] if isinstance(row, dict) else row.children:
            label = child.get("label") if isinstance(child, dict) else child.label
            if label:
                found.append(label)
    return found


async def typed(member: Any, message: Any, line: str) -> str:
    shown = await member.click(message, label=ANSWER[member.id])
    assert shown.modal is not None  # the modal is the first response: no defer before it
    assert not shown.deferred
    assert len(shown.modal["title"]) <= 45
    return said(await member.submit_modal(shown, {"answer": line}))


async def picks(member: Any, message: Any, letters: list[str]) -> str:
    menu = _shown(await member.click(message, label=ANSWER[member.id]))
    select = menu.components[0]["components"][0]
    assert (select["type"], select["min_values"], select["max_values"]) == (3, 1, 4)
    assert [option["value"] for option in select["options"]] == list("ABCD")
    return said(await member.select(menu, letters))


async def ordered(member: Any, message: Any, letters: str, again: str | None = None) -> str:
    sequence = _shown(await member.click(message, label=ANSWER[member.id]))
    if again is not None:  # a letter, then "Start again"
        sequence = _shown(await member.click(sequence, label=letters[-1]))
        assert f"Votre ordre pour l’instant\u00a0: {letters[-1]}" in said_of(sequence)
        sequence = _shown(await member.click(sequence, label=again))
    result = None
    for letter in letters:
        result = await member.click(sequence, label=letter)
        sequence = _shown(result)
    assert result is not None
    assert labels(sequence) == []  # the sequence became the verdict
    return said(result)


def said_of(message: Any) -> str:
    return plain("\n".join([message.content, *(e.description or "" for e in message.embeds)]))


def plain(text: str) -> str:
    """What a member reads: no markdown escapes, French narrow spaces as spaces."""
    return text.replace("\\", "").replace("\u202f", " ")


ANSWER: dict[int, str] = {}
"""The "Answer" button's label in each member's language... of the round: English."""


async def play_text(world: World, message: Any, view: QuestionView) -> None:
    ana, ben, chloe = world.members["ana"], world.members["ben"], world.members["chloe"]
    assert "✅ Accepted — the spelling is Paris" in await typed(ana, message, "Pariss")
    assert "❌ Not quite. The answer is Paris" in await typed(ben, message, "Lyon")
    assert "✅ Acceptée — l’orthographe est Lutèce" in await typed(chloe, message, "lutece")


async def play_number(world: World, message: Any, view: QuestionView) -> None:
    ana, ben, chloe = world.members["ana"], world.members["ben"], world.members["chloe"]
    assert "✅ Right!" in await typed(ana, message, "27.3 %")
    assert "Please type a number, such as 0.5" in await typed(ben, message, "lots")
    assert "❌ Not quite. The answer is 27.27% (± 0.5%)" in await typed(ben, message, "50 %")
    assert "✅ Bonne réponse" in await typed(chloe, message, "0,27")


async def play_truefalse(world: World, message: Any, view: QuestionView) -> None:
    ana, ben, chloe = world.members["ana"], world.members["ben"], world.members["chloe"]
    assert labels(message) == ["True", "False", "Reveal"]
    assert "✅ Right! A. True" in said(await ana.click(message, label="True"))
    assert "❌ Not quite. The answer is A. True" in said(await ben.click(message, label="False"))
    assert "✅ Bonne réponse ! A. Vrai" in said(await chloe.click(message, label="True"))


async def play_multiple(world: World, message: Any, view: QuestionView) -> None:
    ana, ben, chloe = world.members["ana"], world.members["ben"], world.members["chloe"]
    assert isinstance(view.question.key, SetKey)
    right = sorted(LETTERS[view.post.order.index(c)] for c in view.question.key.rights)
    nine = LETTERS[view.post.order.index(3)]  # "9", a wrong choice with a note
    assert "✅ Right!" in await picks(ana, message, right)
    wrong = await picks(ben, message, [right[0], nine])
    assert "❌ Not quite. The answers are" in wrong
    assert f"Missed: {right[1]}." in wrong
    assert f"Picked but wrong: {nine}. 9" in wrong
    assert "9 is 3 × 3." in wrong  # the note on the wrong pick
    assert "❌ Pas tout à fait" in await picks(chloe, message, [right[0]])


async def play_order(world: World, message: Any, view: QuestionView) -> None:
    ana, ben, chloe = world.members["ana"], world.members["ben"], world.members["chloe"]
    right = "".join(LETTERS[view.post.order.index(c)] for c in range(3))
    arrows = " → ".join(right)
    assert f"✅ Right order! {arrows}" in await ordered(ana, message, right)
    wrong = await ordered(ben, message, right[::-1])
    assert f"❌ Not quite. The order is {arrows}" in wrong
    assert "Forward pass" in wrong  # the right order with its choices
    assert "✅ Bon ordre !" in await ordered(chloe, message, right, again="Recommencer")


async def play_choice(world: World, message: Any, view: QuestionView) -> None:
    ana, ben, chloe = world.members["ana"], world.members["ben"], world.members["chloe"]
    right = LETTERS[view.post.correct_letter_index(view.question)]
    wrong = LETTERS[1 - view.post.correct_letter_index(view.question)]
    assert "✅ Right!" in said(await ana.click(message, label=right))
    assert "❌ Not quite." in said(await ben.click(message, label=wrong))
    assert "✅ Bonne réponse" in said(await chloe.click(message, label=right))


PLAYS: dict[str, Callable[[World, Any, QuestionView], Awaitable[None]]] = {
    "text": play_text,
    "number": play_number,
    "truefalse": play_truefalse,
    "multiple": play_multiple,
    "order": play_order,
    "choice": play_choice,
}


def right_answer(kind: str, view: QuestionView) -> str:
    """What the closed message must say, worked out from the post as a member would."""
    shown = [LETTERS[view.post.order.index(choice)] for choice in range(len(view.post.order))]
    fixed = {"text": "Paris", "number": "27.27% (± 0.5%)", "truefalse": "A. True"}
    if kind == "order":
        return "✅ Answer: " + " → ".join(shown)
    if kind == "multiple":
        return "✅ Answer: " + ", ".join(sorted([f"{shown[0]}. 2", f"{shown[2]}. 7"]))
    if kind == "choice":
        return f"✅ Answer: {LETTERS[view.post.correct_letter_index(view.question)]}. 4"
    return f"✅ Answer: {fixed[kind]}"


async def current(world: World) -> tuple[Any, QuestionView]:
    message = world.channel.last_message
    post_id = int(re.findall(r":(\d+)", custom_ids(message)[0])[0])
    view = await world.bot.service.view(post_id)
    assert view is not None
    return message, view


async def test_every_type_is_answered_right_and_wrong_in_a_group_round(world: World) -> None:
    ana, ben, chloe = world.members["ana"], world.members["ben"], world.members["chloe"]
    ANSWER.update({ana.id: "Answer", ben.id: "Answer", chloe.id: "Answer"})
    posted: dict[str, tuple[int, QuestionView]] = {}
    with locales({chloe.id: FR}):
        await ana.slash(world.channel, "quiz", quiz="every-type")
        for _ in QUIZ.questions:
            message, view = await current(world)
            kind = view.question.type
            await PLAYS[kind](world, message, view)
            posted[kind] = (message.id, view)
            if kind == "text":
                late = await world.admin.click(message, label="Answer")  # before the close
            await world.env.advance_time(31)
            if kind == "text":  # and sent after it
                sent = await world.admin.submit_modal(late, {"answer": "Paris"})
                assert CLOSED in said(sent)
                teacher = f"dc:{world.admin.id}"
                assert await world.bot.service.answer_of(view.post.post_id, teacher) is None
    await check_answers_stored(world, posted)
    await check_closed_messages(world, posted)
    summary = said_of(world.channel.history()[-1])
    assert summary.index("ana") < summary.index("ben")
    await review_every_type(world, ben)
    spec = discord_spec()
    if spec is not None:  # every request is one Discord documents (modals included)
        requests = world.env.http_requests
        assert [p for r in requests for p in spec_problems(spec, r.method, r.path, r.json)] == []
        callbacks = [r.json["type"] for r in requests if r.path.endswith("/callback")]
        assert {4, 5, 6, 7, 9} <= set(callbacks)


async def check_answers_stored(world: World, posted: dict[str, tuple[int, QuestionView]]) -> None:
    """Each member's first answer is stored, with what they typed or picked; a line that is
    no number is not."""
    ana, ben, chloe = (f"dc:{world.members[name].id}" for name in ("ana", "ben", "chloe"))
    expected = {
        "text": {ana: (True, "Pariss"), ben: (False, "Lyon")},
        "number": {ben: (False, "50 %"), chloe: (True, "0,27")},
        "multiple": {ana: (True, "AC"), ben: (False, "AD")},
        "order": {ana: (True, "ABC"), ben: (False, "CBA")},
    }
    for kind, answers in expected.items():
        post_id = posted[kind][1].post.post_id
        for user_id, (correct, response) in answers.items():
            stored = await world.bot.service.answer_of(post_id, user_id)
            assert stored is not None, (kind, user_id)
            assert (stored.correct, stored.response) == (correct, response)


async def check_closed_messages(world: World, posted: dict[str, tuple[int, QuestionView]]) -> None:
    history = {message.id: message for message in world.channel.history()}
    for kind, (message_id, view) in posted.items():
        closed = history[message_id]
        text = said_of(closed).replace("\\", "")
        assert right_answer(kind, view) in text, (kind, text)
        if kind in ("text", "number", "order"):  # nothing left to answer with, only ⚑
            assert letter_buttons(closed) == []
            [[flag]] = [row.children for row in closed.components]
            assert flag.label == "⚑"


async def right_answer_to(member: Any, message: Any, view: QuestionView) -> str:
    """Answer any question right through its own controls; the verdict read."""
    kind, order = view.question.type, view.post.order
    if kind == "text":
        return await typed(member, message, "Paris")
    if kind == "number":
        return await typed(member, message, "27.27 %")
    if kind == "multiple":
        return await picks(member, message, sorted(LETTERS[order.index(c)] for c in (0, 2)))
    if kind == "order":
        return await ordered(member, message, "".join(LETTERS[order.index(c)] for c in range(3)))
    letter = view.post.correct_letter_index(view.question)
    label = ("True", "False")[letter] if kind == "truefalse" else LETTERS[letter]
    return said(await member.click(message, label=label))


async def test_practice_asks_every_type_and_the_next_follows_each_answer(world: World) -> None:
    chloe = world.members["chloe"]
    ANSWER[chloe.id] = "Answer"
    await chloe.slash(world.channel, "practice", quiz="every-type")
    size = len(QUIZ.questions)
    for number in range(1, size + 1):
        message = world.channel.history(viewer=chloe)[-1]  # the question, last posted
        assert message.flags.ephemeral
        assert f"Question {number}/{size}" in said_of(message)
        view = await world.bot.service.view(int(re.findall(r":(\d+)", custom_ids(message)[0])[0]))
        assert view is not None
        assert "✅" in await right_answer_to(chloe, message, view)
    assert world.channel.history() == []  # nothing public
    assert f"{size}/{size}" in said_of(world.channel.history(viewer=chloe)[-1])
    assert await world.bot.store.running_rounds() == []


async def test_pickers_opened_before_a_restart_still_count(
    world: World, store: SQLiteStore, quizzes: dict[str, Quiz]
) -> None:
    """Nothing of an answer in progress lives in memory: a modal or an order sequence opened
    before a restart is sent after it, and counts."""
    ana, ben = world.members["ana"], world.members["ben"]
    ANSWER.update({ana.id: "Answer", ben.id: "Answer"})
    await ana.slash(world.channel, "quiz", quiz="every-type")
    message, view = await current(world)
    assert view.question.type == "text"  # the every-type quiz's first question, unshuffled
    modal = await ana.click(message, label="Answer")
    await world.env.restart_bot(build_bot(store, quizzes, seed=9))
    assert "✅ Right! Paris" in said(await ana.submit_modal(modal, {"answer": "Paris"}))
    while view.question.type != "order":
        await world.env.advance_time(31)
        message, view = await current(world)
    sequence = _shown(await ben.click(message, label="Answer"))
    first = LETTERS[view.post.order.index(0)]
    sequence = _shown(await ben.click(sequence, label=first))
    await world.env.restart_bot(build_bot(store, quizzes, seed=9))
    rest = [LETTERS[view.post.order.index(c)] for c in (1, 2)]
    sequence = _shown(await ben.click(sequence, label=rest[0]))
    assert "✅ Right order!" in said(await ben.click(sequence, label=rest[1]))
    stored = await world.bot.service.answer_of(view.post.post_id, f"dc:{ben.id}")
    assert stored is not None
    assert stored.response == "ABC"


async def review_every_type(world: World, member: Any) -> None:
    """Ben missed every question: /review asks each again, of every type, in messages only he
    sees, the next one after each answer."""
    started = await member.slash(world.channel, "review")
    assert started.ephemeral
    kinds = set()
    for _ in QUIZ.questions:
        message = world.channel.history(viewer=member)[-1]  # the question, last posted
        assert message.flags.ephemeral
        view = await world.bot.service.view(int(re.findall(r":(\d+)", custom_ids(message)[0])[0]))
        assert view is not None
        kinds.add(view.question.type)
        assert "✅" in await right_answer_to(member, message, view)
    assert kinds == {"text", "number", "truefalse", "multiple", "order", "choice"}
    assert "6/6" in said_of(world.channel.history(viewer=member)[-1])
