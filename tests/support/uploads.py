"""Files a chat uploads, written for tests: GIFT questions by the dozen, and a fetch that
records whether it was called (a refused upload must download nothing)."""

from __future__ import annotations

from dataclasses import dataclass


def gift(count: int, word: str = "Capital", explained: bool = True) -> bytes:
    """A Moodle GIFT file of `count` multiple-choice questions, ids q1, q2, …"""
    feedback = " #### Because it is." if explained else ""
    questions = [
        f"::q{n}:: {word} number {n}? {{=right {n} ~wrong {n} ~other {n}{feedback}}}"
        for n in range(1, count + 1)
    ]
    return ("\n\n".join(questions) + "\n").encode()


@dataclass
class RecordingFetch:
    """`fetch` for ChatQuizzes.upload: gives `data`, counting its calls."""

    data: bytes
    calls: int = 0

    async def __call__(self) -> bytes:
        self.calls += 1
        return self.data
