"""Issue 16's proof on Telegram: the real `quizbot run telegram` process serves five groups
at once while one removes the bot mid-round and another deletes a question; stopped (SIGTERM)
or killed (SIGKILL) and started again, it goes on in every other group at once, and the group
that removed it gets nothing more.

Everything waits on the requests the fake Bot API records, with timeouts: no sleeps. The
rounds are driven by the starter's "show the answer" button, so no deadline has to pass.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.bot_process import TOKEN, BotProcess, start_bot, wait_for_acks
from tests.e2e.telegram_harness import only_flag
from tests.fakes.telegram_api import FakeTelegramAPI

GROUPS = 5
PLAYERS = 4  # the last one answers late: after the deletion, or after the restart
QUESTIONS = 3
WAIT = 30.0
REMOVED, DELETED = 0, 1
"""Which group removes the bot, which one deletes its first question."""


@dataclass
class Group:
    chat: dict[str, Any]
    players: list[dict[str, Any]]

    @property
    def id(self) -> int:
        return int(self.chat["id"])


def groups(fake: FakeTelegramAPI) -> list[Group]:
    found = []
    for number in range(GROUPS):
        chat = fake.group(-100900 - number, f"Study group {number}", chat_type="supergroup")
        players = [
            fake.user(1000 * (number + 1) + k, f"P{number}{k}", "fr" if k % 2 else "en")
            for k in range(PLAYERS)
        ]
        fake.add_admin(chat, players[0])
        found.append(Group(chat, players))
    return found


async def question(fake: FakeTelegramAPI, group: Group, number: int) -> dict[str, Any]:
    """The bot's message that asks question `number` in the group (a results message,
    which names the question too, has no buttons)."""

    def asks(params: dict[str, Any]) -> bool:
        wanted = f"Question {number}/{QUESTIONS}"
        return (
            params["chat_id"] == group.id and wanted in params["text"] and "reply_markup" in params
        )

    call = await fake.wait_for("sendMessage", asks, timeout=WAIT)
    result: dict[str, Any] = call.response["result"]
    return result


def answers(message: dict[str, Any]) -> list[str]:
    return [b["callback_data"] for b in message["reply_markup"]["inline_keyboard"][0]]


def reveal(message: dict[str, Any]) -> str:
    data: str = message["reply_markup"]["inline_keyboard"][1][0]["callback_data"]
    return data


Press = tuple[Group, dict[str, Any], dict[str, Any], str]
"""A press to make: group, player, message, button data."""


async def press_all(fake: FakeTelegramAPI, presses: list[Press]) -> list[str]:
    """Press at once and wait until each press is answered; the answers' texts, in order."""
    queries = [fake.press(g.chat, p, m["message_id"], data) for g, p, m, data in presses]
    await wait_for_acks(fake, set(queries), len(queries))
    texts = {
        c.params["callback_query_id"]: c.params.get("text", "")
        for c in fake.calls_to("answerCallbackQuery")
    }
    return [texts[query] for query in queries]


def everyone_answers(played: list[Group], asked: list[dict[str, Any]]) -> list[Press]:
    """Each group's players but the last answer its open question, choice by choice."""
    return [
        (group, player, message, answers(message)[k])
        for group, message in zip(played, asked, strict=True)
        for k, player in enumerate(group.players[:-1])
    ]


async def said_to_private(fake: FakeTelegramAPI, user: dict[str, Any]) -> None:
    """A command in a private chat, answered: every update sent before it was handled
    (updates other than presses are handled one at a time, in order)."""
    since = len(fake.calls)
    private = fake.private_chat(user)
    fake.send_command(private, user, "/help")
    await fake.wait_for("sendMessage", lambda p: p["chat_id"] == private["id"], timeout=WAIT)
    assert since < len(fake.calls)


def to_chat(fake: FakeTelegramAPI, chat_id: int, since: int) -> list[str]:
    """Requests sent for a chat from call number `since` on."""
    return [c.method for c in fake.calls[since:] if c.params.get("chat_id") == chat_id]


async def reveal_all(
    fake: FakeTelegramAPI, played: list[Group], asked: list[dict[str, Any]], next_: int
) -> list[dict[str, Any]]:
    """The starters close their open question; each group's question `next_` comes."""
    await press_all(
        fake, [(g, g.players[0], q, reveal(q)) for g, q in zip(played, asked, strict=True)]
    )
    return [await question(fake, g, next_) for g in played]


async def stop(bot: BotProcess, how: str) -> None:
    """SIGTERM: the process must exit 0; SIGKILL: it dies wherever it is."""
    if bot.process.returncode is not None:
        return
    if how == "SIGTERM":
        assert await bot.stop() == 0, bot.output()
    else:
        await bot.kill()


def served_groups(everyone: list[Group]) -> list[Group]:
    return [group for number, group in enumerate(everyone) if number != REMOVED]


