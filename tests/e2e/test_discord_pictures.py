"""Discord end to end, pictures (issue 28): the real discord.py driven by simcord.

A question's picture is a file attached to its message and shown by its embed
(`attachment://<filename>`); the count edits and the closed card keep it; the closed card and
the private verdict add the explanation's picture. A formula Unicode cannot show (a stacked
fraction) is drawn as a card and posted the same way. Daily posts carry the picture too.
"""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import discord
import pytest
import simcord
from PIL import Image

from adapters.discord_bot.client import QuizBot
from bot.catalog.loader import load_quiz
from bot.domain.models import Question, Quiz, Text
from bot.pictures.clean import clean
from bot.storage.sqlite.store import SQLiteStore
from tests.e2e.discord_helpers import (
    World,
    build_bot,
    discord_spec,
    letter_buttons,
    letters,
    post_id_of,
    spec_problems,
)
from tests.support.paths import TYPES

HOUR = 3600
STACKED = r"Bubble: $$\frac{p-1}{m+p-1}$$ with $p$ stages?"


def png(colour: str, size: tuple[int, int] = (64, 48)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


SCHEDULE = clean(png("navy"), "schedule.png").picture(
    Text("A 1F1B schedule", "Un planning 1F1B"), "schedule.png"
)
BUBBLE = clean(png("orange", (80, 40)), "bubble.png").picture(Text("The bubble"), "bubble.png")
assert SCHEDULE.filename != BUBBLE.filename  # else "both attached" would prove nothing


def pictured_quiz(quiz: Quiz) -> Quiz:
    """The quiz's first question with a picture and an explanation's picture; its second with
    a stacked fraction in the prompt, which only a picture shows."""
    first, second = quiz.questions[0], quiz.questions[1]
    pictured = replace(first, image=SCHEDULE, explanation_image=BUBBLE)
    formula = replace(second, prompt=Text(STACKED, STACKED), image=None, explanation_image=None)
    return replace(quiz, questions=(pictured, formula))


@pytest.fixture
def simcord_bot(store: SQLiteStore, quizzes: dict[str, Quiz]) -> QuizBot:
    quiz = pictured_quiz(quizzes["parallelism"])
    return build_bot(store, {**quizzes, quiz.id: quiz})


def attached(env: simcord.Env, message: Any) -> list[tuple[str, str | None, bytes]]:
    """A message's attachments: filename, description (the alt text), and the bytes the CDN
    serves for it."""
    return [
        (item.filename, item.description, env.backend.cdn.get(item.url))
        for item in message.attachments
    ]


def image_urls(message: Any) -> list[str | None]:
    return [embed.image.url for embed in message.embeds]


def latest(world: World, message_id: int) -> Any:
    return next(m for m in world.channel.history() if m.id == message_id)


async def test_a_round_shows_pictures_keeps_them_through_edits_and_adds_the_explanations(
    world: World,
) -> None:
    ana, ben = world.members["ana"], world.members["ben"]
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=2)
    seen: set[str] = set()
    for _ in range(2):
        message = world.channel.last_message
        view = await world.bot.service.view(post_id_of(message))
        assert view is not None
        if view.question.image is not None:
            await check_the_authors_picture(world, message, view.question)
            seen.add("picture")
        else:
            check_the_formula_card(world, message)
            await play_through(world, message, view, ana, ben)
            seen.add("formula")
    assert seen == {"picture", "formula"}


async def check_the_authors_picture(world: World, message: Any, question: Question) -> None:
    env = world.env
    ana, ben = world.members["ana"], world.members["ben"]
    name = SCHEDULE.filename
    assert attached(env, message) == [(name, "A 1F1B schedule", SCHEDULE.data)]
    assert image_urls(message) == [f"attachment://{name}"]
    view = await world.bot.service.view(post_id_of(message))
    assert view is not None
    right, wrong = letters(view)
    verdict = await ana.click(message, label=right)
    assert verdict.ephemeral
    shown = verdict.response
    assert [a.filename for a in shown.attachments] == [BUBBLE.filename]  # why, in a picture
    counted = latest(world, message.id)
    assert "1 answer so far" in counted.embeds[0].description  # edited at once
    assert attached(env, counted) == [(name, "A 1F1B schedule", SCHEDULE.data)]
    assert image_urls(counted) == [f"attachment://{name}"]
    refused = await ana.click(message, label=wrong)  # already answered: no explanation shown
    assert refused.response.attachments == []
    await env.advance_time(1)
    await ben.click(message, label=wrong)
    await env.advance_time(5)  # the throttled second count edit
    counted = latest(world, message.id)
    assert "2 answers so far" in counted.embeds[0].description
    assert [a.filename for a in counted.attachments] == [name]
    await env.advance_time(30)  # closed
    closed = latest(world, message.id)
    assert all(button.disabled for button in letter_buttons(closed))
    assert attached(env, closed) == [
        (name, "A 1F1B schedule", SCHEDULE.data),
        (BUBBLE.filename, "The bubble", BUBBLE.data),
    ]
    assert image_urls(closed) == [f"attachment://{name}", f"attachment://{BUBBLE.filename}"]


