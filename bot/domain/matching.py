"""Matching typed answers, without I/O: normalising a text, tolerating typos, reading numbers.

The rules of issue 27, in one place for every surface. A typed answer matches an accepted one
after both are normalised (Unicode NFKC, case, surrounding spaces and punctuation, inner runs of
spaces, and accents unless the question keeps them). Typos are tolerated by the accepted
answer's length (none up to 4 characters, 1 edit for 5-9, 2 for 10 or more; Damerau-Levenshtein,
from rapidfuzz), never in digits: "World War 2" is not "World War 3". Numbers are read as a
player writes them in English or French: "0.27", "0,27", "1 000,5", "1,000.5", "27 %".
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz.distance import DamerauLevenshtein

SURROUNDING = " \t\r\n\u00a0\u202f\u2007.,;:!?¡¿…\"'`«»“”‘’‚„()[]{}<>-–—·*_"
"""What is stripped around an answer: spaces, sentence punctuation, quotes and brackets
(not '#', '+' or '%', which are part of answers such as C#, C++ or 50 %)."""
_DIGITS = re.compile(r"\d+")
MAX_TYPED = 200
"""Characters of a typed answer that are looked at: an answer is at most 100 (the validator's
limit), so a longer line is wrong anyway, and a pasted page costs nothing."""


def fold(text: str, strict_accents: bool = False) -> str:
    """`text` as answers are compared: NFKC, case-folded, accents dropped (unless strict),
    surrounding spaces and punctuation stripped, inner spaces collapsed to one."""
    text = text[:MAX_TYPED]
    folded = text.lower() if text.isascii() else unicodedata.normalize("NFKC", text).casefold()
    accented = " ".join(folded.strip(SURROUNDING).split())
    return accented if strict_accents else _without_accents(accented)


@lru_cache(maxsize=4096)
def _without_accents(text: str) -> str:
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFD", text)
    kept = "".join(char for char in decomposed if unicodedata.category(char) != "Mn")
    return unicodedata.normalize("NFC", kept)


def allowed_edits(accepted: str) -> int:
    """Typos tolerated in an answer, by the length of its normalised form."""
    size = len(accepted)
    if size <= 4:
        return 0
    return 1 if size <= 9 else 2


@dataclass(frozen=True, slots=True)
class Accepted:
    """One accepted answer as written, and its forms prepared once for matching."""

    spelling: str
    """As the quiz file writes it: shown to a player whose answer was spelled otherwise."""
    form: str
    """`fold(spelling, strict)`: what a typed answer, folded alike, is compared with."""
    accented: str
    """`fold(spelling, strict_accents=True)`: to tell a player who left the accents out."""
    strict: bool
    """`accents: strict`: an answer without its accents is wrong."""
    digits: tuple[str, ...]
    edits: int
    """Typos tolerated: 0 with `exact`."""

    @classmethod
    def of(cls, spelling: str, strict_accents: bool = False, exact: bool = False) -> Accepted:
        form = fold(spelling, strict_accents)
        edits = 0 if exact else allowed_edits(form)
        accented = fold(spelling, True)
        return cls(spelling, form, accented, strict_accents, tuple(_DIGITS.findall(form)), edits)


@dataclass(frozen=True, slots=True)
class TextMatch:
    """A typed answer that matched an accepted one."""

    accepted: Accepted
    edits: int
    """Typos in the typed answer (0: spelled right, maybe without its accents)."""
    misspelt: bool
    """The typed answer differs from the accepted spelling (typos, or accents left out): the
    verdict then gives the spelling."""


class AcceptedAnswers:
    """A question's accepted answers, indexed once for matching (`TextKey` keeps one): a
    typed answer is then looked up, not compared with each, and only the answers with its
    digits and a typo tolerance are candidates for a distance. The first answer in the
    quiz's order wins a tie, as a scan in that order would find it."""

    __slots__ = ("_by_digits", "_exact", "answers")

    def __init__(self, answers: tuple[Accepted, ...]) -> None:
        self.answers = answers
        self._exact: dict[tuple[bool, str], tuple[int, Accepted]] = {}
        """(strict, form) to the first answer of that form, with its position."""
        by_digits: dict[tuple[str, ...], list[Accepted]] = {}
        for position, candidate in enumerate(answers):
            self._exact.setdefault((candidate.strict, candidate.form), (position, candidate))
            if candidate.edits:
                by_digits.setdefault(candidate.digits, []).append(candidate)
        self._by_digits = {digits: tuple(found) for digits, found in by_digits.items()}
        """The answers that tolerate typos, by the digits they hold (never a typo in one)."""

    def match(self, typed: str) -> TextMatch | None:
        """The accepted answer `typed` matches: exactly first, else with the fewest typos."""
        accented = fold(typed, True)
        if not accented:
            return None
        loose = _without_accents(accented)
        strict = self._exact.get((True, accented))
        found = self._exact.get((False, loose))
        if strict is not None and (found is None or strict[0] < found[0]):
            found = strict
        if found is not None:
            return TextMatch(found[1], 0, accented != found[1].accented)
        candidates = self._by_digits.get(tuple(_DIGITS.findall(loose)), ())
        return _fewest_typos(accented, loose, candidates)


def match_text(typed: str, accepted: AcceptedAnswers | tuple[Accepted, ...]) -> TextMatch | None:
    """The accepted answer `typed` matches: exactly first, else with the fewest typos (a
    question's `TextKey.matcher` is indexed once; a tuple is indexed for this call)."""
    index = accepted if isinstance(accepted, AcceptedAnswers) else AcceptedAnswers(accepted)
    return index.match(typed)


def _fewest_typos(accented: str, loose: str, candidates: tuple[Accepted, ...]) -> TextMatch | None:
    """The first of `candidates` (typos tolerated, the typed answer's digits) at the fewest
    edits within its tolerance."""
    best: TextMatch | None = None
    for candidate in candidates:
        form = accented if candidate.strict else loose
        if abs(len(candidate.form) - len(form)) > candidate.edits:
            continue
        cutoff = candidate.edits if best is None else min(candidate.edits, best.edits - 1)
        distance = DamerauLevenshtein.distance(form, candidate.form, score_cutoff=cutoff)
        if distance <= cutoff:
            best = TextMatch(candidate, distance, True)
    return best


_NUMBER = re.compile(
    r"(?P<sign>[-+−])?\s*(?P<body>\d[\d\s\u00a0\u202f.,']*|[.,]\d+)\s*(?P<unit>\S.*)?"
)
_GROUPED = re.compile(r"\d{1,3}([\s\u00a0\u202f']\d{3})+")
_THOUSANDS_AFTER = re.compile(r"\d{3}")


def read_number(typed: str, unit: str = "", language: str = "en") -> float | None:
    """The number a player typed, in English or French notation; None if it is not one.

    "0.27" and "0,27" are both 0.27; with both marks the last one is the decimal mark
    ("1,000.5", "1.000,5"); spaces group thousands ("1 000"); a single comma before exactly
    three digits ("1,000") groups thousands in English and is a decimal mark in French. The
    question's `unit` may follow the number; with `unit: "%"`, "27 %" is read as 0.27.
    """
    found = _NUMBER.fullmatch(unicodedata.normalize("NFKC", typed[:MAX_TYPED]).strip())
    if found is None:
        return None
    value = _read_body(found["body"].rstrip(" \u00a0\u202f'"), language)
    typed_unit = (found["unit"] or "").strip()
    if value is None or (typed_unit and typed_unit.casefold() != unit.casefold()):
        return None
    if found["sign"] in ("-", "−"):
        value = -value
    return value / 100 if typed_unit == "%" else value


def _read_body(body: str, language: str) -> float | None:
    """Digits with grouping and one decimal mark, as a float."""
    compact = re.sub(r"[\s\u00a0\u202f']", "", body)
    if compact != body and not _GROUPED.match(body):
        return None  # spaces somewhere but not grouping thousands: "1 2"
    dot, comma = compact.rfind("."), compact.rfind(",")
    if dot >= 0 and comma >= 0:
        decimal = "." if dot > comma else ","
    elif compact.count(",") + compact.count(".") > 1:
        mark = "," if comma >= 0 else "."
        decimal = "" if _groups_of_three(compact, mark) else "?"
    elif comma >= 0 or dot >= 0:
        mark, at = ("," if comma >= 0 else "."), max(comma, dot)
        head = compact[:at]
        three = _THOUSANDS_AFTER.fullmatch(compact[at + 1 :]) is not None
        three = three and 1 <= len(head) <= 3 and not head.startswith("0")
        thousands = "," if language != "fr" else "."
        decimal = "" if three and mark == thousands else mark
    else:
        decimal = ""
    if decimal == "?":
        return None
    grouping = {".", ","} - {decimal}
    whole = "".join(char for char in compact if char not in grouping)
    try:
        return float(whole.replace(",", ".") if decimal == "," else whole)
    except ValueError:
        return None


def _groups_of_three(compact: str, mark: str) -> bool:
    head, *groups = compact.split(mark)
    return 1 <= len(head) <= 3 and all(len(group) == 3 for group in groups)


def within(value: float, low: float, high: float) -> bool:
    """`low <= value <= high`, forgiving the rounding of decimal fractions in binary."""
    slack = 1e-9 * max(1.0, abs(low), abs(high))
    return low - slack <= value <= high + slack
