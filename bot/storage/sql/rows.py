"""Rows to domain objects, shared by both stores: times are UTC milliseconds in the database."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Generic, TypeVar

from bot.domain.daily import DailyPost, DailyRule, Schedule
from bot.domain.entities import Answer, Mode, Post, Round, RoundStatus, ScoreLine
from bot.storage.interface import StoreError

ROUND_COLUMNS = (
    "round_id, chat_id, channel_ref, quiz_id, mode, question_ids, started_by, "
    "seconds_per_question, language, position, status"
)
POST_COLUMNS = (
    "post_id, chat_id, quiz_id, question_id, choice_order, number, total, "
    "opened_at, deadline, closed_at, round_id, message_ref"
)
ANSWER_COLUMNS = "post_id, user_id, choice, correct, answered_at, elapsed_ms, response"

T = TypeVar("T")
Row = tuple[object, ...]
"""A result row as both backends return it."""


@dataclass(frozen=True, slots=True)
class Select(Generic[T]):
    """A SELECT up to its FROM, with the converter that reads its columns: kept together
    because each converter depends on the order of its column list."""

    head: str
    convert: Callable[[Row], T]


def to_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def from_ms(value: int) -> datetime:
    return datetime.fromtimestamp(value / 1000, tz=UTC)


def optional_ms(moment: datetime | None) -> int | None:
    return None if moment is None else to_ms(moment)


def _optional_time(value: int | None) -> datetime | None:
    return None if value is None else from_ms(value)


def to_text(row: tuple[object, ...]) -> str:
    """A one-column row's text: a name, a setting, a chat id."""
    return str(row[0])


def to_moment(row: tuple[object, ...]) -> datetime | None:
    """A one-column row's time, such as a `MIN(…)` of a time column: None over no row."""
    return None if row[0] is None else from_ms(int(str(row[0])))


def to_round(row: tuple[object, ...]) -> Round:
    (
        round_id,
        chat_id,
        channel_ref,
        quiz_id,
        mode,
        question_ids,
        started_by,
        seconds,
        language,
        position,
        status,
    ) = row
    return Round(
        round_id=int(str(round_id)),
        chat_id=str(chat_id),
        channel_ref=str(channel_ref),
        quiz_id=str(quiz_id),
        mode=_mode(mode),
        question_ids=tuple(json.loads(str(question_ids))),
        started_by=str(started_by),
        seconds_per_question=None if seconds is None else int(str(seconds)),
        language=str(language),
        position=int(str(position)),
        status=_status(status),
    )


def _mode(value: object) -> Mode:
    return "solo" if value == "solo" else "group"


def _status(value: object) -> RoundStatus:
    if value == "running" or value == "finished" or value == "stopped":
        return value
    raise StoreError(f"unknown round status {value!r} in the database")


def to_post(row: tuple[object, ...]) -> Post:
    (
        post_id,
        chat_id,
        quiz_id,
        question_id,
        order,
        number,
        total,
        opened_at,
        deadline,
        closed_at,
        round_id,
        message_ref,
    ) = row
    return Post(
        str(chat_id),
        str(quiz_id),
        str(question_id),
        tuple(int(part) for part in str(order).split(",") if part),
        int(str(number)),
        int(str(total)),
        from_ms(int(str(opened_at))),
        _optional_time(None if deadline is None else int(str(deadline))),
        None if round_id is None else int(str(round_id)),
        post_id=int(str(post_id)),
        closed_at=_optional_time(None if closed_at is None else int(str(closed_at))),
        message_ref=None if message_ref is None else str(message_ref),
    )


def to_answer(row: tuple[object, ...]) -> Answer:
    post_id, user_id, choice, correct, answered_at, elapsed_ms, response = row
    return Answer(
        int(str(post_id)),
        str(user_id),
        int(str(choice)),
        bool(correct),
        from_ms(int(str(answered_at))),
        int(str(elapsed_ms)),
        None if response is None else str(response),
    )


def to_score_lines(rows: Iterable[tuple[object, ...]]) -> list[ScoreLine]:
    return [
        ScoreLine(
            str(user_id), str(name), int(str(points)), int(str(answered)), int(str(total_ms))
        )
        for user_id, name, points, answered, total_ms in rows
    ]


def to_schedule(row: tuple[object, ...]) -> Schedule:
    (schedule_id, chat_id, channel_ref, local_time, zone, weekdays, grace, quizzes, *rest) = row
    language, created_by, next_run_at = rest
    rule = DailyRule(
        at=time.fromisoformat(str(local_time)),
        zone=str(zone),
        weekdays=frozenset(int(day) for day in str(weekdays)),
        grace=timedelta(seconds=int(str(grace))),
    )
    return Schedule(
        schedule_id=int(str(schedule_id)),
        chat_id=str(chat_id),
        channel_ref=str(channel_ref),
        rule=rule,
        quiz_ids=tuple(str(quizzes).split(",")),
        language=str(language),
        created_by=str(created_by),
        next_run_at=from_ms(int(str(next_run_at))),
    )


def to_daily_post(row: tuple[object, ...]) -> DailyPost:
    post_id, schedule_id, chat_id, channel_ref, local_date, language = row
    return DailyPost(
        int(str(post_id)),
        int(str(schedule_id)),
        str(chat_id),
        str(channel_ref),
        date.fromisoformat(str(local_date)),
        str(language),
    )


ROUNDS = Select(f"SELECT {ROUND_COLUMNS} FROM rounds", to_round)
POSTS = Select(f"SELECT {POST_COLUMNS} FROM posts", to_post)
ANSWERS = Select(f"SELECT {ANSWER_COLUMNS} FROM answers", to_answer)
