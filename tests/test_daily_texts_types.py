"""A daily post of any type: the card shows the hint and no empty choice list, and the next
day's post says the previous question's answer whatever its type (`previous_line` read
`choices[answer]`, which a typed question does not have)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.catalog.loader import load_quiz
from bot.domain.entities import Answer, Post
from bot.text.daily_texts import daily_card, previous_line
from tests.support.paths import TYPES

QUIZ = load_quiz(TYPES / "every-type.yaml")
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def posted(question_id: str) -> Post:
    question = QUIZ.question(question_id)
    assert question is not None
    order = tuple(range(len(question.choices)))
    return Post("tg:-1", QUIZ.id, question_id, order, 1, 1, NOW, None, None, post_id=5)


@pytest.mark.parametrize(
    ("question_id", "shown"),
    [
        ("capital", "the answer was Paris (1/2 right)"),
        ("bubble", "the answer was 27.27% (± 0.5%) (1/2 right)"),
        ("primes", "the answer was A. 2, C. 7 (1/2 right)"),
        ("steps", "the answer was A → B → C (1/2 right)"),
        ("stable", "the answer was A. True (1/2 right)"),
        ("sum", "the answer was A. 4 (1/2 right)"),
    ],
)
def test_the_previous_answer_of_any_type(question_id: str, shown: str) -> None:
    question, post = QUIZ.question(question_id), posted(question_id)
    assert question is not None
    answers = [Answer(5, "tg:1", -1, True, NOW, 10), Answer(5, "tg:2", -1, False, NOW, 10)]
    assert previous_line(question, post, answers, "en").endswith(shown)


def test_a_typed_daily_question_shows_its_hint_and_no_buttons() -> None:
    question = QUIZ.question("capital")
    assert question is not None
    card = daily_card(QUIZ, question, posted("capital"), "en")
    assert "Type your answer." in card.text
    assert "\n\n\n" not in card.text  # no empty paragraph where choices would be
    assert card.buttons == ()
