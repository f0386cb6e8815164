"""Checks on a quiz's content that tell a hard quiz from one that gives itself away
(tests/test_bundled_quizzes.py runs them over every bundled quiz)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

LENGTH_PICK_AT_MOST = 0.4
"""Always picking the longest choice scores at most 40 %: 3 of 8, 4 of 11. The shortest is
held to the same bound, or fixing one tell would make the other."""
ONE_LETTER_AT_MOST = 0.5
"""No letter is right in more than half of the questions, so always answering the same letter
scores at most 50 %. A tighter bound (a quarter each for four choices) would make a key that
has to be balanced by hand, and a balanced key is a tell too: a player who knows it can count
the letters left towards the end of a quiz."""
ARXIV = re.compile(r"^https://arxiv\.org/abs/\d{4}\.\d{4,5}$")
OFFICIAL_DOCS = (
    "https://docs.pytorch.org/",
    "https://pytorch.org/docs/",
    "https://pytorch.org/tutorials/",
    "https://docs.nvidia.com/",
    "https://www.deepspeed.ai/",
)


def longest_is_right(lengths: Sequence[int], answer: int) -> bool:
    """Whether the right choice is the longest (the first of equals, as max() picks)."""
    return max(range(len(lengths)), key=lambda index: lengths[index]) == answer


def shortest_is_right(lengths: Sequence[int], answer: int) -> bool:
    """Whether the right choice is the shortest (the first of equals)."""
    return longest_is_right([-length for length in lengths], answer)


def cites_a_paper_or_official_docs(urls: Iterable[str]) -> bool:
    """A paper by its arXiv id, or a page of a framework's own documentation."""
    return any(ARXIV.match(url) or url.startswith(OFFICIAL_DOCS) for url in urls)
