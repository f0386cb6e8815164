"""The words of questions that are not one choice: `multiple`, `order`, `text`, `number`.

render.py words a `choice` or `truefalse` question's verdict as before and asks this module for
the other types': the right answer shown (the right set, the right order, the accepted answer,
the number with its tolerance or range), the hint under the prompt, and what a verdict adds
(the spelling of an answer accepted with a typo, what was missed and what was picked wrongly).
"""

from __future__ import annotations

from bot.domain.entities import Answer, Post
from bot.domain.judging import verdict_of
from bot.domain.models import LETTERS, Language, Question
from bot.domain.question_types import SINGLE, NumberKey, SetKey, TextKey
from bot.text.authored import shown
from bot.text.i18n import t
from bot.text.markup import PLAIN, Style

ARROW = " → "


def number_text(value: float, unit: str, language: Language) -> str:
    """A number as the player's language writes it ("0,27" in French), with its unit; a
    share with unit "%" as a percentage ("27.27%")."""
    if unit == "%":
        value *= 100
    text = f"{value:.12g}"
    if "e" in text:
        text = f"{value:f}".rstrip("0").rstrip(".")
    if language == "fr":
        text = text.replace(".", ",")
    if not unit:
        return text
    space = "\u202f" if language == "fr" else ("" if unit == "%" else " ")
    return f"{text}{space}{unit}"


def _shown_letter(post: Post, choice: int) -> str:
    return LETTERS[post.order.index(choice)] if choice in post.order else LETTERS[choice]


def _choice_list(question: Question, post: Post, choices: list[int], language: Language) -> str:
    """ "A. north, C. south": choices by their letters on the post, in letter order."""
    ordered = sorted(choices, key=lambda choice: _shown_letter(post, choice))
    return ", ".join(
        f"{_shown_letter(post, choice)}. {shown(question.choices[choice].get(language))}"
        for choice in ordered
    )


def right_answer(question: Question, post: Post, language: Language) -> str:
    """The right answer of a question of any type, as shown once it closes: "B. Paris",
    "A. 2, C. 7", "B → A → C", "Paris", "27.27% (± 0.5%)"."""
    if question.type in SINGLE:
        choice = question.choices[question.answer].get(language)
        return f"{LETTERS[post.correct_letter_index(question)]}. {choice}"
    key = question.key
    if isinstance(key, SetKey):
        return _choice_list(question, post, list(key.rights), language)
    if question.type == "order":
        return ARROW.join(_shown_letter(post, choice) for choice in range(len(question.choices)))
    if isinstance(key, TextKey):
        return key.shown(language)[0].spelling
    if isinstance(key, NumberKey):
        return _number_answer(key, language)
    return ""


def _number_answer(key: NumberKey, language: Language) -> str:
    if key.value is not None and key.high - key.value == key.value - key.low:
        shown = number_text(key.value, key.unit, language)
        if key.high == key.low:
            return shown
        tolerance = number_text(key.high - key.value, key.unit, language)
        return t(language, "answer.tolerance", value=shown, tolerance=tolerance)
    low, high = (number_text(bound, key.unit, language) for bound in (key.low, key.high))
    return t(language, "answer.range", low=low, high=high)


def hint(question: Question, language: Language) -> str | None:
    """What to do, under the prompt: pick every right answer, order them, type a line."""
    if question.type in SINGLE:
        return None
    if isinstance(question.key, NumberKey) and question.key.unit:
        return t(language, "question.hint.number_unit", unit=question.key.unit)
    return t(language, f"question.hint.{question.type}")


def verdict_line(question: Question, post: Post, answer: Answer, language: Language) -> str:
    """The one-line verdict of a question of another type than `choice` or `truefalse`."""
    verdict = verdict_of(question, answer, language)
    shown = right_answer(question, post, language)
    if question.type == "multiple":
        key = "verdict.right_set" if answer.correct else "verdict.wrong_set"
        return t(language, key, answers=shown)
    if question.type == "order":
        key = "verdict.right_order" if answer.correct else "verdict.wrong_order"
        return t(language, key, order=shown)
    if answer.correct and verdict.spelling is not None:
        return t(language, "verdict.typo", spelling=verdict.spelling)
    key = "verdict.right_typed" if answer.correct else "verdict.wrong_typed"
    return t(language, key, answer=shown)


def verdict_details(
    question: Question, post: Post, answer: Answer, language: Language, style: Style = PLAIN
) -> list[str]:
    """The paragraphs a verdict adds: what was missed and picked wrongly (with the notes on
    those), or the player's order and the right one with its choices."""
    verdict = verdict_of(question, answer, language)
    parts: list[str] = []
    if verdict.missed:
        missed = _choice_list(question, post, list(verdict.missed), language)
        parts.append(style.escape(t(language, "verdict.missed", choices=missed)))
    if verdict.extra:
        extra = _choice_list(question, post, list(verdict.extra), language)
        lines = [t(language, "verdict.extra", choices=extra)]
        for choice in verdict.extra:
            note = question.notes.get(choice)
            if note is not None:
                letter = _shown_letter(post, choice)
                shown_note = shown(note.get(language))
                lines.append(t(language, "verdict.note", letter=letter, note=shown_note))
        parts.append(style.escape("\n".join(lines)))
    if question.type == "order" and not answer.correct and answer.response:
        picked = ARROW.join(
            _shown_letter(post, LETTERS.index(letter)) for letter in answer.response
        )
        order = [
            f"{position}. {_shown_letter(post, choice)}. {shown(text.get(language))}"
            for position, (choice, text) in enumerate(enumerate(question.choices), start=1)
        ]
        your = t(language, "verdict.your_order", order=picked)
        parts.append(style.escape("\n".join([your, *order])))
    return parts


def given(question: Question, post: Post, answer: Answer) -> str:
    """The answer as the player gave it, for "you already answered …"."""
    if question.type in ("multiple", "order") and answer.response:
        letters = [_shown_letter(post, LETTERS.index(letter)) for letter in answer.response]
        if question.type == "multiple":
            letters.sort()
        return "".join(letters)
    return answer.response or ""


def tally(answers: list[Answer], language: Language) -> str:
    """A closed question's count of right answers, where bars per choice say nothing."""
    if not answers:
        return t(language, "closed.nobody")
    right = sum(answer.correct for answer in answers)
    return t(language, "closed.right", right=right, count=len(answers))


def picks_alert(question: Question, picks: tuple[int, ...], language: Language) -> str:
    """What a tap on a `multiple` or `order` post tells the tapper alone: the picks so far
    (letters as shown on the post), and what is left to do."""
    if not picks:
        return t(language, "picks.none")
    letters = [LETTERS[pick] for pick in picks]
    if question.type == "order":
        left = len(question.choices) - len(picks)
        return t(language, "picks.order", order=ARROW.join(letters), left=left)
    return t(language, "picks.multiple", letters=", ".join(sorted(letters)))


def not_a_number(question: Question, language: Language) -> str:
    """A `number` answer that reads as no number: asked again, with an example."""
    unit = question.key.unit if isinstance(question.key, NumberKey) else ""
    example = number_text(0.25 if unit == "%" else 2.5, unit, language)
    return t(language, "typed.not_number", example=example)
