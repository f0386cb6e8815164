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
FLAG_PATTERN = rf"{VERSION}:g:(?P<post>{_POST})"
"""Discord's ⚑ under a closed question (Telegram links to the private chat instead)."""
_REASON = "[wuto]"
"""bot.domain.flags.Reason's letters."""
FLAG_REASON_PATTERN = rf"{VERSION}:q:(?P<post>{_POST}):(?P<reason>{_REASON})"
FLAG_NOTE_PATTERN = rf"{VERSION}:n:(?P<post>{_POST})"
"""Discord's modal for the sentence that may come with a flag."""


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


@dataclass(frozen=True, slots=True)
class FlagPress:
    """⚑ under a closed question: the presser is asked why (`FlagReasonPress`)."""

    post_id: int


@dataclass(frozen=True, slots=True)
class FlagReasonPress:
    """The reason a member flags a post's question with (a `Reason` letter: w, u, t, o)."""

    post_id: int
    reason: str


@dataclass(frozen=True, slots=True)
class FlagNote:
    """The sentence a member adds to their flag of a post's question (a modal's id)."""

    post_id: int


Payload = (
    AnswerPress
    | RevealPress
    | SubmitPress
    | StartPress
    | ForgetPress
    | FlagPress
    | FlagReasonPress
    | FlagNote
)


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
        case FlagPress(post_id):
            return f"{VERSION}:g:{post_id}"
        case FlagReasonPress(post_id, reason):
            return f"{VERSION}:q:{post_id}:{reason}"
        case FlagNote(post_id):
            return f"{VERSION}:n:{post_id}"


_PARSERS = (
    (
        re.compile(ANSWER_PATTERN),
        lambda m: AnswerPress(int(m["post"]), LETTERS.index(m["letter"])),
    ),
    (re.compile(REVEAL_PATTERN), lambda m: RevealPress(int(m["post"]))),
    (re.compile(SUBMIT_PATTERN), lambda m: SubmitPress(int(m["post"]))),
    (re.compile(START_PATTERN), lambda m: StartPress(m["quiz"])),
    (re.compile(FORGET_PATTERN), lambda m: ForgetPress(m["owner"], m["choice"] == "y")),
    (re.compile(FLAG_PATTERN), lambda m: FlagPress(int(m["post"]))),
    (re.compile(FLAG_REASON_PATTERN), lambda m: FlagReasonPress(int(m["post"]), m["reason"])),
    (re.compile(FLAG_NOTE_PATTERN), lambda m: FlagNote(int(m["post"]))),
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
