"""`quizbot play` driven as a player who knows every answer: a subprocess, read line by line,
that is sent each answer once its question is on screen.

The terminal shuffles the choices, so right letters cannot be written in advance: the player
reads the letters the question shows, as a person would, and types the right ones. It waits
on the process's output (a reader thread and a queue), never on a clock; a question that does
not come within TIMEOUT seconds fails the test instead of hanging it.
"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from bot.domain.models import Language, Question, Quiz
from bot.domain.question_types import NumberKey, SetKey, TextKey
from bot.text import answer_texts
from bot.text.authored import shown
from tests.support.paths import ROOT

TIMEOUT = 60.0
LETTERS = "ABCDEFGHIJ"
CHOICE_LINE = re.compile(r"^\s*([A-J])\. (.*)$")
WIDE = "100000"
"""COLUMNS: wide enough that no prompt or choice is wrapped onto a second line."""


@dataclass(frozen=True, slots=True)
class Played:
    stdout: str
    stderr: str
    returncode: int
    asked: list[str]
    """The ids of the questions answered, in the order they came."""


def right_line(question: Question, letters: dict[int, str], language: Language) -> str:
    """What a player who knows the answer types, `letters` being each choice's letter as the
    question shows it (by the choice's index in the file)."""
    key = question.key
    if isinstance(key, SetKey):
        return "".join(sorted(letters[choice] for choice in key.rights))
    if question.type == "order":
        return "".join(letters[choice] for choice in range(len(question.choices)))
    if isinstance(key, TextKey):
        return key.shown(language)[0].spelling
    if isinstance(key, NumberKey):
        value = key.value if key.value is not None else (key.low + key.high) / 2
        return answer_texts.number_text(value, key.unit, language)
    return letters[question.answer]


class _Lines:
    """The process's output, a line at a time, as it comes."""

    def __init__(self, stream: IO[str]) -> None:
        self.seen: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def next(self) -> str | None:
        """The next line, or None at the end of the output."""
        try:
            line = self._queue.get(timeout=TIMEOUT)
        except queue.Empty:
            raise AssertionError(
                f"nothing new in {TIMEOUT:g} s; the output so far:\n" + "\n".join(self.seen)
            ) from None
        if line is not None:
            self.seen.append(line)
        return line

    def until(self, wanted: str) -> None:
        while (line := self.next()) is not None:
            if line.strip() == wanted:
                return
        raise AssertionError(f"the output ended before {wanted!r}:\n" + "\n".join(self.seen))


def play_right(quiz: Quiz, language: Language, db: Path, stderr: Path) -> Played:
    """Play `quiz` to the end in the terminal, answering every question right."""
    by_prompt = {shown(q.prompt.get(language)).strip(): q for q in quiz.questions}
    header = re.compile(re.escape(f"{shown(quiz.title.get(language))} · Question ") + r"\d+/\d+$")
    env = {
        **os.environ,
        "QUIZBOT_DB": str(db),
        "LANG": "C.UTF-8",
        "LC_ALL": "",
        "LC_MESSAGES": "",
        "COLUMNS": WIDE,
        "NO_COLOR": "1",
        "PYTHONIOENCODING": "utf-8",
    }
    asked: list[str] = []
    with stderr.open("w", encoding="utf-8") as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "adapters.cli", "play", quiz.id, "--lang", language],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            encoding="utf-8",
            cwd=ROOT,
            env=env,
        )
        assert process.stdin is not None
        assert process.stdout is not None
        lines = _Lines(process.stdout)
        try:
            while (line := lines.next()) is not None:
                if not header.search(line.strip()):
                    continue
                question = _read_question(lines, by_prompt)
                letters = _read_letters(lines, question, language)
                hint = answer_texts.hint(question, language)
                if hint is not None:
                    lines.until(hint)
                asked.append(question.id)
                process.stdin.write(right_line(question, letters, language) + "\n")
                process.stdin.flush()
            process.stdin.close()
            returncode = process.wait(timeout=TIMEOUT)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    return Played("\n".join(lines.seen), stderr.read_text(encoding="utf-8"), returncode, asked)


def _read_question(lines: _Lines, by_prompt: dict[str, Question]) -> Question:
    """The question whose prompt comes after the header (a picture's alt text may come
    between them)."""
    while (line := lines.next()) is not None:
        if line.strip() in by_prompt:
            return by_prompt[line.strip()]
    raise AssertionError("no prompt of the quiz after a question's header")


def _read_letters(lines: _Lines, question: Question, language: Language) -> dict[int, str]:
    """Each choice's letter as the question shows it, by the choice's index in the file."""
    texts = [shown(choice.get(language)) for choice in question.choices]
    letters: dict[int, str] = {}
    while len(letters) < len(texts):
        line = lines.next()
        if line is None:
            raise AssertionError(f"the output ended in the choices of {question.id}")
        found = CHOICE_LINE.match(line)
        if found:
            letters[texts.index(found.group(2).strip())] = found.group(1)
    assert "".join(sorted(letters.values())) == LETTERS[: len(texts)], question.id
    return letters
