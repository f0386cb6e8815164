"""Rounds and posts to store, for tests that need a question on record."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.domain.entities import NewPost, NewRound

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def new_round(chat: str = "tg:-1", mode: str = "group", by: str = "tg:1") -> NewRound:
    return NewRound(
        chat,
        "",
        "parallelism",
        mode,
        ("why-parallelism", "tensor-split"),
        by,  # type: ignore[arg-type]
        30,
        "en",
    )


def new_post(round_id: int, number: int = 1, chat: str = "tg:-1") -> NewPost:
    return NewPost(
        chat,
        "parallelism",
        "why-parallelism",
        (3, 1, 0, 2),
        number,
        2,
        NOW,
        NOW + timedelta(seconds=30),
        round_id,
    )
