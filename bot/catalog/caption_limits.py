"""The caption limit: on Telegram a question with a picture is a photo whose caption is the
question card, and its closed card once edited (`editMessageCaption`), 1,024 characters instead
of a message's 4,096.

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
    card = render.question_card(
        quiz, question, post, language, HTML, answered=answered, closes=closes
    )
    why = _why(question)
    if (length := HTML.counted_length(card.text)) > TELEGRAM_CAPTION:
        yield (
            f"the question is {length} characters in {shown_in}; with {why} it is a Telegram "
            f"caption, which holds {TELEGRAM_CAPTION} (shorten the prompt or the choices)"
        )
    closed = render.closed_card(quiz, question, post, votes, language, HTML)
    if (length := HTML.counted_length(closed.text)) > TELEGRAM_CAPTION:
        yield (
            f"the closed question is {length} characters in {shown_in}; with {why} it is a "
            f"Telegram caption, which holds {TELEGRAM_CAPTION} (shorten the explanation)"
        )


def _why(question: Question) -> str:
    return "its picture" if question.image is not None else "its formulas' picture"