async def first_run(
    fake: FakeTelegramAPI, database: Path, everyone: list[Group], how: str, status: str
) -> tuple[list[dict[str, Any]], int]:
    """Five rounds at once; one group removes the bot, one deletes its question, the other
    groups go on to question 2 and answer it; then the process stops. Returns the open
    questions and the call number from which the removed group must get nothing."""
    served, removed, deleted = served_groups(everyone), everyone[REMOVED], everyone[DELETED]
    bot = await start_bot(fake, database)
    try:
        await fake.wait_for("setMyCommands", timeout=WAIT)
        for group in everyone:
            fake.send_command(group.chat, group.players[0], f"/quiz parallelism {QUESTIONS} 600")
        firsts = [await question(fake, g, 1) for g in everyone]
        await press_all(fake, everyone_answers(everyone, firsts))
        fake.remove_bot(removed.chat, removed.players[0], status=status)  # my_chat_member
        gone = firsts[DELETED]
        fake.delete_message(deleted.chat, gone["message_id"])
        late = await press_all(  # pressed on a client that still shows the deleted question
            fake, [(deleted, deleted.players[-1], gone, answers(gone)[0])]
        )
        assert late[0].startswith(("✅", "❌"))
        await said_to_private(fake, removed.players[0])
        removed_at = len(fake.calls)  # the bot knows: an answered-count edit may have raced
        seconds = await reveal_all(fake, served, firsts[1:], 2)
        await press_all(fake, everyone_answers(served, seconds))
    finally:
        await stop(bot, how)
    assert f"chat tg:{removed.id} removed the bot: 1 rounds ended" in bot.output()
    assert "Traceback" not in bot.output()
    assert TOKEN not in bot.output()
    results = [  # the deleted question's: as a new message, after its edit was refused
        c.params["text"]
        for c in fake.calls_to("sendMessage")
        if c.params["chat_id"] == deleted.id and only_flag(c.params)
    ]
    assert len(results) == 1
    assert "Question 1/3" in results[0]
    refused = [c.response.get("description") for c in fake.calls_to("editMessageText")]
    assert "Bad Request: message to edit not found" in refused
    return seconds, removed_at


async def second_run(
    fake: FakeTelegramAPI, database: Path, served: list[Group], seconds: list[dict[str, Any]]
) -> list[str]:
    """Started again: the open questions take a late press and count a repeated one once;
    the rounds go on to their summaries (returned); SIGTERM then stops the process, exit 0."""
    restarted_at = len(fake.calls)
    bot = await start_bot(fake, database)
    try:
        await fake.wait_for(
            "setMyCommands", lambda _: len(fake.calls) > restarted_at, timeout=WAIT
        )
        pairs = list(zip(served, seconds, strict=True))
        texts = await press_all(
            fake,
            [(g, g.players[-1], q, answers(q)[0]) for g, q in pairs]  # late: counts
            + [(g, g.players[0], q, answers(q)[1]) for g, q in pairs],  # again: counts once
        )
        assert all(text.startswith(("✅", "❌")) for text in texts[: len(served)]), texts
        assert all(text.startswith("You already answered") for text in texts[len(served) :])
        thirds = await reveal_all(fake, served, seconds, 3)
        await press_all(
            fake, [(g, g.players[0], q, reveal(q)) for g, q in zip(served, thirds, strict=True)]
        )
        summaries = [await summary(fake, group) for group in served]
    finally:
        returncode = await bot.stop()
    assert returncode == 0, bot.output()
    assert "Traceback" not in bot.output()
    assert TOKEN not in bot.output()
    return summaries


async def summary(fake: FakeTelegramAPI, group: Group) -> str:
    call = await fake.wait_for(
        "sendMessage", lambda p: p["chat_id"] == group.id and "🏁" in p["text"], timeout=WAIT
    )
    return str(call.params["text"])


@pytest.mark.parametrize(("how", "status"), [("SIGTERM", "kicked"), ("SIGKILL", "left")])
async def test_five_groups_one_removes_the_bot_one_deletes_a_question_then_a_restart(
    fake: FakeTelegramAPI, tmp_path: Path, how: str, status: str
) -> None:
    everyone = groups(fake)
    served, removed, deleted = served_groups(everyone), everyone[REMOVED], everyone[DELETED]
    database = tmp_path / "quiz.db"
    seconds, removed_at = await first_run(fake, database, everyone, how, status)
    summaries = await second_run(fake, database, served, seconds)

    for group, text in zip(served, summaries, strict=True):
        for player in group.players:  # the late and the restarted presses counted
            assert player["first_name"] in text, text
    assert to_chat(fake, removed.id, removed_at) == []  # nothing more, not even a summary
    assert len(fake.bot_messages(removed.chat)) == 1  # its first question, nothing else
    with sqlite3.connect(database) as db:
        rounds = dict(db.execute("SELECT chat_id, status FROM rounds").fetchall())
        counted = dict(db.execute("SELECT chat_id, COUNT(*) FROM answers GROUP BY chat_id"))
    assert rounds == {f"tg:{g.id}": "finished" for g in served} | {f"tg:{removed.id}": "stopped"}
    before = PLAYERS - 1  # each question's answers before the late ones
    assert counted == {f"tg:{g.id}": before + PLAYERS for g in served} | {
        f"tg:{deleted.id}": PLAYERS + PLAYERS,  # the press on the deleted question counted
        f"tg:{removed.id}": before,
    }  # and a player's second press on a question counted once
