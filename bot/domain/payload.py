"""Button data: compact, versioned, parsed strictly, never holding the correct answer.

The same strings serve as Telegram `callback_data` (1-64 bytes, forgeable by clients) and
Discord `custom_id` (≤100 chars), so one strict parser guards both platforms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.domain.models import LETTERS, QUIZ_ID_PATTERN
from bot.domain.platform_limits import TELEGRAM_CALLBACK_DATA

VERSION = "v1"
POST_ID_DIGITS = 18
LARGEST_POST_ID = 10**POST_ID_DIGITS - 1
"""The largest id the button data format allows; used to measure the longest button data."""
_POST = rf"[1-9][0-9]{{0,{POST_ID_DIGITS - 1}}}"
_LETTER = f"[{LETTERS[0]}-{LETTERS[-1]}]"

ANSWER_PATTERN = rf"{VERSION}:a:(?P<post>{_POST}):(?P<letter>{_LETTER})"
"""Also the template of Discord's dynamic answer buttons."""
REVEAL_PATTERN = rf"{VERSION}:r:(?P<post>{_POST})"
SUBMIT_PATTERN = rf"{VERSION}:m:(?P<post>{_POST})"
START_PATTERN = rf"{VERSION}:s:(?P<quiz>{QUIZ_ID_PATTERN})"
FORGET_PATTERN = rf"{VERSION}:f:(?P<owner>[1-9][0-9]{{0,19}}):(?P<choice>[yn])"
REVIEW_BUTTON = f"{VERSION}:v"
"""Discord's "Review my misses" (Telegram links to the private chat instead): it carries
nothing, whoever clicks reviews their own misses."""
REVIEW_PATTERN = REVIEW_BUTTON


class PayloadError(ValueError):
    """Button data that this version of the bot did not make."""


@dataclass(frozen=True, slots=True)
class AnswerPress:
    """A press on a letter button: the letter shown, never the choice it stands for."""

    post_id: int
    letter_index: int


@dataclass(frozen=True, slots=True)
class RevealPress:
    """A press on Reveal: close the post's question now (its round's starter or an admin)."""

    post_id: int


@dataclass(frozen=True, slots=True)
class SubmitPress:
    """A press on Submit under a `multiple` question: the presser's picks are their answer
    (the picks are in the store, never in the button)."""

    post_id: int


@dataclass(frozen=True, slots=True)
class StartPress:
    """A press on a quiz's start button (`/quiz` alone lists them): start a round of it."""

    quiz_id: str


@dataclass(frozen=True, slots=True)
class ForgetPress:
    """The answer to "delete all my data?"; only `owner` (a platform user id) may give it."""

    owner: str
    confirm: bool


Payload = AnswerPress | RevealPress | SubmitPress | StartPress | ForgetPress


def encode(payload: Payload) -> str:
    match payload:
        case AnswerPress(post_id, letter_index):
            return f"{VERSION}:a:{post_id}:{LETTERS[letter_index]}"
        case RevealPress(post_id):
            return f"{VERSION}:r:{post_id}"
        case SubmitPress(post_id):
            return f"{VERSION}:m:{post_id}"
        case StartPress(quiz_id):
            return f"{VERSION}:s:{quiz_id}"
        case ForgetPress(owner, confirm):
            return f"{VERSION}:f:{owner}:{'y' if confirm else 'n'}"


_PARSERS = (
    (
        re.compile(ANSWER_PATTERN),
        lambda m: AnswerPress(int(m["post"]), LETTERS.index(m["letter"])),
    ),
    (re.compile(REVEAL_PATTERN), lambda m: RevealPress(int(m["post"]))),
    (re.compile(SUBMIT_PATTERN), lambda m: SubmitPress(int(m["post"]))),
    (re.compile(START_PATTERN), lambda m: StartPress(m["quiz"])),
    (re.compile(FORGET_PATTERN), lambda m: ForgetPress(m["owner"], m["choice"] == "y")),
)


def decode(data: str | bytes | None) -> Payload:
    """Parse button data or raise PayloadError; accepts nothing but what `encode` makes."""
    if isinstance(data, bytes):
        try:
            data = data.decode("ascii")
        except UnicodeDecodeError:
            raise PayloadError("button data is not ASCII") from None
    if not data or len(data) > TELEGRAM_CALLBACK_DATA:
        raise PayloadError("button data is empty or too long")
    for pattern, build in _PARSERS:
        match = pattern.fullmatch(data)
        if match:
            payload: Payload = build(match)
            return payload
    raise PayloadError("unknown button data")
