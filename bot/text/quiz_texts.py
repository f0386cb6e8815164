"""What the bot says of its quizzes: a quiz's line in a list, its intro and credit, the list,
an unknown name, the start button, and the help that names the default timer."""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain import payload, uploads
from bot.domain.models import Language, Quiz
from bot.domain.rules import DEFAULT_SECONDS
from bot.text.i18n import t
from bot.text.markup import PLAIN, Button, Style, clean_name


def quiz_line(quiz: Quiz, language: Language, style: Style = PLAIN) -> str:
    """One quiz in a list, with its credit on a second line when it has one."""
    line = style.escape(
        t(
            language,
            "quiz.line",
            id=uploads.shown_id(quiz.id),
            title=quiz.title.get(language),
            count=len(quiz.questions),
            difficulty=t(language, f"difficulty.{quiz.difficulty}"),
        )
    )
    credit = credit_line(quiz, language, style)
    return line if credit is None else f"{line}\n   {credit}"


def credit_line(quiz: Quiz, language: Language, style: Style = PLAIN) -> str | None:
    """ "Source: Open Trivia Database (https://opentdb.com) · CC BY-SA 4.0", or None."""
    credit = quiz.credit
    if credit is None:
        return None
    name = style.link(credit.name, credit.url) if credit.url else style.escape(credit.name)
    licence = f" · {style.escape(credit.licence)}" if credit.licence else ""
    return f"{style.escape(t(language, 'quiz.source'))} {name}{licence}"


def quiz_intro(quiz: Quiz, count: int, language: Language, style: Style = PLAIN) -> str:
    intro = t(
        language,
        "quiz.intro",
        title=quiz.title.get(language),
        count=count,
        difficulty=t(language, f"difficulty.{quiz.difficulty}"),
    )
    lines = [style.bold(style.escape(intro))]
    if quiz.description is not None:
        lines.append(style.escape(quiz.description.get(language)))
    credit = credit_line(quiz, language, style)
    if credit is not None:
        lines.append(credit)
    return "\n".join(lines)


def help_text(language: Language) -> str:
    return t(language, "help.text", seconds=DEFAULT_SECONDS)


def quiz_list(quizzes: Sequence[Quiz], language: Language, style: Style = PLAIN) -> str:
    """/quizzes: a heading and one line a quiz, or a line saying there is none."""
    if not quizzes:
        return style.escape(t(language, "quiz.none"))
    lines = [style.bold(style.escape(t(language, "quiz.list_title")))]
    return "\n".join(lines + [quiz_line(quiz, language, style) for quiz in quizzes])


def unknown_quiz(name: str, known: Sequence[str], language: Language) -> str:
    if not known:
        return t(language, "quiz.none")
    return t(language, "quiz.unknown", name=clean_name(name), names=", ".join(known))


def start_button(quiz: Quiz, language: Language) -> Button:
    return Button(
        t(language, "quiz.start_button", title=quiz.title.get(language)),
        payload.encode(payload.StartPress(uploads.shown_id(quiz.id))),
    )