def check_the_formula_card(world: World, message: Any) -> None:
    [(filename, alt, data)] = attached(world.env, message)
    assert alt == r"\frac{p-1}{m+p-1}"
    assert filename.endswith(".png")
    with Image.open(io.BytesIO(data)) as card:
        assert card.format == "PNG"
        assert card.height > 40  # a stacked fraction: two lines of type and a bar
    assert image_urls(message) == [f"attachment://{filename}"]
    assert "with p stages?" in message.embeds[0].description  # the rest stays text


async def play_through(world: World, message: Any, view: Any, *members: Any) -> None:
    right, _ = letters(view)
    for member in members:
        await world.env.advance_time(1)
        await member.click(message, label=right)
    await world.env.advance_time(35)
    closed = latest(world, message.id)
    assert [a.filename for a in closed.attachments] == [a.filename for a in message.attachments]
    assert image_urls(closed) == image_urls(message)  # no explanation picture: one embed


async def test_a_daily_post_carries_its_picture_and_keeps_it_when_closed(world: World) -> None:
    env, channel = world.env, world.channel
    quiz = world.bot.service.quizzes["parallelism"]
    only = replace(quiz, questions=quiz.questions[:1])  # the pictured one, whatever the draw
    quizzes = {**world.bot.service.quizzes, "parallelism": only}
    await env.restart_bot(build_bot(world.bot.store, quizzes))
    await world.admin.slash(channel, "daily set", time="08:00", timezone="UTC", quiz="parallelism")
    await env.advance_time(8 * HOUR)
    posted = channel.last_message
    assert posted.embeds[0].description.startswith("**☀️ Question of the day")
    assert attached(env, posted) == [(SCHEDULE.filename, "A 1F1B schedule", SCHEDULE.data)]
    assert image_urls(posted) == [f"attachment://{SCHEDULE.filename}"]
    view = await world.bot.service.view(post_id_of(posted))
    assert view is not None
    right, _ = letters(view)
    verdict = await world.members["ana"].click(posted, label=right)
    assert [a.filename for a in verdict.response.attachments] == [BUBBLE.filename]
    await env.advance_time(24 * HOUR)
    closed = latest(world, posted.id)
    assert "1 answer" in closed.embeds[0].description
    assert [a.filename for a in closed.attachments] == [SCHEDULE.filename, BUBBLE.filename]
    assert image_urls(closed) == [
        f"attachment://{SCHEDULE.filename}",
        f"attachment://{BUBBLE.filename}",
    ]


async def one_question(world: World, question: Question) -> None:
    """The bot restarted with `parallelism` asking only `question`."""
    quiz = world.bot.service.quizzes["parallelism"]
    quizzes = {**world.bot.service.quizzes, "parallelism": replace(quiz, questions=(question,))}
    await world.env.restart_bot(build_bot(world.bot.store, quizzes))


async def test_practice_shows_the_picture_and_the_verdict_the_explanations(
    world: World,
) -> None:
    chloe = world.members["chloe"]
    await one_question(world, world.bot.service.quizzes["parallelism"].questions[0])
    await chloe.slash(world.channel, "practice", quiz="parallelism")
    asked = [m for m in world.channel.history(viewer=chloe) if m.components][-1]
    assert asked.flags.ephemeral
    assert attached(world.env, asked) == [(SCHEDULE.filename, "A 1F1B schedule", SCHEDULE.data)]
    assert image_urls(asked) == [f"attachment://{SCHEDULE.filename}"]
    view = await world.bot.service.view(post_id_of(asked))
    assert view is not None
    result = await chloe.click(asked, label=letters(view)[0])
    verdict = result.followups[0]
    assert "Right!" in verdict.content
    assert [a.filename for a in verdict.attachments] == [BUBBLE.filename]
    answered = next(m for m in world.channel.history(viewer=chloe) if m.id == asked.id)
    assert all(b.disabled for b in letter_buttons(answered))
    assert [a.filename for a in answered.attachments] == [SCHEDULE.filename]  # kept
    assert world.channel.history() == []  # nothing public


MATRIX = r"Is $$\begin{pmatrix}\begin{matrix}a\end{matrix}&b\\c&d\end{pmatrix}$$ invertible?"


