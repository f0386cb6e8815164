"""A question's texts, built from the catalogs, for any platform's markup: its card, its
verdicts, its closed card and votes (quizzes and /forgetme: quiz_texts.py, forget_texts.py).

Adapters pass a `Style` from `bot.text.markup` (plain, Telegram HTML, Discord Markdown);
every text a user wrote goes through its `escape`, a quiz author's through
`bot.text.authored` (escaped, formulas in Unicode, code as the platform writes code).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.domain.entities import Answer, Post
from bot.domain.models import LETTERS, Language, Question, Quiz
from bot.domain.platform_limits import TELEGRAM_ALERT as ALERT_LIMIT
from bot.domain.question_types import SINGLE
from bot.domain.rules import (
    Accepted,
    AlreadyAnswered,
    Refusal,
    Refused,
)
from bot.domain.views import PressResult
from bot.text import answer_buttons, answer_texts
from bot.text.authored import authored, shown
from bot.text.i18n import t
from bot.text.markup import PLAIN, Card, Style


def letter(index: int) -> str:
    return LETTERS[index]


def choice_lines(question: Question, post: Post, language: Language, style: Style) -> list[str]:
    return [
        f"{style.bold(letter(i))}. {authored(question.choices[choice].get(language), style)}"
        for i, choice in enumerate(post.order)
    ]


def question_header(quiz: Quiz, post: Post, language: Language) -> str:
    """ "<quiz title> · Question 3/8": the first line of every posted question, open or closed."""
    return t(
        language,
        "question.header",
        title=quiz.title.get(language),
        number=post.number,
        total=post.total,
    )


def question_card(
    quiz: Quiz,
    question: Question,
    post: Post,
    language: Language,
    style: Style = PLAIN,
    answered: int = 0,
    closes: str | None = None,
) -> Card:
    """The posted question: header, prompt, lettered choices, one button a letter."""
    header = question_header(quiz, post, language)
    parts = [style.bold(style.escape(header)), authored(question.prompt.get(language), style)]
    if question.choices:
        parts.append("\n".join(choice_lines(question, post, language, style)))
    parts.extend(hint_part(question, language, style))
    footer = []
    if answered:
        footer.append(t(language, "question.answered", count=answered))
    if closes:
        footer.append(t(language, "question.closes", when=closes))
    if footer:
        parts.append(style.italic(style.escape(" · ".join(footer))))
    return Card("\n\n".join(parts), answer_buttons.letter_buttons(post))


def hint_part(question: Question, language: Language, style: Style) -> list[str]:
    """What to do, in italics under the prompt, for a question that is not one choice."""
    hint = answer_texts.hint(question, language)
    return [] if hint is None else [style.italic(style.escape(hint))]


def verdict_line(question: Question, post: Post, answer: Answer, language: Language) -> str:
    """The one-line verdict: right or wrong, and the correct answer."""
    if question.type not in SINGLE:
        return answer_texts.verdict_line(question, post, answer, language)
    correct_index = post.correct_letter_index(question)
    key = "verdict.right" if answer.correct else "verdict.wrong"
    return t(
        language,
        key,
        letter=letter(correct_index),
        choice=shown(question.choices[question.answer].get(language)),
    )


def verdict(
    question: Question, post: Post, answer: Answer, language: Language, style: Style = PLAIN
) -> str:
    """The full private verdict: line, explanation, a note on the chosen choice, references."""
    return "\n\n".join(verdict_parts(question, post, answer, language, style))


def verdict_parts(
    question: Question, post: Post, answer: Answer, language: Language, style: Style = PLAIN
) -> list[str]:
    """The verdict's paragraphs, for a terminal that sets the first one apart."""
    parts = [
        style.bold(style.escape(verdict_line(question, post, answer, language))),
        *explanation_part(question, language, style),
    ]
    parts[1:1] = answer_texts.verdict_details(question, post, answer, language, style)
    note = question.notes.get(answer.choice)
    if note is not None and not answer.correct:
        chosen = letter(post.order.index(answer.choice))
        note_text = t(language, "verdict.note", letter=chosen, note=shown(note.get(language)))
        parts.append(style.escape(note_text))
    if question.references:
        links = [f"• {style.link(ref.title, ref.url)}" for ref in question.references]
        parts.append("\n".join([style.escape(t(language, "verdict.references")), *links]))
    return parts


