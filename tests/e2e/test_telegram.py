"""Telegram end to end: the real python-telegram-bot against the loopback fake Bot API."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.domain.entities import PlayerFootprint
from bot.domain.models import Quiz
from bot.storage.group_commit import Outcome, PendingAnswer, Result
from bot.storage.sqlite.store import SQLiteStore
from bot.text.authored import shown
from tests.e2e.error_logs import ErrorLogs
from tests.e2e.telegram_harness import GROUP, Harness, only_flag, running_bot
from tests.fakes.telegram_api import FakeTelegramAPI
from tests.support.clocks import FakeClock
from tests.support.paths import bundled_ids


@pytest.fixture
async def bot(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock
) -> AsyncIterator[Harness]:
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as harness:
        yield harness


def users(fake: FakeTelegramAPI) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    return (
        fake.user(1, "Amélie", "fr"),
        fake.user(2, "Bastien", "fr-FR"),
        fake.user(3, "Chris", "en"),
    )


def buttons(message: dict[str, Any]) -> list[str]:
    return [
        button.get("callback_data") or button["url"]
        for row in message["reply_markup"]["inline_keyboard"]
        for button in row
    ]


async def test_three_users_play_a_round_in_their_languages(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], quizzes: dict[str, Quiz]
) -> None:
    amelie, bastien, chris = users(fake)
    fake.add_admin(group, amelie)
    title = quizzes["parallelism"].title.fr
    first = await bot.command(group, amelie, "/quiz@quizbot parallelism 2")
    assert first["text"].startswith(f"{title} · Question 1/2")
    assert first["text"].endswith("Se ferme dans 30 s")  # a duration, not a UTC clock time
    assert len(buttons(first)) == 6  # A-D, Reveal, and the explanation link

    for number in (1, 2):
        right, wrong = await bot.right_and_wrong()
        message_id = bot.fake.bot_messages(group)[-1]["message_id"]
        await bot.advance(1)
        to_amelie = await bot.press(group, amelie, message_id, right)
        await bot.advance(1)
        to_bastien = await bot.press(group, bastien, message_id, wrong)
        await bot.advance(1)
        to_chris = await bot.press(group, chris, message_id, right)
        assert to_amelie["text"].startswith("✅ Bonne réponse\u202f!")
        assert to_bastien["text"].startswith("❌ Pas tout à fait. La bonne réponse est")
        assert to_chris["text"].startswith("✅ Right!")
        for alert in (to_amelie, to_bastien, to_chris):
            assert alert["show_alert"] is True
            assert len(alert["text"]) <= 200
        assert "📖" in to_chris["text"]  # explanations are longer than an alert: offer the rest
        await bot.advance(27)  # the 30 s deadline
        closed = fake.message(group, message_id)
        assert only_flag(closed)
        assert f"Question {number}/2" in closed["text"]
        assert "✅ Réponse\u00a0:" in closed["text"]
        assert "3 réponses" in closed["text"]

    summary = fake.bot_messages(group)[-1]
    assert summary["text"].splitlines() == [
        f"🏁 Fin de la partie\u00a0: {title}",
        "1. Amélie\u00a0: 2/2 (2,0 s)",
        "2. Chris\u00a0: 2/2 (6,0 s)",
        "3. Bastien\u00a0: 0/2 (4,0 s)",
    ]
    board = await bot.command(group, chris, "/leaderboard")
    assert board["text"].splitlines()[1:] == [
        "1. Amélie: 2 points",
        "1. Chris: 2 points",
        "3. Bastien: 0 points",
    ]


async def test_answered_count_is_edited_in(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    amelie, bastien, chris = users(fake)
    question = await bot.command(group, chris, "/quiz parallelism")
    right, _ = await bot.right_and_wrong()
    for user in (amelie, bastien):
        await bot.press(group, user, question["message_id"], right)
    await bot.advance(0)
    text = fake.message(group, question["message_id"])["text"]
    assert text.endswith("2 answers so far · Closes in 30 s")
    dana = fake.user(4, "Dana", "en")
    await bot.advance(12)
    await bot.press(group, dana, question["message_id"], right)
    await bot.advance(0)
    text = fake.message(group, question["message_id"])["text"]
    assert text.endswith("3 answers so far · Closes in 18 s")  # the time left when edited


async def test_forged_stale_and_repeated_presses(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    amelie, bastien, chris = users(fake)
    other = fake.group(-100999, "Another group")
    question = await bot.command(group, chris, "/quiz parallelism 1")
    message_id = question["message_id"]
    right, wrong = await bot.right_and_wrong()
    store = bot.quiz.service.store
    post_id = int(right.split(":")[2])

    for forged in ("garbage", "v1:a:999999:A", "v9:a:1:A", "v1:a:1:Z", f"v1:r:{post_id}x"):
        alert = await bot.press(group, amelie, message_id, forged, strict=False)
        assert alert["text"] == (
            "Ce bouton ne correspond à aucune question que je connais. Rien n’a été enregistré."
        )
    elsewhere = await bot.command(other, amelie, "/help")
    alert = await bot.press(other, amelie, elsewhere["message_id"], right, strict=False)
    assert alert["text"].startswith("Ce bouton ne correspond")
    assert await store.post_answers(post_id) == []

    first = await bot.press(group, chris, message_id, wrong)
    again = await bot.press(group, chris, message_id, right)
    assert first["text"].startswith("❌ Not quite.")
    assert again["text"].startswith(f"You already answered {wrong[-1]}.")
    query_id = fake.press(group, bastien, message_id, right)
    await fake.wait_for("answerCallbackQuery", lambda p: p["callback_query_id"] == query_id)
    fake.redeliver(query_id)  # at-least-once delivery after a crash
    await fake.drained()
    assert len(await store.post_answers(post_id)) == 2

    await bot.advance(30)
    late = await bot.press(group, amelie, message_id, right, strict=False)
    assert late["text"] == "Cette question est close\u202f; votre réponse n’a pas été comptée."
    assert sorted(a.user_id for a in await store.post_answers(post_id)) == ["tg:2", "tg:3"]


async def test_rate_limit_delays_instead_of_dropping(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    _, _, chris = users(fake)
    fake.fail_next("sendMessage", error_code=429, retry_after=1)
    fake.send_command(group, chris, "/quiz parallelism 1")
    refused = await fake.wait_for("sendMessage", lambda p: "Question 1/1" in p["text"])
    assert refused.response["error_code"] == 429
    retried = await fake.wait_for(
        "sendMessage", lambda p: "Question 1/1" in p["text"], since=fake.calls.index(refused) + 1
    )
    assert retried.response["ok"] is True
    failures = [c for c in fake.calls_to("sendMessage") if not c.response["ok"]]
    assert [f.response["error_code"] for f in failures] == [429]


async def test_stop_needs_the_starter_or_an_admin(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    amelie, bastien, chris = users(fake)
    fake.add_admin(group, amelie)
    await bot.command(group, chris, "/quiz parallelism")
    refused = await bot.command(group, bastien, "/stop")
    assert refused["text"] == (
        "Seule la personne qui a lancé la partie ou un administrateur peut faire cela."
    )
    assert await bot.quiz.service.store.running_rounds() != []
    await bot.command(group, amelie, "/stop")
    summary = await fake.wait_for("sendMessage", lambda p: "🏁" in p["text"])
    assert "The round was stopped." in summary.params["text"]  # in the starter's language
    assert await bot.quiz.service.store.running_rounds() == []
    nothing = await bot.command(group, amelie, "/stop")
    assert nothing["text"] == "Aucune partie n’est en cours ici."


async def test_reveal_is_for_the_starter(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    amelie, bastien, _ = users(fake)
    question = await bot.command(group, amelie, "/quiz parallelism 2")
    reveal = next(data for data in buttons(question) if data.startswith("v1:r:"))
    refused = await bot.press(group, bastien, question["message_id"], reveal)
    assert refused["text"].startswith("Seule la personne qui a lancé la partie")
    assert "reply_markup" in fake.message(group, question["message_id"])
    await bot.press(group, amelie, question["message_id"], reveal)
    assert only_flag(fake.message(group, question["message_id"]))
    assert "Question 2/2" in fake.bot_messages(group)[-1]["text"]


async def test_hostile_names_are_shown_as_typed(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    hostile = fake.user(66, "<b>&</b>", "en")
    question = await bot.command(group, hostile, "/quiz parallelism 1")
    right, _ = await bot.right_and_wrong()
    await bot.press(group, hostile, question["message_id"], right)
    await bot.advance(30)
    board = await bot.command(group, hostile, "/leaderboard all")
    sent = fake.calls_to("sendMessage")[-1].params["text"]
    assert "1. &lt;b&gt;&amp;&lt;/b&gt;: 1 point" in sent
    assert "1. <b>&</b>: 1 point" in board["text"]  # what users see once Telegram parses it


async def test_unknown_quiz_lists_the_quizzes_with_start_buttons(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], quizzes: dict[str, Quiz]
) -> None:
    _, _, chris = users(fake)
    known = bundled_ids()
    answer = await bot.command(group, chris, "/quiz chemistry")
    assert answer["text"].startswith(
        f"I don't know a quiz called “chemistry”. Quizzes you can play: {', '.join(known)}."
    )
    start = buttons(answer)
    assert start == [f"v1:s:{name}" for name in known]
    await bot.press(group, chris, answer["message_id"], start[known.index("parallelism")])
    size = len(quizzes["parallelism"].questions)
    question = await fake.wait_for("sendMessage", lambda p: f"Question 1/{size}" in p["text"])
    assert question.params["chat_id"] == GROUP


async def test_leaderboard_and_stats_arguments(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], quizzes: dict[str, Quiz]
) -> None:
    _, _, chris = users(fake)
    quiz = quizzes["parallelism"]
    week = await bot.command(group, chris, "/leaderboard week parallelism")
    assert week["text"].startswith(
        f"🏆 Leaderboard, this week (UTC), {quiz.title.en}\nNo answers yet."
    )
    wrong = await bot.command(group, chris, "/leaderboard chemistry")
    assert wrong["text"].startswith("I don't know a quiz called “chemistry”.")
    stats = await bot.command(group, chris, "/stats")
    assert stats["text"] == (
        "Chris has not answered any question yet.\n🔁 Review: no missed question yet."
    )
    bad = await bot.command(group, chris, "/quiz parallelism 99")
    size = len(quiz.questions)
    assert bad["text"] == f"The number of questions must be a whole number from 1 to {size}."


async def test_solo_practice_in_private_chat(
    bot: Harness, fake: FakeTelegramAPI, quizzes: dict[str, Quiz]
) -> None:
    chris = fake.user(3, "Chris", "en")
    private = fake.private_chat(chris)
    size = len(quizzes["parallelism"].questions)
    question = await bot.command(private, chris, "/start practice_parallelism")
    assert f"Question 1/{size}" in question["text"]
    right, _ = await bot.right_and_wrong()
    since = len(fake.calls)
    toast = await bot.press(private, chris, question["message_id"], right)
    assert toast["text"].startswith("✅ Right!")
    assert not toast.get("show_alert")
    second = await fake.wait_for(
        "sendMessage", lambda p: f"Question 2/{size}" in p["text"], since=since
    )
    answered = fake.message(private, question["message_id"])
    assert only_flag(answered)
    view_question = await bot.quiz.service.view(int(right.split(":")[2]))
    assert view_question is not None
    assert shown(view_question.question.explanation.en) in answered["text"]
    assert second.params["chat_id"] == private["id"]


async def test_deep_link_explains_only_after_answering(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    _, _, chris = users(fake)
    question = await bot.command(group, chris, "/quiz parallelism 1")
    link = next(data for data in buttons(question) if data.startswith("https://t.me/"))
    payload = link.split("?start=")[1]
    private = fake.private_chat(chris)
    early = await bot.command(private, chris, f"/start {payload}")
    assert early["text"] == "Answer the question first: the explanation gives the answer away."
    right, _ = await bot.right_and_wrong()
    await bot.press(group, chris, question["message_id"], right)
    full = await bot.command(private, chris, f"/start {payload}")
    view = await bot.quiz.service.view(int(payload.removeprefix("ex_")))
    assert view is not None
    assert full["text"].startswith("✅ Right!")
    assert shown(view.question.explanation.en) in full["text"]


async def test_commands_are_registered_in_both_languages(
    bot: Harness, fake: FakeTelegramAPI
) -> None:
    calls = [c for c in fake.calls_to("setMyCommands") if "scope" not in c.params]  # default
    by_language = {c.params.get("language_code"): c.params["commands"] for c in calls}
    assert set(by_language) == {None, "fr"}
    french = {c["command"]: c["description"] for c in by_language["fr"]}
    assert french["quiz"] == "Lancer une partie de quiz ici"
    assert set(french) == {
        "quiz",
        "stop",
        "quizzes",
        "leaderboard",
        "stats",
        "practice",
        "daily",
        "review",
        "timezone",
        "help",
        "forgetme",
        "report",
    }


async def test_menus_telegram_refuses_do_not_keep_the_bot_from_serving(
    fake: FakeTelegramAPI, tmp_path: Path, quizzes: dict[str, Quiz], clock: FakeClock,
    group: dict[str, Any], caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    """setMyCommands failing at start-up (here 400) is one warning, and /quiz still plays."""
    fake.fail_next("setMyCommands", 400, times=10, description="Bad Request: injected failure")
    amelie = users(fake)[0]
    async with running_bot(fake, tmp_path / "quiz.db", quizzes, clock) as bot:
        question = await bot.command(group, amelie, "/quiz parallelism 1")
        assert "Question 1/1" in question["text"]
    assert "could not set the command menus" in caplog.text


async def test_a_round_survives_a_restart(
    fake: FakeTelegramAPI,
    tmp_path: Path,
    quizzes: dict[str, Quiz],
    clock: FakeClock,
    group: dict[str, Any],
) -> None:
    amelie, bastien, chris = users(fake)
    database = tmp_path / "quiz.db"
    async with running_bot(fake, database, quizzes, clock) as first:
        question = await first.command(group, amelie, "/quiz parallelism 2")
        right, wrong = await first.right_and_wrong()
        await first.press(group, amelie, question["message_id"], right)
    clock.advance(5)
    async with running_bot(fake, database, quizzes, clock) as second:
        counted = await second.press(group, bastien, question["message_id"], wrong)
        assert counted["text"].startswith("❌ Pas tout à fait.")
        repeated = await second.press(group, amelie, question["message_id"], wrong)
        assert repeated["text"].startswith("Vous avez déjà répondu")
        await second.advance(25)
        assert "Question 2/2" in fake.bot_messages(group)[-1]["text"]
        right, _ = await second.right_and_wrong()
        await second.press(group, chris, fake.bot_messages(group)[-1]["message_id"], right)
        await second.advance(30)
        summary = fake.bot_messages(group)[-1]["text"]
        assert summary.splitlines()[1:] == [
            "1. Amélie\u00a0: 1/2 (0,0 s)",
            "1. Chris\u00a0: 1/2 (0,0 s)",
            "3. Bastien\u00a0: 0/2 (5,0 s)",
        ]


async def test_quiz_without_a_name_offers_start_buttons(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], quizzes: dict[str, Quiz]
) -> None:
    _, _, chris = users(fake)
    known = bundled_ids()
    listing = await bot.command(group, chris, "/quiz")
    assert listing["text"].splitlines() == [
        "Quizzes you can play:",
        *(
            f"{q.id} · {q.title.en} · {len(q.questions)} questions · {q.difficulty}"
            for q in (quizzes[name] for name in known)
        ),
    ]
    assert buttons(listing) == [f"v1:s:{name}" for name in known]


async def test_a_failing_handler_apologises_and_the_bot_keeps_serving(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], error_logs: ErrorLogs
) -> None:
    _, _, chris = users(fake)
    fake.fail_next("sendMessage", error_code=400, description="Bad Request: injected")
    fake.send_command(group, chris, "/help")
    apology = await fake.wait_for("sendMessage", lambda p: p["text"].startswith("Sorry"))
    assert apology.params["text"] == (
        "Sorry, something went wrong on my side and this was not recorded. Please try again."
    )
    assert [type(error).__name__ for error in bot.errors] == ["BadRequest"]
    bot.errors.clear()  # the harness fails a test on any handler error it did not expect
    assert [r.getMessage() for r in error_logs.claim()] == ["a handler failed"]
    again = await bot.command(group, chris, "/help")
    assert again["text"].startswith("I run quizzes for study groups.")


async def test_a_press_without_language_uses_the_rounds(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    amelie = fake.user(1, "Amélie", "fr")
    silent = fake.user(9, "Nolang", None)
    question = await bot.command(group, amelie, "/quiz parallelism 1")
    right, _ = await bot.right_and_wrong()
    alert = await bot.press(group, silent, question["message_id"], right)
    assert alert["text"].startswith("✅ Bonne réponse\u202f!")


async def test_a_burst_of_presses_is_handled_at_once_and_shares_commits(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    """While one commit is held, every other press of a 40-press burst reaches the writer
    (handled one at a time, or four at a time, they could not), and they commit together."""
    presses = 40
    players = [fake.user(100 + n, f"Player {n}", "en") for n in range(presses)]
    question = await bot.command(group, players[0], "/quiz parallelism 1")
    right, _ = await bot.right_and_wrong()
    store = bot.quiz.service.store
    assert isinstance(store, SQLiteStore)
    writer, all_submitted, gate = store.writer, asyncio.Event(), asyncio.Event()
    submit, commit_batch = writer.submit, writer.commit_batch
    submitted = 0

    def counting_submit(pending: PendingAnswer) -> asyncio.Future[Result]:
        nonlocal submitted
        submitted += 1
        if submitted == presses:
            all_submitted.set()
        return submit(pending)

    async def held_commit(items: Sequence[PendingAnswer]) -> list[Outcome]:
        await gate.wait()
        return await commit_batch(items)

    writer.submit, writer.commit_batch = counting_submit, held_commit  # type: ignore[method-assign]
    batches = writer.batches
    pressed = [fake.press(group, player, question["message_id"], right) for player in players]
    try:
        await asyncio.wait_for(all_submitted.wait(), timeout=10)
    finally:
        gate.set()  # so that a failure here still lets the bot shut down
    for query_id in pressed:
        await fake.wait_for(
            "answerCallbackQuery", lambda p, q=query_id: p["callback_query_id"] == q
        )
    assert writer.batches - batches <= 2
    assert len(await store.scores(f"tg:{GROUP}", None)) == presses


async def test_forgetme_deletes_only_the_confirming_users_data(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    amelie, _, chris = users(fake)
    other = fake.group(-100321, "Other group")
    for chat in (group, other):
        question = await bot.command(chat, chris, "/quiz parallelism 1")
        right, _ = await bot.right_and_wrong()
        for user in (amelie, chris):
            await bot.press(chat, user, question["message_id"], right)
        await bot.advance(30)
    prompt = await bot.command(group, chris, "/forgetme")
    assert prompt["text"].startswith(
        "This deletes everything I keep about you: your name and your 2 answers in 2 chats, "
    )
    yes, no = buttons(prompt)
    refused = await bot.press(group, amelie, prompt["message_id"], yes)
    assert refused["text"] == "Ce bouton appartient à quelqu’un d’autre."
    await bot.press(group, chris, prompt["message_id"], yes)
    await fake.wait_for("editMessageText", lambda p: p["message_id"] == prompt["message_id"])
    done = fake.message(group, prompt["message_id"])
    assert done["text"] == (
        "Done: everything I kept about you is deleted. You are on no leaderboard any more."
    )
    assert "reply_markup" not in done
    store = bot.quiz.service.store
    assert await store.player_footprint("tg:3") == PlayerFootprint(0, 0, 0)
    # + 2 review cards, 2 member rows, 2 round lines and 2 member-question rows (report counts)
    assert await store.player_footprint("tg:1") == PlayerFootprint(17, 2, 2)
    for chat in (group, other):
        board = await bot.command(chat, amelie, "/leaderboard")
        assert "Chris" not in board["text"]
        assert "Amélie" in board["text"]
    again = await bot.command(group, chris, "/forgetme")
    assert again["text"] == "I keep no data about you."
    assert no.endswith(":n")


async def test_absurd_command_arguments_get_clear_answers(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any], quizzes: dict[str, Quiz]
) -> None:
    _, _, chris = users(fake)
    size = len(quizzes["parallelism"].questions)
    huge = await bot.command(group, chris, "/quiz parallelism 99999999999999999999999")
    assert huge["text"] == f"The number of questions must be a whole number from 1 to {size}."
    timer = await bot.command(group, chris, "/quiz parallelism 2 100000")
    assert timer["text"] == "The timer must be a whole number of seconds from 10 to 600."
    long_name = await bot.command(group, chris, "/quiz " + "x" * 3000)
    assert long_name["text"].startswith("I don't know a quiz called “xxxxxxxxx")
    assert len(long_name["text"]) < 400
    many = await bot.command(group, chris, "/leaderboard " + " ".join(["week"] * 500))
    assert many["text"].startswith("🏆 Leaderboard, this week")
    assert await bot.quiz.service.store.running_rounds() == []


async def test_one_chat_cannot_touch_another_chats_round(
    bot: Harness, fake: FakeTelegramAPI, group: dict[str, Any]
) -> None:
    amelie, _, chris = users(fake)
    other = fake.group(-100444, "Other group")
    fake.add_admin(other, amelie)
    question = await bot.command(group, chris, "/quiz parallelism 2")
    reveal = next(data for data in buttons(question) if data.startswith("v1:r:"))
    elsewhere = await bot.command(other, amelie, "/help")
    refused = await bot.press(other, amelie, elsewhere["message_id"], reveal, strict=False)
    assert refused["text"].startswith("Ce bouton ne correspond")
    stop = await bot.command(other, amelie, "/stop")
    assert stop["text"] == "Aucune partie n’est en cours ici."
    assert "reply_markup" in fake.message(group, question["message_id"])
    board = await bot.command(other, amelie, "/leaderboard")
    assert "Aucune réponse" in board["text"]
    assert len(await bot.quiz.service.store.running_rounds()) == 1