async def test_a_formula_mathtext_cannot_draw_leaves_the_text_alone_said_once(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    question = world.bot.service.quizzes["parallelism"].questions[1]
    await one_question(world, replace(question, prompt=Text(MATRIX, MATRIX)))
    ana, ben = world.members["ana"], world.members["ben"]
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    message = world.channel.last_message
    assert message.attachments == []
    assert image_urls(message) == [None]
    assert "invertible?" in message.embeds[0].description
    view = await world.bot.service.view(post_id_of(message))
    assert view is not None
    for member in (ana, ben):  # two count edits ask for the picture again
        await world.env.advance_time(6)
        await member.click(message, label=letters(view)[0])
    await world.env.advance_time(30)
    closed = latest(world, message.id)
    assert all(button.disabled for button in letter_buttons(closed))
    said = [r.getMessage() for r in caplog.records if r.name == "adapters.discord_bot.pictures"]
    assert said == [f"question {question.id}: formula left in Unicode: a matrix inside a "
                    "matrix cannot be drawn: \\begin{matrix} inside \\begin{pmatrix} "
                    "(character 16)"]  # fmt: skip


TYPED = load_quiz(TYPES / "every-type.yaml")


def of_type(kind: str) -> Question:
    """The every-type quiz's question of this type, its explanation pictured."""
    question = next(q for q in TYPED.questions if q.type == kind)
    return replace(question, explanation_image=BUBBLE)


def private(world: World, member: Any, message_id: int) -> Any:
    return next(m for m in world.channel.history(viewer=member) if m.id == message_id)


async def test_a_typed_answers_verdict_and_a_picks_verdict_carry_the_explanations_picture(
    world: World,
) -> None:
    ana = world.members["ana"]
    await one_question(world, of_type("text"))
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    asked = world.channel.last_message
    modal = await ana.click(asked, label="Answer")
    sent = await ana.submit_modal(modal, {"answer": "Paris"})
    [verdict] = [m for m in (sent.response, *sent.followups) if m is not None]
    assert "✅" in verdict.content
    assert [a.filename for a in verdict.attachments] == [BUBBLE.filename]

    await world.env.advance_time(40)  # that round ends
    await one_question(world, of_type("multiple"))
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    asked = world.channel.last_message
    opened = await ana.click(asked, label="Answer")
    menu = opened.response if opened.response is not None else opened.followups[-1]
    assert menu.ephemeral
    await ana.select(menu, ["A"])
    replaced = private(world, ana, menu.id)  # the picker became the verdict, in place
    assert replaced.components == []
    assert [a.filename for a in replaced.attachments] == [BUBBLE.filename]


async def test_a_restart_keeps_the_picture_through_the_count_and_the_close(
    world: World,
) -> None:
    """Nothing of a picture lives in memory: after a restart the count edit still shows the
    attached file and the close attaches the question's and the explanation's."""
    ana = world.members["ana"]
    await one_question(world, world.bot.service.quizzes["parallelism"].questions[0])
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    asked = world.channel.last_message
    view = await world.bot.service.view(post_id_of(asked))
    assert view is not None
    await world.env.restart_bot(build_bot(world.bot.store, world.bot.service.quizzes))
    await ana.click(asked, label=letters(view)[0])
    counted = latest(world, asked.id)
    assert "1 answer so far" in counted.embeds[0].description
    assert [a.filename for a in counted.attachments] == [SCHEDULE.filename]
    await world.env.advance_time(35)
    closed = latest(world, asked.id)
    assert [a.filename for a in closed.attachments] == [SCHEDULE.filename, BUBBLE.filename]
    spec = discord_spec()
    if spec is not None:  # multipart bodies too: their payload_json is checked
        problems = [
            problem
            for entry in world.env.http_requests
            for problem in spec_problems(spec, entry.method, entry.path, entry.json)
        ]
        assert problems == []


async def test_a_missed_pictured_question_comes_back_in_review_with_its_picture(
    world: World,
) -> None:
    ana, ben = world.members["ana"], world.members["ben"]
    await one_question(world, world.bot.service.quizzes["parallelism"].questions[0])
    await ben.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    asked = world.channel.last_message
    view = await world.bot.service.view(post_id_of(asked))
    assert view is not None
    right, wrong = letters(view)
    await ben.click(asked, label=right)
    await ana.click(asked, label=wrong)
    await world.env.advance_time(35)
    await ana.click(world.channel.last_message, label="🔁 Review my misses")
    [again] = [
        m
        for m in world.channel.history(viewer=ana)
        if m.flags.ephemeral and m.components and m.id != asked.id
    ]
    assert [a.filename for a in again.attachments] == [SCHEDULE.filename]
    assert image_urls(again) == [f"attachment://{SCHEDULE.filename}"]


async def test_a_deleted_pictured_question_gets_its_results_posted_with_both_pictures(
    world: World,
) -> None:
    mods = world.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    moderator = world.guild.add_member(world.env.create_user("moderator"), roles=[mods])
    ana = world.members["ana"]
    await one_question(world, world.bot.service.quizzes["parallelism"].questions[0])
    await ana.slash(world.channel, "quiz", quiz="parallelism", questions=1)
    question = world.channel.last_message
    await moderator.delete(question)
    await world.env.advance_time(35)
    [results] = [m for m in world.channel.history() if "1/1" in str(m.embeds[0].description)]
    assert results.id != question.id  # a new message, its files uploaded with it
    assert attached(world.env, results) == [
        (SCHEDULE.filename, "A 1F1B schedule", SCHEDULE.data),
        (BUBBLE.filename, "The bubble", BUBBLE.data),
    ]
    assert image_urls(results) == [
        f"attachment://{SCHEDULE.filename}",
        f"attachment://{BUBBLE.filename}",
    ]