def verdict_alert(question: Question, post: Post, answer: Answer, language: Language) -> str:
    """The verdict squeezed into a Telegram alert (≤200 chars), offering the full text; what
    was missed and picked wrongly too, when it fits."""
    line = verdict_line(question, post, answer, language)
    details = answer_texts.verdict_details(question, post, answer, language)
    if details and question.type == "multiple":
        with_details = "\n".join([line, *details])
        line = with_details if len(with_details) <= ALERT_LIMIT else line
    if question.explanation is None:
        return line[:ALERT_LIMIT]
    explanation = shown(question.explanation.get(language))  # an alert has no markup
    whole = f"{line}\n\n{explanation}"
    if len(whole) <= ALERT_LIMIT:
        return whole
    more = t(language, "verdict.more")
    room = ALERT_LIMIT - len(line) - len(more) - 5
    if room < 20:
        return line[:ALERT_LIMIT]
    cut = explanation[:room].rsplit(" ", 1)[0].rstrip(" ,;:.")
    return f"{line}\n\n{cut}…\n{more}"


def refusal(reason: Refusal, language: Language) -> str:
    key = "verdict.closed" if reason is Refusal.CLOSED else "verdict.invalid"
    return t(language, key)


VerdictText = Callable[[Question, Post, Answer, Language], str]
"""A platform's shape of a verdict: a full message, a one-line solo verdict, an alert."""


def press_reply(result: PressResult, language: Language, verdict: VerdictText) -> str:
    """What the presser alone reads: the verdict and why, or why nothing was counted."""
    outcome, view = result.outcome, result.view
    if isinstance(outcome, Accepted) and view is not None:
        return verdict(view.question, view.post, outcome.answer, language)
    if isinstance(outcome, AlreadyAnswered) and view is not None:
        return already_answered(view.post, outcome.first, language, view.question)
    reason = outcome.reason if isinstance(outcome, Refused) else Refusal.INVALID_CHOICE
    return refusal(reason, language)


def already_answered(
    post: Post, first: Answer, language: Language, question: Question | None = None
) -> str:
    if question is not None and question.type not in SINGLE:
        given = answer_texts.given(question, post, first)
        return t(language, "verdict.already_typed", answer=given)
    return t(language, "verdict.already", letter=letter(post.order.index(first.choice)))


def closed_card(
    quiz: Quiz,
    question: Question,
    post: Post,
    answers: Sequence[Answer],
    language: Language,
    style: Style = PLAIN,
    header: str | None = None,
) -> Card:
    """The question once closed: correct answer, how the group voted, the explanation; under
    `header`, or a round's "Question 3/8 · title"."""
    if header is None:
        header = question_header(quiz, post, language)
    if question.type in SINGLE:
        correct = post.correct_letter_index(question)
        choice = question.choices[question.answer].get(language)
        closed = t(language, "closed.answer", letter=letter(correct), choice=shown(choice))
        bars = vote_bars(post, answers, correct, language, style)
    else:
        right = answer_texts.right_answer(question, post, language)
        closed = t(language, "closed.answer_typed", answer=right)
        bars = style.escape(answer_texts.tally(list(answers), language))
    parts = [
        style.bold(style.escape(header)),
        authored(question.prompt.get(language), style),
        style.bold(style.escape(closed)),
        bars,
        *explanation_part(question, language, style),
    ]
    return Card("\n\n".join(parts))


def explanation_part(question: Question, language: Language, style: Style) -> list[str]:
    """The explanation as a paragraph, or none when the quiz gives none (imported cards)."""
    if question.explanation is None:
        return []
    return [authored(question.explanation.get(language), style)]


def vote_bars(
    post: Post, answers: Sequence[Answer], correct: int, language: Language, style: Style
) -> str:
    if not answers:
        return style.escape(t(language, "closed.nobody"))
    counts = [0] * len(post.order)
    for answer in answers:
        counts[post.order.index(answer.choice)] += 1
    total = len(answers)
    lines = []
    for index, count in enumerate(counts):
        filled = round(10 * count / total)
        mark = " ✅" if index == correct else ""
        share = round(100 * count / total)
        lines.append(
            f"{letter(index)} {'█' * filled}{'░' * (10 - filled)} {count} ({share}%){mark}"
        )
    lines.append(t(language, "closed.votes", count=total))
    return style.escape("\n".join(lines))
