"""Daily question rules: parsing, runs across DST changes, question choice, streaks, pacing."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.domain import daily
from bot.domain.daily import DailyRule, PastDaily
from bot.domain.pacer import Pacer

PARIS = DailyRule(time(9, 0), "Europe/Paris")
NEW_YORK = DailyRule(time(9, 0), "America/New_York")


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


def runs(rule: DailyRule, start: datetime, count: int) -> list[daily.Run]:
    found, moment = [], start
    for _ in range(count):
        run = daily.next_run(rule, moment)
        found.append(run)
        moment = run.at
    return found


def test_parsing_times_zones_and_days() -> None:
    assert daily.parse_time("09:00") == time(9, 0)
    assert daily.parse_time("9h30") == time(9, 30)
    for bad in ("25:00", "9am", "09:60", "", "0900"):
        assert daily.parse_time(bad) is None, bad
    assert daily.parse_zone("europe/paris") == "Europe/Paris"
    assert daily.parse_zone("Mars/Olympus") is None
    assert daily.parse_days(None) == daily.EVERY_DAY
    assert daily.parse_days("mon-fri") == {0, 1, 2, 3, 4}
    assert daily.parse_days("lun,mer,ven") == {0, 2, 4}
    assert daily.parse_days("sat-mon") == {5, 6, 0}
    assert daily.parse_days("someday") is None


@pytest.mark.parametrize(
    ("rule", "start", "expected"),
    [
        # EU spring forward 2026-03-29: 09:00 is 08:00Z before, 07:00Z after
        (
            PARIS,
            utc(2026, 3, 27, 12),
            [utc(2026, 3, 28, 8), utc(2026, 3, 29, 7), utc(2026, 3, 30, 7)],
        ),
        # EU fall back 2026-10-25: 07:00Z before, 08:00Z after
        (
            PARIS,
            utc(2026, 10, 23, 12),
            [utc(2026, 10, 24, 7), utc(2026, 10, 25, 8), utc(2026, 10, 26, 8)],
        ),
        # US spring forward 2026-03-08: 14:00Z before, 13:00Z after
        (
            NEW_YORK,
            utc(2026, 3, 6, 18),
            [utc(2026, 3, 7, 14), utc(2026, 3, 8, 13), utc(2026, 3, 9, 13)],
        ),
        # US fall back 2026-11-01: 13:00Z before, 14:00Z after
        (
            NEW_YORK,
            utc(2026, 10, 30, 18),
            [utc(2026, 10, 31, 13), utc(2026, 11, 1, 14), utc(2026, 11, 2, 14)],
        ),
    ],
)
def test_nine_local_on_both_sides_of_each_dst_change(
    rule: DailyRule, start: datetime, expected: list[datetime]
) -> None:
    assert [run.at for run in runs(rule, start, 3)] == expected


def test_a_skipped_local_time_still_posts_once_that_day() -> None:
    """02:30 does not exist on spring-forward day: it is shifted by the gap, to 03:30."""
    paris = DailyRule(time(2, 30), "Europe/Paris")
    found = runs(paris, utc(2026, 3, 27, 12), 3)
    assert [run.day for run in found] == [date(2026, 3, 28), date(2026, 3, 29), date(2026, 3, 30)]
    assert found[1].at == utc(2026, 3, 29, 1, 30)
    assert found[1].at.astimezone(ZoneInfo("Europe/Paris")).time() == time(3, 30)
    new_york = DailyRule(time(2, 30), "America/New_York")
    assert daily.next_run(new_york, utc(2026, 3, 8, 0)).at == utc(2026, 3, 8, 7, 30)


def test_a_repeated_local_time_posts_at_the_first_of_the_two() -> None:
    paris = DailyRule(time(2, 30), "Europe/Paris")
    found = runs(paris, utc(2026, 10, 24, 12), 2)
    assert found[0] == daily.Run(utc(2026, 10, 25, 0, 30), date(2026, 10, 25))  # 02:30 CEST
    assert found[1].day == date(2026, 10, 26)  # 02:30 CET that day is not a second run


@pytest.mark.parametrize("at", [time(9, 0), time(2, 30), time(0, 0), time(23, 59)])
@pytest.mark.parametrize("zone", ["Europe/Paris", "America/New_York", "Australia/Lord_Howe"])
def test_one_run_per_local_date_all_year(at: time, zone: str) -> None:
    start = datetime(2025, 12, 31, 0, 0, 30, tzinfo=ZoneInfo(zone))
    found = runs(DailyRule(at, zone), start, 366)
    first = found[0].day
    assert first == (date(2026, 1, 1) if at == time(0, 0) else date(2025, 12, 31))
    assert [run.day for run in found] == [first + timedelta(days=n) for n in range(366)]
    for run in found:
        assert run.at.astimezone(ZoneInfo(zone)).date() == run.day


def test_weekdays_and_last_run() -> None:
    weekdays = DailyRule(time(9, 0), "Europe/Paris", daily.parse_days("mon-fri") or frozenset())
    friday = utc(2026, 3, 6, 8)
    assert daily.next_run(weekdays, friday).day == date(2026, 3, 9)  # Monday
    saturday_noon = utc(2026, 3, 7, 11)
    assert daily.last_run(weekdays, saturday_noon) == daily.Run(friday, date(2026, 3, 6))


def test_grace_is_counted_up_to_when_the_bot_came_back() -> None:
    run = daily.Run(utc(2026, 3, 2, 8), date(2026, 3, 2))
    assert daily.is_in_grace(run, utc(2026, 3, 2, 9), PARIS)
    assert not daily.is_in_grace(run, utc(2026, 3, 2, 9, 0, 1), PARIS)


def test_questions_do_not_repeat_until_the_pool_is_used_up() -> None:
    pool = [("q", f"q{n}") for n in range(8)]
    history: list[PastDaily] = []
    for _ in range(24):
        chosen = daily.choose_question(pool, history, "chat")
        assert chosen is not None
        history.append(PastDaily(*chosen, answers=3, wrong=1))
    asked = [(past.quiz_id, past.question_id) for past in history]
    for cycle in range(3):
        assert sorted(asked[cycle * 8 : cycle * 8 + 8]) == sorted(pool)
    assert asked[:8] != asked[8:16]  # each cycle has its own order
    assert daily.choose_question(pool, history[:5], "chat") == asked[5]  # reproducible
    assert daily.choose_question([], history, "chat") is None


def test_questions_the_channel_got_wrong_come_back_first() -> None:
    pool = [("q", "easy"), ("q", "hard"), ("q", "medium")]
    history = [
        PastDaily("q", "easy", answers=10, wrong=0),
        PastDaily("q", "hard", answers=10, wrong=9),
        PastDaily("q", "medium", answers=10, wrong=4),
    ]
    order = []
    for _ in range(3):
        chosen = daily.choose_question(pool, history, "chat")
        assert chosen is not None
        order.append(chosen[1])
        history.append(PastDaily(*chosen, answers=0, wrong=0))
    assert order == ["hard", "medium", "easy"]


@pytest.mark.parametrize(
    ("outcomes", "last_is_open", "expected"),
    [
        ((), False, (0, 0)),
        ((True, True, True), False, (3, 3)),
        ((True, True, None), False, (0, 2)),  # a missed day resets
        ((True, True, None), True, (2, 2)),  # today's question is still open
        ((True, False, True), False, (1, 1)),
        ((True, True, True, False, True, True), True, (2, 3)),
    ],
)
def test_daily_streaks(
    outcomes: tuple[bool | None, ...], last_is_open: bool, expected: tuple[int, int]
) -> None:
    assert daily.daily_streaks(outcomes, last_is_open) == expected


def test_pacer_spreads_a_burst_at_its_rate() -> None:
    pacer = Pacer(rate=30, burst=1)
    now = utc(2026, 3, 2, 8)
    granted = []
    while len(granted) < 300:
        retry_at = pacer.take(now)
        if retry_at is None:
            granted.append(now)
        else:
            assert retry_at > now
            now = retry_at
    span = (granted[-1] - granted[0]).total_seconds()
    assert span == pytest.approx(299 / 30, rel=1e-3)
    for first, later in zip(granted, granted[30:], strict=False):
        assert (later - first).total_seconds() >= 1 - 1e-3  # never more than 30 in a second
