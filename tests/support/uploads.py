"""Files a chat uploads, written for tests: GIFT questions by the dozen, and a fetch that
records whether it was called (a refused upload must download nothing)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.domain.uploads import ChatQuizEntry, StoredChatQuiz
from bot.storage.sql.chat_quizzes import ChatQuizReads


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


@dataclass
class CountingSource:
    """A real store as the chat quiz shelf's source, counting the quizzes read by serial."""

    store: ChatQuizReads
    reads: list[int] = field(default_factory=list)

    async def chat_quiz_entries(self, chat_id: str) -> list[ChatQuizEntry]:
        return await self.store.chat_quiz_entries(chat_id)

    async def chat_quiz(self, serial: int) -> StoredChatQuiz | None:
        self.reads.append(serial)
        return await self.store.chat_quiz(serial)
