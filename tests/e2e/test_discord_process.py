"""`quizbot run discord` as users meet it: the real process, on the loopback Discord
(tests/fakes/discord_gateway.py), several servers at once, one of which deletes a channel
mid-round; SIGTERM, then SIGKILL, and each restart serves the other channels at once; a
thread deleted mid-round and mid-schedule."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.play import daily_pause
from bot.play.daily_pause import paused_reason
from bot.storage.opening import open_store
from tests.e2e.discord_process import TOKEN, posted, reply, start_discord, to_channel
from tests.fakes.discord_gateway import Call, FakeDiscord
from tests.fakes.discord_payloads import Member, button, message_text

RIGHT_OR_WRONG = ("**✅", "**❌")


@dataclass
class Room:
    """A channel with a round: who started it, who else plays, its latest question."""

    channel_id: int
    starter: Member
    player: Member
    question: dict[str, Any] | None = None


def rooms(discord_server: FakeDiscord) -> tuple[list[Room], Room]:
    """Three servers (one in French); the third has two channels, the second of which will
    be deleted: three rounds go on, one ends."""
    kept = []
    for server, locale, starter, player in [
        ("Physics", "en-US", "ana", "bob"),
        ("Maths", "fr", "cleo", "dan"),
        ("Biology", "en-US", "dora", "eve"),
    ]:
        guild = discord_server.guild(server, locale)
        channel = discord_server.channel(guild, "quiz")
        kept.append(
            Room(
                channel,
                discord_server.member(guild, starter, locale),
                discord_server.member(guild, player, locale),
            )
        )
    biology = discord_server.guild_of(kept[2].channel_id)
    assert biology is not None
    doomed = Room(discord_server.channel(biology, "old-quiz"), kept[2].player, kept[2].starter)
    return kept, doomed


async def answer(discord_server: FakeDiscord, room: Room, member: Member, label: str) -> str:
    assert room.question is not None
    pending = await discord_server.press(member, room.question, button(room.question, label))
    return await reply(discord_server, pending)


async def reveal(discord_server: FakeDiscord, room: Room, text: str) -> dict[str, Any]:
    """The starter reveals the results; what follows (the next question, the summary) holds
    `text` and is returned."""
    assert room.question is not None
    since = len(discord_server.calls)
    await discord_server.press(
        room.starter, room.question, button(room.question, reveal_label(room))
    )
    return await posted(discord_server, room.channel_id, text, since)


def reveal_label(room: Room) -> str:
    return "Révéler" if room.starter.locale == "fr" else "Reveal"


async def test_a_deleted_channel_ends_its_round_and_restarts_serve_the_others_at_once(
    discord_server: FakeDiscord, tmp_path: Path
) -> None:
    database = tmp_path / "quiz.db"
    kept, doomed = rooms(discord_server)
    processes = [await start_discord(discord_server, database)]
    try:
        for room in [*kept, doomed]:  # no deadline falls within the test: 600 s each
            options = {"quiz": "parallelism", "questions": 3, "timer": 600}
            await discord_server.slash(room.channel_id, room.starter, "quiz", **options)
        for room in [*kept, doomed]:
            room.question = await posted(discord_server, room.channel_id, "1/3**")
        for room in [*kept, doomed]:
            assert (await answer(discord_server, room, room.player, "A")).startswith(
                RIGHT_OR_WRONG
            )

        deleted_at = len(discord_server.calls)
        await discord_server.delete_channel(doomed.channel_id)
        for room in kept:
            room.question = await reveal(discord_server, room, "2/3**")
        assert await processes[-1].stop() == 0

        restarted_at = len(discord_server.calls)
        processes.append(await start_discord(discord_server, database))  # after SIGTERM
        for room in kept:
            await old_buttons_count_once(discord_server, room)
            room.question = await reveal(discord_server, room, "3/3**")

        await processes[-1].kill()
        processes.append(await start_discord(discord_server, database))  # after SIGKILL
        for room in kept:
            await old_buttons_count_once(discord_server, room)
            await reveal(discord_server, room, "🏁")
        assert await processes[-1].stop() == 0
    finally:
        for process in processes:
            if process.process.returncode is None:
                await process.kill()
    store = await open_store(database)
    try:
        assert await store.running_rounds() == []  # the deleted channel's round too
    finally:
        await store.close()
    there = to_channel(doomed.channel_id)
    assert all(call.status == 404 for call in discord_server.calls[deleted_at:] if there(call))
    assert not [call for call in discord_server.calls[restarted_at:] if there(call)]
    assert f"channel {doomed.channel_id} of dc:" in processes[0].output()  # one line
    for process in processes:
        output = process.output()
        assert TOKEN not in output
        assert "Traceback" not in output, output[-3000:]


async def old_buttons_count_once(discord_server: FakeDiscord, room: Room) -> None:
    """The question posted before the restart takes a first answer and refuses a second."""
    first = await answer(discord_server, room, room.player, "A")
    assert first.startswith(RIGHT_OR_WRONG)
    again = await answer(discord_server, room, room.player, "B")
    assert "A." in again  # "You already answered A." / « Vous avez déjà répondu A. »
    assert "Only your first answer counts" in again or "Seule la première" in again


async def test_a_channel_deleted_while_the_bot_was_down_does_not_hold_up_the_others(
    discord_server: FakeDiscord, tmp_path: Path
) -> None:
    """No CHANNEL_DELETE reaches a stopped bot: after the restart the other server is served
    at once, and the deleted channel's round ends at its deadline, on 404 10003."""
    database = tmp_path / "quiz.db"
    kept, doomed = rooms(discord_server)
    kept = kept[:1]
    processes = [await start_discord(discord_server, database)]
    try:
        for room, timer in ((kept[0], 600), (doomed, 10)):
            options = {"quiz": "parallelism", "questions": 2, "timer": timer}
            await discord_server.slash(room.channel_id, room.starter, "quiz", **options)
            room.question = await posted(discord_server, room.channel_id, "1/2**")
        await processes[-1].kill()
        await discord_server.delete_channel(doomed.channel_id)

        processes.append(await start_discord(discord_server, database))
        assert (await answer(discord_server, kept[0], kept[0].player, "C")).startswith(
            RIGHT_OR_WRONG
        )
        kept[0].question = await reveal(discord_server, kept[0], "2/2**")
        gone = await discord_server.wait_for(
            lambda call: to_channel(doomed.channel_id)(call) and call.status == 404,
            timeout=60,  # the doomed question's 10 s deadline: its results cannot go out
        )
        assert gone.response == {"code": 10003, "message": "Unknown Channel"}
        assert await processes[-1].stop() == 0  # a deadline being handled finishes first
    finally:
        for process in processes:
            if process.process.returncode is None:
                await process.kill()
    assert "Traceback" not in processes[-1].output()
    store = await open_store(database)
    try:
        running = [r.channel_ref for r in await store.running_rounds()]
    finally:
        await store.close()
    assert running == [str(kept[0].channel_id)]


