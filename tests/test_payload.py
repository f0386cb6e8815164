"""Button data: what we encode we parse back; anything else is a PayloadError, never a crash."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.domain import payload
from bot.domain.payload import AnswerPress, PayloadError, RevealPress, StartPress, SubmitPress


@pytest.mark.parametrize(
    "value",
    [
        AnswerPress(1, 0),
        AnswerPress(10**18 - 1, 9),
        RevealPress(42),
        SubmitPress(10**18 - 1),
        StartPress("parallelism"),
    ],
)
def test_round_trip_within_telegram_limit(value: payload.Payload) -> None:
    data = payload.encode(value)
    assert 1 <= len(data.encode()) <= 64
    assert payload.decode(data) == value
    assert payload.decode(data.encode()) == value


@pytest.mark.parametrize(
    "data",
    [
        "",
        None,
        "v1:a:1:K",
        "v1:a:0:A",
        "v1:a:01:A",
        "v1:a:-1:A",
        "v1:a:1:a",
        "v2:a:1:A",
        "v1:a:1:A ",
        "v1:a:1:A\n",
        "v1:a:1",
        "v1:r:",
        "v1:m:",
        "v1:m:0",
        "v1:m:1:A",
        "v1:s:Parallelism",
        "v1:s:-x",
        "v1:a:1:AB",
        "v1:a:١:A",
        "v1:a:1000000000000000000:A",
        "x" * 65,
        b"\xff\xfe",
    ],
)
def test_forged_or_malformed_data_is_refused(data: str | bytes | None) -> None:
    with pytest.raises(PayloadError):
        payload.decode(data)


def test_the_answer_is_never_in_the_data() -> None:
    # Only the post and the letter pressed: nothing that says which letter is right.
    assert payload.encode(AnswerPress(7, 2)) == "v1:a:7:C"
    assert payload.encode(SubmitPress(7)) == "v1:m:7"  # the picks are in the store


@given(st.one_of(st.text(max_size=100), st.binary(max_size=100)))
def test_any_input_parses_or_raises_payload_error(data: str | bytes) -> None:
    try:
        parsed = payload.decode(data)
    except PayloadError:
        return
    assert payload.encode(parsed) == (data.decode() if isinstance(data, bytes) else data)
