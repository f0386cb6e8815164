"""The caption limit: on Telegram a question with a picture is a photo whose caption is the
question card, and its closed card once edited (`editMessageCaption`), 1,024 characters instead
of a message's 4,096. A daily post of the question is a caption too: the longer of the two
is what must fit (its line about the previous day's answer is not counted: it depends on
another question).

A question has a picture when its author gave one (`image`), or when its prompt or choices hold a
formula Unicode cannot show (bot/text/authored.question_pictures): that message is posted with
the formulas' card, so its text is a caption too.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from bot.domain.entities import Answer, Post
from bot.domain.models import Language, Question, Quiz
from bot.domain.platform_limits import TELEGRAM_CAPTION
from bot.text import render
from bot.text.authored import question_pictures
from bot.text.daily_texts import daily_card
from bot.text.i18n import t
from bot.text.markup import HtmlStyle

HTML = HtmlStyle()


def has_picture(question: Question, language: Language) -> bool:
    """Whether the question's message goes with a picture in `language`."""
    return question.image is not None or bool(question_pictures(question, language))


def caption_problems(
    quiz: Quiz,
    question: Question,
    post: Post,
    votes: Sequence[Answer],
    language: Language,
    shown_in: str,
    footer: tuple[int, str],
) -> Iterator[str]:
    """What breaks the caption limit in `language` (`shown_in` names it for the message):
    the open question (with its longest `footer`: answered, closes) or the closed one.
    Only for a question that `has_picture`."""
    answered, closes = footer
    round_card = render.question_card(
        quiz, question, post, language, HTML, answered=answered, closes=closes
    )
    opened = _longest(
        ("in a round", round_card.text),
        ("as a daily post", daily_card(quiz, question, post, language, HTML).text),
    )
    daily = t(language, "daily.header", title=quiz.title.get(language))
    closed = _longest(
        ("in a round", render.closed_card(quiz, question, post, votes, language, HTML).text),
        (
            "as a daily post",
            render.closed_card(quiz, question, post, votes, language, HTML, daily).text,
        ),
    )
    why = _why(question)
    for (length, where), what, shorten in (
        (opened, "question", "the prompt or the choices"),
        (closed, "closed question", "the explanation or the prompt"),
    ):
        if length > TELEGRAM_CAPTION:
            yield (
                f"the {what} is {length} characters {where} in {shown_in}; with {why} it is a "
                f"Telegram caption, which holds {TELEGRAM_CAPTION} (shorten {shorten})"
            )


def _longest(*texts: tuple[str, str]) -> tuple[int, str]:
    """The longest of these texts as Telegram counts it, and where it is shown."""
    return max((HTML.counted_length(text), where) for where, text in texts)


def _why(question: Question) -> str:
    return "its picture" if question.image is not None else "its formulas' picture"
