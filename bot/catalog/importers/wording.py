"""The few words an importer writes into a quiz itself, in the quiz's language.

Two choices that are one language's True and False make a `truefalse` question (posted in the
player's language, from the bot's catalogs). A flashcard whose
answer is Yes or No (True or False) to a closed question ("Does Data dream?", "… True/False?")
is that pair, in the answer's own case, rather than a choice among other cards' answers; the
prompt tells a closed question from a band called Yes ("Which group recorded …?") or the
element No. Closed questions are recognised in English by their first word (Is, Does, Can…),
in any language when the prompt names both words of the pair ("Vrai ou faux ?").
"""

from __future__ import annotations

import re

from bot.catalog.importers.common import Draft
from bot.domain.answer_pairs import TRUE_FALSE, YES_NO
from bot.domain.models import primary

_AUXILIARIES = frozenset(
    {
        *("is", "are", "was", "were", "am", "do", "does", "did", "can", "could", "will"),
        *("would", "shall", "should", "may", "might", "must", "has", "have", "had"),
        *("isn't", "aren't", "wasn't", "weren't", "don't", "doesn't", "didn't", "can't"),
        *("couldn't", "won't", "wouldn't", "shouldn't", "hasn't", "haven't", "hadn't"),
    }
)
_OPENING_WORDS = frozenset(
    ("who", "whom", "whose", "what", "which", "where", "when", "why", "how", "name")
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_LEADING_TAG = re.compile(r"\([^()]{0,40}\)\s*")
"""A bracketed label before the question, as in "(FFIV) Cecil marries Rosa."."""
_WORDS = re.compile(r"[^\W_]+")
_INITIALS = {("true", "false"): ("t", "f"), ("yes", "no"): ("y", "n")}


def true_false(line: int, prompt: str, choices: list[str], right: int) -> Draft | None:
    """A `truefalse` draft when the two choices are one language's words for true and false
    (in any case, in either order: the question is then posted True, False in the player's
    language); else None."""
    if len(choices) != 2:
        return None
    folded = [choice.casefold() for choice in choices]
    for true, false in TRUE_FALSE.values():
        if sorted(folded) == sorted((true.casefold(), false.casefold())):
            answer = 0 if folded[right] == true.casefold() else 1
            return Draft(line, prompt, [], answer, kind="truefalse")
    return None


def answer_pair(prompt: str, right: str, language: str) -> list[str] | None:
    """[yes, no] or [true, false], `right` among them as written and the other word in its
    case, when `right` is one of them and `prompt` a closed question; else None."""
    found = _pair_of(right, language)
    if found is None:
        return None
    words, truth = found
    if not _closed(prompt, words, truth):
        return None
    if right.casefold() == words[0].casefold():
        return [right, same_case(words[1], right)]
    return [same_case(words[0], right), right]


def _pair_of(right: str, language: str) -> tuple[tuple[str, str], bool] | None:
    """The pair `right` belongs to (the quiz's language first, then English, then any) and
    whether it is true/false."""
    found = _PAIRS_OF_WORD.get(right.casefold())
    if found is None:
        return None
    for code in (primary(language), "en"):
        for pair_code, words, truth in found:
            if pair_code == code:
                return words, truth
    return found[0][1], found[0][2]


def _pairs_of_words() -> dict[str, list[tuple[str, tuple[str, str], bool]]]:
    pairs: dict[str, list[tuple[str, tuple[str, str], bool]]] = {}
    for table, truth in ((TRUE_FALSE, True), (YES_NO, False)):
        for code, words in table.items():
            for word in words:
                pairs.setdefault(word.casefold(), []).append((code, words, truth))
    return pairs


_PAIRS_OF_WORD = _pairs_of_words()
"""Each word of a pair (casefolded) → the pairs it is in, by language."""


def _closed(prompt: str, words: tuple[str, str], truth: bool) -> bool:
    text = prompt.casefold()
    found = set(_WORDS.findall(text))
    pair = (words[0].casefold(), words[1].casefold())
    if set(pair) <= found or set(_INITIALS.get(pair, ("\0", "\0"))) <= found:
        return True  # "True/False?", "(yes/no)", "(T/F)", "Vrai ou faux :"
    sentences = [s for s in _SENTENCE_END.split(text.strip()) if s]
    last = _LEADING_TAG.sub("", sentences[-1], count=1) if sentences else ""
    if _first_word(last) in _AUXILIARIES:
        return True  # "Does money exist in the 24th century?"
    opening = _first_word(_LEADING_TAG.sub("", text, count=1))
    return truth and not text.rstrip().endswith("?") and opening not in _OPENING_WORDS


def _first_word(text: str) -> str:
    words = text.split(maxsplit=1)
    return words[0].strip("\"',.:;!?“”‘’") if words else ""


def same_case(word: str, model: str) -> str:
    """`word` written in the case of `model`: "no" for "yes", "No" for "Yes", "NO" for "YES"."""
    if model.isupper() and len(model) > 1:
        return word.upper()
    if model.islower():
        return word.lower()
    return word[:1].upper() + word[1:] if model[:1].isupper() else word
