"""Platform limits, checked against the text the bot will really send for each question.

Checking the rendered text (not only the raw fields) is what makes a quiz that passes
`quizbot validate` safe to post: headers, letters and markup count too.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

from bot import markup, render
from bot.engine import Answer, Post
from bot.models import LANGUAGES, Language, Question, Quiz

TELEGRAM_ALERT = 200
TELEGRAM_MESSAGE = 4096
TELEGRAM_CALLBACK_DATA = 64
DISCORD_MESSAGE = 2000
DISCORD_EMBED_DESCRIPTION = 4096
DISCORD_BUTTON_LABEL = 80
DISCORD_CUSTOM_ID = 100
LARGEST_POST_ID = 10**18 - 1
"""The largest id the button data format allows; used to measure the longest button data."""

LANGUAGE_NAMES = {"en": "English", "fr": "French"}

Finding = tuple[str | None, str]


def check_quiz(quiz: Quiz) -> list[Finding]:
    """Every limit the quiz breaks, as (question id or None, message)."""
    findings: list[Finding] = list(_check_start(quiz))
    for question in quiz.questions:
        findings.extend((question.id, message) for message in _check_question(quiz, question))
    return findings


def _check_start(quiz: Quiz) -> Iterator[Finding]:
    for language in LANGUAGES:
        button = render.start_button(quiz, language)
        if len(button.label) > DISCORD_BUTTON_LABEL:
            yield (
                None,
                (
                    f"the start button '{button.label}' is {len(button.label)} characters "
                    f"in {LANGUAGE_NAMES[language]}; Discord labels hold "
                    f"{DISCORD_BUTTON_LABEL}"
                ),
            )
        size = len(button.payload.encode())
        if size > TELEGRAM_CALLBACK_DATA:
            yield (
                None,
                (
                    f"the start button data is {size} bytes; Telegram allows "
                    f"{TELEGRAM_CALLBACK_DATA}"
                ),
            )


def _sample_post(quiz: Quiz, question: Question) -> Post:
    moment = datetime(2000, 1, 1, tzinfo=UTC)
    return Post(
        LARGEST_POST_ID,
        "chat",
        quiz.id,
        question.id,
        tuple(range(len(question.choices))),
        len(quiz.questions),
        len(quiz.questions),
        moment,
        moment,
    )


def _check_question(quiz: Quiz, question: Question) -> Iterator[str]:
    post = _sample_post(quiz, question)
    for language in LANGUAGES:
        name = LANGUAGE_NAMES[language]
        yield from _check_verdicts(question, post, language, name)
        for style, style_name, limit in (
            (markup.HtmlStyle(), "Telegram message", TELEGRAM_MESSAGE),
            (markup.MarkdownStyle(), "Discord message", DISCORD_MESSAGE),
        ):
            card = render.question_card(
                quiz, question, post, language, style, answered=10**6, closes="in 10 minutes"
            )
            if len(card.text) > limit:
                yield (
                    f"the question message is {len(card.text)} characters in {name}; "
                    f"a {style_name} holds {limit}"
                )
            closed = render.closed_card(
                quiz, question, post, _every_vote(post, question), language, style
            )
            if len(closed.text) > TELEGRAM_MESSAGE:
                yield (
                    f"the results message is {len(closed.text)} characters in {name}; "
                    f"a {style_name.split()[0]} results message holds {TELEGRAM_MESSAGE}"
                )
        for button in card.buttons:
            size = len(button.payload.encode())
            if size > TELEGRAM_CALLBACK_DATA:
                yield f"button data is {size} bytes; Telegram allows {TELEGRAM_CALLBACK_DATA}"


def _check_verdicts(
    question: Question, post: Post, language: Language, name: str
) -> Iterator[str]:
    for index in range(len(question.choices)):
        answer = Answer(post.post_id, "user", index, index == question.answer, post.opened_at, 0)
        line = render.verdict_line(question, post, answer, language)
        if len(line) > TELEGRAM_ALERT:
            yield (
                f"the short verdict line is {len(line)} characters in {name}; "
                f"Telegram alerts hold {TELEGRAM_ALERT} (shorten the correct choice)"
            )
            return
        full = render.verdict(question, post, answer, language, markup.MarkdownStyle())
        if len(full) > DISCORD_MESSAGE:
            yield (
                f"the private verdict is {len(full)} characters in {name}; "
                f"a Discord message holds {DISCORD_MESSAGE}"
            )
            return


def _every_vote(post: Post, question: Question) -> list[Answer]:
    """One answer for each choice, so every bar line is drawn."""
    return [
        Answer(post.post_id, f"u{index}", index, index == question.answer, post.opened_at, 10**6)
        for index in range(len(question.choices))
    ]
