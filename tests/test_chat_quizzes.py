"""ChatQuizzes (service.chat_quizzes) on a real SQLite file with an injected clock: what an
upload is refused for (and that a refusal before the download downloads nothing), what a
hostile file gives, and what a replacement keeps."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.domain import uploads
from bot.domain.entities import Player
from bot.domain.models import Quiz
from bot.domain.uploads import (
    NotRemovable,
    Removed,
    Uploaded,
    UploadFailed,
    UploadRefusal,
    UploadRefused,
)
from bot.play.service import QuizService, UnknownQuizError
from bot.storage.sqlite.store import SQLiteStore
from tests.support.clocks import FakeClock
from tests.support.store_reads import queries
from tests.support.uploads import RecordingFetch, gift

CHAT, OTHER = "tg:-100", "tg:-200"
ADMIN = "tg:1"
ANA = Player("tg:7", "Ana", "en")
BEN = Player("tg:8", "Ben", "fr")


@pytest.fixture
def local(sqlite_store: SQLiteStore, quizzes: dict[str, Quiz], clock: FakeClock) -> QuizService:
    return QuizService(sqlite_store, quizzes, clock=clock, rng=random.Random(3))


async def upload(
    service: QuizService, data: bytes, name: str = "capitals.gift", chat: str = CHAT,
    declared: int | None = None,
) -> tuple[uploads.UploadOutcome, RecordingFetch]:  # fmt: skip
    fetch = RecordingFetch(data)
    outcome = await service.chat_quizzes.upload(chat, ADMIN, name, declared, fetch)
    return outcome, fetch


async def test_an_upload_becomes_the_chat_s_quiz_and_no_other_s(local: QuizService) -> None:
    outcome, fetch = await upload(local, gift(3))
    assert isinstance(outcome, Uploaded)
    assert fetch.calls == 1
    assert not outcome.replaced
    assert len(outcome.quiz.questions) == 3
    assert uploads.shown_id(outcome.quiz.id) == "capitals"
    assert (await local.quiz_in(CHAT, "capitals")).id == outcome.quiz.id
    assert (await local.quiz_in(CHAT, outcome.quiz.id)).id == outcome.quiz.id
    assert [q.id for q in await local.matching_in(CHAT, "capi", "en")] == [outcome.quiz.id]
    with pytest.raises(UnknownQuizError) as refused:
        await local.quiz_in(OTHER, "capitals")
    assert "capitals" not in refused.value.known
    assert await local.catalog_in(OTHER) == local.catalog()


async def test_a_declared_size_over_1_mb_is_refused_without_fetching(local: QuizService) -> None:
    outcome, fetch = await upload(local, gift(2), declared=uploads.MAX_UPLOAD_BYTES + 1)
    assert outcome == UploadRefused(UploadRefusal.TOO_BIG, uploads.MAX_UPLOAD_BYTES)
    assert fetch.calls == 0
    assert await local.store.uploads_since(CHAT, local.clock.now() - uploads.RATE_WINDOW) == 0


async def test_bytes_over_1_mb_are_refused_whatever_was_declared(local: QuizService) -> None:
    outcome, fetch = await upload(local, b" " * (uploads.MAX_UPLOAD_BYTES + 1), declared=10)
    assert isinstance(outcome, UploadRefused)
    assert outcome.reason is UploadRefusal.TOO_BIG
    assert fetch.calls == 1


async def test_the_51st_quiz_is_refused_but_a_replacement_is_not(
    local: QuizService, clock: FakeClock
) -> None:
    for number in range(uploads.MAX_CHAT_QUIZZES):
        if number % uploads.MAX_UPLOADS_PER_HOUR == 0:
            clock.advance(3600)
        outcome, _ = await upload(local, gift(1), f"quiz-{number}.gift")
        assert isinstance(outcome, Uploaded), outcome
    clock.advance(3600)
    outcome, fetch = await upload(local, gift(1), "one-more.gift")
    assert outcome == UploadRefused(UploadRefusal.TOO_MANY_QUIZZES, uploads.MAX_CHAT_QUIZZES)
    assert fetch.calls == 0
    outcome, fetch = await upload(local, gift(2), "quiz-7.gift")
    assert isinstance(outcome, Uploaded)
    assert outcome.replaced


async def test_the_11th_upload_in_an_hour_is_refused_and_allowed_an_hour_later(
    local: QuizService, clock: FakeClock
) -> None:
    for number in range(uploads.MAX_UPLOADS_PER_HOUR):
        outcome, _ = await upload(local, b"not a quiz at all" if number % 2 else gift(1))
        assert not isinstance(outcome, UploadRefused), outcome  # failed files count too
        clock.advance(60)
    outcome, fetch = await upload(local, gift(1))
    assert outcome == UploadRefused(UploadRefusal.RATE_LIMITED, uploads.MAX_UPLOADS_PER_HOUR)
    assert fetch.calls == 0
    outcome, _ = await upload(local, gift(1), chat=OTHER)  # another chat's own hour
    assert isinstance(outcome, Uploaded)
    clock.advance(3600 - 9 * 60)  # an hour after the first upload
    outcome, fetch = await upload(local, gift(1))
    assert isinstance(outcome, Uploaded)
    assert fetch.calls == 1


async def test_a_bundled_id_cannot_be_shadowed(local: QuizService) -> None:
    outcome, _ = await upload(local, gift(2), "parallelism.gift")
    assert outcome == UploadRefused(UploadRefusal.BUNDLED_ID, 0, "parallelism")
    assert (await local.quiz_in(CHAT, "parallelism")) is local.quizzes["parallelism"]
    assert await local.chat_quizzes.remove(CHAT, "parallelism") == NotRemovable(
        "parallelism", True
    )


async def test_501_questions_are_refused(local: QuizService) -> None:
    outcome, _ = await upload(local, gift(uploads.MAX_UPLOAD_QUESTIONS + 1))
    assert outcome == UploadRefused(UploadRefusal.TOO_MANY_QUESTIONS, uploads.MAX_UPLOAD_QUESTIONS)
    assert await local.catalog_in(CHAT) == local.catalog()
    outcome, _ = await upload(local, gift(uploads.MAX_UPLOAD_QUESTIONS))
    assert isinstance(outcome, Uploaded)


ALIAS_BOMB = b"""format: 2
id: bomb
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
"""
PYTHON_TAG = b"""format: 2
id: evil
title: !!python/object/apply:os.system ["touch %s"]
"""
RED_PYTHON_TAG = b"""AUTHOR: someone
What runs?: !!python/object/apply:os.system ["touch %s"]
"""


@pytest.mark.parametrize("data", [ALIAS_BOMB, PYTHON_TAG, RED_PYTHON_TAG])
async def test_hostile_yaml_is_refused_by_line_and_runs_nothing(
    local: QuizService, tmp_path: Path, data: bytes
) -> None:
    witness = tmp_path / "ran"
    hostile = data.replace(b"%s", str(witness).encode())
    outcome, _ = await upload(local, hostile, "hostile.yaml")
    assert isinstance(outcome, UploadFailed), outcome
    assert outcome.filename == "hostile.yaml"
    assert outcome.problems
    assert all(problem.line >= 1 for problem in outcome.problems)
    assert not witness.exists()
    assert await local.catalog_in(CHAT) == local.catalog()


async def test_a_replacement_keeps_the_key_the_answers_and_the_leaderboard(
    local: QuizService,
) -> None:
    first, _ = await upload(local, gift(2))
    assert isinstance(first, Uploaded)
    started = await local.start_round(
        chat_id=CHAT, player=ANA, quiz_id=first.quiz.id, mode="solo", questions=2
    )
    view = await local.post_next(started.round_id)
    assert view is not None
    right = view.post.correct_letter_index(view.question)
    await local.press(chat_id=CHAT, player=ANA, post_id=view.post.post_id, letter_index=right)
    board = await local.leaderboard(CHAT, "all", quiz_id=first.quiz.id)

    second, _ = await upload(local, gift(3, word="City"))
    assert isinstance(second, Uploaded)
    assert second.replaced
    assert second.quiz.id == first.quiz.id
    assert len(second.quiz.questions) == 3
    assert await local.leaderboard(CHAT, "all", quiz_id=first.quiz.id) == board
    assert await local.answer_of(view.post.post_id, ANA.user_id) is not None
    again = await local.view(view.post.post_id)  # the old post reads the new text, same id
    assert again is not None
    assert again.question.prompt.en.startswith("City")


async def test_removal_keeps_history_and_says_what_it_did(local: QuizService) -> None:
    uploaded, _ = await upload(local, gift(2))
    assert isinstance(uploaded, Uploaded)
    removed = await local.chat_quizzes.remove(CHAT, "capitals")
    assert removed == Removed("capitals", "capitals")
    assert await local.chat_quizzes.remove(CHAT, "capitals") == NotRemovable("capitals", False)
    assert await local.quiz_of(uploaded.quiz.id) is None
    with pytest.raises(UnknownQuizError):
        await local.quiz_in(CHAT, "capitals")


async def test_a_press_on_a_bundled_quiz_reads_nothing_more_with_chat_quizzes_loaded(
    local: QuizService, sqlite_store: SQLiteStore, quizzes: dict[str, Quiz], clock: FakeClock
) -> None:
    """The hot path: the post is in memory and the quiz a dict read; the chat's own quizzes
    cost a press on a bundled quiz's post no row, and a fresh process only the post's."""
    for number in range(3):
        outcome, _ = await upload(local, gift(2), f"own-{number}.gift")
        assert isinstance(outcome, Uploaded)
    assert len(await local.catalog_in(CHAT)) == len(quizzes) + 3
    started = await local.start_round(
        chat_id=CHAT, player=ANA, quiz_id="parallelism", mode="group", seconds=None
    )
    view = await local.post_next(started.round_id)
    assert view is not None
    with queries(sqlite_store) as reads:
        result = await local.press(chat_id=CHAT, player=ANA, post_id=view.post.post_id,
                                   letter_index=0)  # fmt: skip
    assert result.view is not None
    assert reads == []
    fresh = QuizService(sqlite_store, quizzes, clock=clock)  # another worker: nothing cached
    with queries(sqlite_store) as reads:
        await fresh.press(chat_id=CHAT, player=BEN, post_id=view.post.post_id, letter_index=1)
    assert len(reads) == 1
    assert "FROM posts" in reads[0]
