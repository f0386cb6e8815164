"""Typed answers: normalising, typo tolerance by length, accents, numbers in English and French."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rapidfuzz.distance import DamerauLevenshtein

from bot.domain.matching import (
    SURROUNDING,
    Accepted,
    AcceptedAnswers,
    TextMatch,
    allowed_edits,
    fold,
    match_text,
    read_number,
    within,
)


def accepted(*answers: str, strict: bool = False, exact: bool = False) -> tuple[Accepted, ...]:
    return tuple(Accepted.of(answer, strict, exact) for answer in answers)


@pytest.mark.parametrize(
    ("typed", "answer", "right", "edits"),
    [
        ("Paris", "Paris", True, 0),
        ("  paris. ", "Paris", True, 0),
        ("« PARIS »", "Paris", True, 0),
        ("Ｐａｒｉｓ", "Paris", True, 0),  # full-width letters: NFKC
        ("Pairs", "Paris", True, 1),  # a transposition is one edit
        ("Parsi", "Paris", True, 1),
        ("Prs", "Paris", False, 0),  # two edits in a 5-letter word
        ("Rome", "Roma", False, 0),  # four letters: no typo tolerated
        ("pipeline parallelism", "Pipeline parallelism", True, 0),
        ("pipeline  paralelism", "Pipeline parallelism", True, 1),
        ("pipelien paralelism", "Pipeline parallelism", True, 2),
        ("pipelien paralelsim", "Pipeline parallelism", False, 0),
        ("World War 3", "World War 2", False, 0),  # never a typo in digits
        ("Wrold War 2", "World War 2", True, 1),
        ("C", "C#", False, 0),  # '#' is part of the answer, not punctuation around it
        ("c++", "C++", True, 0),
        ("", "Paris", False, 0),
        ("...", "Paris", False, 0),
    ],
)
def test_text_table(typed: str, answer: str, right: bool, edits: int) -> None:
    found = match_text(typed, accepted(answer))
    assert (found is not None) == right
    if found is not None:
        assert found.edits == edits
        assert found.accepted.spelling == answer


@pytest.mark.parametrize(("size", "edits"), [(1, 0), (4, 0), (5, 1), (9, 1), (10, 2), (40, 2)])
def test_tolerance_by_length(size: int, edits: int) -> None:
    assert allowed_edits("x" * size) == edits


def test_exact_turns_tolerance_off() -> None:
    assert match_text("Pairs", accepted("Paris", exact=True)) is None
    assert match_text("PARIS!", accepted("Paris", exact=True)) is not None


def test_accents_are_optional_unless_strict() -> None:
    loose = match_text("Eleve", accepted("Élève"))
    assert loose is not None
    assert loose.edits == 0
    assert loose.misspelt
    spelled = match_text("élève", accepted("Élève"))
    assert spelled is not None
    assert not spelled.misspelt
    assert match_text("Eleve", accepted("Élève", strict=True)) is None
    assert match_text("élève", accepted("Élève", strict=True)) is not None


def test_the_closest_accepted_answer_wins() -> None:
    found = match_text("Pari", accepted("Paname", "Pari5", "Paris"))
    assert found is not None
    assert found.accepted.spelling == "Paris"
    found = match_text("Parris", accepted("Paname", "Paris", "Parrish"))
    assert found is not None
    assert found.accepted.spelling == "Paris"


def test_a_pasted_page_costs_nothing_and_matches_nothing() -> None:
    assert match_text("Paris " * 100_000, accepted("Paris")) is None


@pytest.mark.parametrize(
    ("typed", "unit", "language", "value"),
    [
        ("0.27", "", "en", 0.27),
        ("0,27", "", "en", 0.27),
        ("0,27", "", "fr", 0.27),
        (".5", "", "en", 0.5),
        (",5", "", "fr", 0.5),
        ("-3", "", "en", -3.0),
        ("−3,5", "", "fr", -3.5),
        ("+4", "", "en", 4.0),
        ("1 000", "", "fr", 1000.0),
        ("1\u202f000,5", "", "fr", 1000.5),
        ("1,000.5", "", "en", 1000.5),
        ("1.000,5", "", "fr", 1000.5),
        ("1,000", "", "en", 1000.0),
        ("1,000", "", "fr", 1.0),
        ("1.000", "", "fr", 1000.0),
        ("1.000", "", "en", 1.0),
        ("0.275", "", "fr", 0.275),  # a leading zero groups nothing
        ("1,000,000", "", "en", 1_000_000.0),
        ("27 %", "%", "en", 0.27),
        ("27%", "%", "fr", 0.27),
        ("0.27", "%", "en", 0.27),
        ("12 ms", "ms", "en", 12.0),
        ("12MS", "ms", "en", 12.0),
        ("12", "ms", "en", 12.0),
    ],
)
def test_numbers_table(typed: str, unit: str, language: str, value: float) -> None:
    found = read_number(typed, unit, language)
    assert found is not None
    assert abs(found - value) < 1e-12


@pytest.mark.parametrize(
    ("typed", "unit"),
    [
        ("", ""),
        ("abc", ""),
        ("27 %", ""),  # a unit the question does not have
        ("12 s", "ms"),
        ("1 2", ""),
        ("1.2.3", ""),
        ("1,2.3,4", ""),
        ("about 30", ""),
    ],
)
def test_not_numbers(typed: str, unit: str) -> None:
    assert read_number(typed, unit) is None


def test_ranges_include_their_bounds_despite_binary_fractions() -> None:
    assert within(0.1 + 0.2, 0.2, 0.3)
    assert within(0.2727 - 0.005, 0.2727 - 0.005, 0.2727 + 0.005)
    assert not within(0.2678 - 0.001, 0.2677, 0.2777)


WORDS = st.text(
    st.characters(categories=("Lu", "Ll", "Nd"), max_codepoint=0x24F), min_size=1, max_size=30
)
ANSWERS = st.lists(WORDS, min_size=1, max_size=4).map(" ".join)
AROUND = st.text(st.sampled_from(SURROUNDING), max_size=4)


@given(answer=ANSWERS, before=AROUND, after=AROUND, data=st.data())
def test_an_accepted_answer_matches_itself_however_it_is_cased_spaced_and_punctuated(
    answer: str, before: str, after: str, data: st.DataObject
) -> None:
    words = answer.split(" ")
    gaps = [data.draw(st.sampled_from([" ", "  ", "\t", "\u00a0 "])) for _ in words[1:]]
    cased = [data.draw(st.sampled_from([str.upper, str.lower, str.title]))(w) for w in words]
    spaced = cased[0] + "".join(gap + word for gap, word in zip(gaps, cased[1:], strict=True))
    typed = before + spaced + after
    for strict in (False, True):
        found = match_text(typed, accepted(answer, strict=strict, exact=True))
        if fold(answer, strict) == fold(typed, strict):
            assert found is not None, (typed, answer)
            assert found.edits == 0
        else:  # casing changed the letters themselves (ß, ǅ): never a false accept
            assert found is None or found.accepted.spelling == answer


@given(answer=st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=25), data=st.data())
def test_one_typo_is_tolerated_from_five_letters(answer: str, data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(answer) - 1))
    wrong = "z" if answer[at] != "z" else "y"
    typo = answer[:at] + wrong + answer[at + 1 :]
    found = match_text(typo, accepted(answer))
    assert (found is not None) == (len(answer) >= 5)
    if found is not None:
        assert found.edits == 1
        assert found.misspelt


@given(
    whole=st.integers(0, 999_999),
    cents=st.integers(0, 99),
    language=st.sampled_from(["en", "fr"]),
)
def test_numbers_in_english_and_french_notation(whole: int, cents: int, language: str) -> None:
    value = whole + cents / 100
    english = f"{whole:,}.{cents:02d}"
    french = f"{whole:,}".replace(",", "\u202f") + f",{cents:02d}"
    for typed in (english, french, f"{whole}.{cents:02d}", f"{whole},{cents:02d}"):
        found = read_number(typed, "", language)
        assert found is not None, typed
        assert abs(found - value) < 1e-6


@given(percent=st.integers(0, 100), language=st.sampled_from(["en", "fr"]))
def test_a_percentage_is_read_as_a_share(percent: int, language: str) -> None:
    share = read_number(f"{percent} %", "%", language)
    assert share is not None
    assert abs(share - percent / 100) < 1e-12


def scanned(typed: str, answers: tuple[Accepted, ...]) -> TextMatch | None:
    """The rule as first written: every accepted answer in the quiz's order, exactly first,
    then the first at the fewest edits within its tolerance and with the same digits."""
    accented = fold(typed, True)
    loose = fold(typed)
    if not accented:
        return None
    for candidate in answers:
        if candidate.form == (accented if candidate.strict else loose):
            return TextMatch(candidate, 0, accented != candidate.accented)
    best: TextMatch | None = None
    for candidate in answers:
        form = accented if candidate.strict else loose
        if not candidate.edits or abs(len(candidate.form) - len(form)) > candidate.edits:
            continue
        if re.findall(r"\d+", form) != list(candidate.digits):
            continue
        cutoff = candidate.edits if best is None else min(candidate.edits, best.edits - 1)
        distance = DamerauLevenshtein.distance(form, candidate.form)
        if distance <= cutoff:
            best = TextMatch(candidate, distance, True)
    return best


WORDS = st.text("aàbeéco1 2", min_size=1, max_size=12)


@given(
    answers=st.lists(
        st.tuples(WORDS, st.booleans(), st.booleans()), min_size=1, max_size=8, unique_by=str
    ),
    data=st.data(),
)
def test_the_index_finds_what_a_scan_in_the_quizs_order_finds(
    answers: list[tuple[str, bool, bool]], data: st.DataObject
) -> None:
    """`AcceptedAnswers` (a question's answers indexed once) against a plain scan, with
    accents strict or not and typos tolerated or not per answer, ties included: the same
    answer, at the same edits, however the typed line was written."""
    prepared = tuple(Accepted.of(text, strict, exact) for text, strict, exact in answers)
    typed = data.draw(st.one_of(WORDS, st.sampled_from([text for text, _, _ in answers])))
    typed = data.draw(st.sampled_from([typed, typed.upper(), f" {typed}!", typed[::-1]]))
    assert AcceptedAnswers(prepared).match(typed) == scanned(typed, prepared)


@pytest.mark.parametrize("first_strict", [True, False])
def test_an_answer_that_keeps_its_accents_and_one_that_does_not_tie_in_the_quizs_order(
    first_strict: bool,
) -> None:
    """ "àb" is both the strict "àb" and, accents dropped, the loose "ab": the first wins."""
    both = (Accepted.of("àb", strict_accents=True), Accepted.of("ab"))
    answers = both if first_strict else both[::-1]
    found = AcceptedAnswers(answers).match("àb")
    assert found is not None
    assert found.accepted == answers[0] == scanned("àb", answers).accepted  # type: ignore[union-attr]