async def test_a_deleted_thread_ends_its_round_and_pauses_its_schedule_not_the_others(
    discord_server: FakeDiscord, tmp_path: Path
) -> None:
    """THREAD_DELETE (a round and a question of the day run in a thread, whose id is the
    channel): that thread's round ends quietly and its schedule pauses at once, worded as a
    thread; the channel it hung from and its other thread go on."""
    database = tmp_path / "quiz.db"
    guild = discord_server.guild("Physics")
    channel = discord_server.channel(guild, "quiz")
    admin = discord_server.member(guild, "ana", admin=True)
    player = discord_server.member(guild, "bob")
    kept = [
        Room(channel, admin, player),
        Room(discord_server.thread(guild, channel, "week 2"), admin, player),
    ]
    doomed = Room(discord_server.thread(guild, channel, "week 1"), admin, player)
    process = await start_discord(discord_server, database)
    try:
        for room in (kept[1], doomed):
            daily = {"time": "09:00", "timezone": "UTC", "quiz": "parallelism"}
            pending = await discord_server.slash(room.channel_id, admin, "daily set", **daily)
            await discord_server.wait_for(answered(pending.id))
        for room in [*kept, doomed]:
            options = {"quiz": "parallelism", "questions": 2, "timer": 600}
            await discord_server.slash(room.channel_id, room.starter, "quiz", **options)
            room.question = await posted(discord_server, room.channel_id, "1/2**")

        deleted_at = len(discord_server.calls)
        await discord_server.delete_thread(doomed.channel_id)
        for room in kept:  # handled after THREAD_DELETE came in, on the same gateway
            room.question = await reveal(discord_server, room, "2/2**")
        status = await discord_server.slash(channel, admin, "daily status")
        shown = (await discord_server.wait_for(answered(status.id))).body["data"]
        assert "(the thread was deleted)" in message_text(shown).replace("\\", "")
        assert await process.stop() == 0
    finally:
        if process.process.returncode is None:
            await process.kill()
    store = await open_store(database)
    try:
        running = {r.channel_ref for r in await store.running_rounds()}
        chat = f"dc:{guild.id}"
        reasons = [await paused_reason(store, chat, str(r.channel_id)) for r in (kept[1], doomed)]
    finally:
        await store.close()
    assert running == {str(room.channel_id) for room in kept}
    assert reasons == [None, daily_pause.THREAD_DELETED]
    assert not [c for c in discord_server.calls[deleted_at:] if to_channel(doomed.channel_id)(c)]
    assert f"thread {doomed.channel_id} of {chat} deleted: 1 rounds ended" in process.output()
    assert "Traceback" not in process.output()


def answered(interaction_id: str) -> Callable[[Call], bool]:
    """Matches the initial response to that interaction."""
    return lambda call: (
        call.route.endswith("/callback") and call.params["interaction_id"] == interaction_id
    )
