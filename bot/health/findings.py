"""What `quizbot doctor` found: one finding per line, with what to do about it.

A finding names a catalog message and its values, so it is rendered in the reader's
language (bot/text/doctor_texts.py); only FAIL findings make the exit status 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum


class Status(Enum):
    OK = "ok"
    NOTE = "note"
    """Works, but worth knowing (privacy mode off, updates waiting)."""
    FAIL = "fail"
    """Something to fix: the bot will not work as it should."""
    SKIP = "skip"
    """Not checked (no token for that platform)."""


@dataclass(frozen=True)
class Finding:
    status: Status
    key: str
    """The catalog message (bot/text/locales), e.g. "doctor.tg_token_ok"."""
    values: Mapping[str, object] = field(default_factory=dict)


def ok(key: str, **values: object) -> Finding:
    return Finding(Status.OK, key, values)


def note(key: str, **values: object) -> Finding:
    return Finding(Status.NOTE, key, values)


def fail(key: str, **values: object) -> Finding:
    return Finding(Status.FAIL, key, values)


def skip(key: str, **values: object) -> Finding:
    return Finding(Status.SKIP, key, values)


def healthy(findings: Sequence[Finding]) -> bool:
    """All is well when nothing failed (notes and skips are fine)."""
    return all(finding.status is not Status.FAIL for finding in findings)
