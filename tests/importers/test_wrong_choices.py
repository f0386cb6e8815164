"""Wrong choices for flashcards (Anki, Quizlet, a CSV without them): a yes/no answer gets the
other word, a number numbers near it, a short answer short ones (issue 26, items 5 and 9).
Red lists had them until they became typed questions (issue 27); the same cards are Quizlet
rows here."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.catalog.importers import Imported
from bot.catalog.importers.number_choices import number_choices, numbers_in, read_number
from bot.catalog.importers.wording import answer_pair
from tests.importers.helpers import imported, seen


def cards(name: str, rows: list[tuple[str, str]]) -> Imported:
    """The rows as a Quizlet export (term, tab, definition)."""
    text = "".join(f"{term}\t{definition}\n" for term, definition in rows)
    return imported(name, text.encode())


YES_NO = [
    ("Does money exist in the 24th century?", "No"),
    ("Was James T. Kirk the youngest officer to ever command a starship (yes/no)?", "yes"),
    ("(FFIV) Rosa has feelings for Kain. True/False?", "False"),
    ("High Priest Thekal dropped the Raptor Mount? (T/F)", "False"),
    ('What is the element symbol of "Nobelium"?', "No"),
    ("Which british group recorded the 1983 hit 'Owner Of A Lonely Heart'?", "Yes"),
    ('What is the element symbol of "Radium"?', "Ra"),
    ("Who is the captain?", "Kirk"),
    ('What is the element symbol of "Erbium"?', "Er"),
]


def test_a_yes_no_or_true_false_answer_to_a_closed_question_gets_the_other_word() -> None:
    questions = [seen(q) for q in cards("trek.txt", YES_NO).quiz.questions]
    assert [(q.choices, q.right) for q in questions[:4]] == [
        (["Yes", "No"], "No"),
        (["yes", "no"], "yes"),
        (["True", "False"], "False"),
        (["True", "False"], "False"),
    ]
    nobelium, band = questions[4], questions[5]  # "No" the element, "Yes" the band
    assert nobelium.choices == ["No", "Er", "Ra"]  # other symbols: no Yes, no "Kirk"
    assert band.choices == ["Yes", "Kirk"]  # the one other name: no "Ra", no "No"


@pytest.mark.parametrize(
    ("prompt", "right", "language", "pair"),
    [
        ("By the time of First Contact he had new eyes.  Were they artificial?", "Yes", "en", 0),
        ("Vrai ou faux : le Soleil est une étoile.", "faux", "fr", 1),
        ("The Sun is a star.", "TRUE", "en", 0),
        ("What is the opposite of true?", "False", "en", None),
        ("What years has he left his keys at home?", "yes", "en", None),
    ],
)
def test_closed_questions_are_told_by_their_wording(
    prompt: str, right: str, language: str, pair: int | None
) -> None:
    found = answer_pair(prompt, right, language)
    if pair is None:
        assert found is None
    else:
        assert found is not None
        assert found[pair] == right
        assert len(found) == 2


NUMBERS = [
    ("How many legs does a spider have?", "8"),
    ("In which year was Doom Eternal released?", "2020"),
    ("In which year did Doom come out?", "1993"),
    ("How many Force Points are possible in Mambo?", "475"),
    ("What is the stardate?", "41153.7"),
    ("How many strings has a guitar?", "6"),
]


def test_a_number_gets_numbers_near_it_written_the_same_way() -> None:
    questions = {s.prompt: s.choices for s in map(seen, cards("n.txt", NUMBERS).quiz.questions)}
    assert questions["How many legs does a spider have?"] == ["8", "6", "9", "7"]
    assert questions["In which year was Doom Eternal released?"] == [
        "2020",
        "1993",
        "2021",
        "2019",
    ]
    assert questions["In which year did Doom come out?"] == ["1993", "2020", "1994", "1992"]
    assert questions["How many Force Points are possible in Mambo?"] == [
        "475",
        "485",
        "465",
        "495",
    ]
    assert questions["What is the stardate?"] == ["41153.7", "41153.8", "41153.6", "41153.9"]


@pytest.mark.parametrize("code", ["007", "1234567890123456"])
def test_codes_written_as_digits_are_no_quantities(code: str) -> None:
    assert read_number(code) is None


@given(
    st.integers(min_value=-(10**9), max_value=10**9),
    st.lists(st.integers(min_value=-(10**6), max_value=10**6).map(str), max_size=20),
)
def test_number_choices_are_numbers_other_than_the_answer(right: int, pool: list[str]) -> None:
    chosen = number_choices(str(right), numbers_in(pool), set(), 3)
    assert len(chosen) == 3
    assert str(right) not in chosen
    assert len(set(chosen)) == 3
    for text in chosen:
        number = read_number(text)
        assert number is not None
        assert number.decimals == 0
        assert right < 0 or number.value >= 0


def test_numbers_in_words_get_words_and_short_answers_short_ones() -> None:
    rows = [
        ("How many fan clubs? (Answer without numerics)", "Two"),
        ("Who was the barber?", "Mot"),
        ("Which letter?", "E"),
        ("Which band?", "Mud"),
        ("Who led?", "Jim"),
        ("Symbol of iron?", "Fe"),
        ("Symbol of tin?", "Sn"),
    ]
    questions = {s.prompt: s.choices for s in map(seen, cards("w.txt", rows).quiz.questions)}
    assert questions["How many fan clubs? (Answer without numerics)"] == [
        "Two",
        "Three",
        "One",
        "Four",
    ]
    assert questions["Who was the barber?"] == ["Mot", "Jim", "Mud"]  # not "E" nor "Fe"
    assert sorted(questions["Symbol of iron?"][1:]) == ["E", "Sn"]
