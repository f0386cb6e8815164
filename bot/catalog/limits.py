"""Platform limits, checked against the text the bot will really send for each question.

Checking the rendered text (not only the raw fields) is what makes a quiz that passes
`quizbot validate` safe to post: headers, letters and markup count too.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

from bot.catalog import limit_bounds as bounds
from bot.catalog.caption_limits import caption_problems, has_picture
from bot.catalog.field_reader import language_name
from bot.domain.entities import Answer, Post
from bot.domain.judging import NO_CHOICE, written_letters
from bot.domain.models import Language, Question, Quiz, primary, ui_language
from bot.domain.payload import LARGEST_POST_ID
from bot.domain.platform_limits import (
    DISCORD_BUTTON_LABEL,
    DISCORD_MESSAGE,
    TELEGRAM_ALERT,
    TELEGRAM_CALLBACK_DATA,
    TELEGRAM_MESSAGE,
)
from bot.domain.question_types import SINGLE, SetKey
from bot.text import markup, quiz_texts, render

Finding = tuple[str | None, str]


def check_quiz(quiz: Quiz, *, exact: bool = False) -> list[Finding]:
    """Every limit the quiz breaks, as (question id or None, message).

    Texts that a cheap bound (bot/catalog/limit_bounds.py) proves short enough are not rendered;
    `exact` renders every one (the tests compare both).
    """
    fast = None if exact else _Fast(quiz)
    findings: list[Finding] = list(_check_start(quiz))
    for question in quiz.questions:
        messages = _check_question(quiz, question, fast)
        findings.extend((question.id, message) for message in messages)
    return findings


def _check_start(quiz: Quiz) -> Iterator[Finding]:
    for language in quiz.render_languages():
        button = quiz_texts.start_button(quiz, language)
        if len(button.label) > DISCORD_BUTTON_LABEL:
            yield (
                None,
                (
                    f"the start button '{button.label}' is {len(button.label)} characters "
                    f"in {_shown_in(quiz, language)}; Discord labels hold "
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


def _shown_in(quiz: Quiz, language: Language) -> str:
    """How a message names the language a text was measured in: "French" for a bilingual
    quiz; "'de' with the bot's French words" where a quiz's language meets the bot's other."""
    content = quiz.languages[0]
    for code in quiz.languages:
        if primary(code) == language:
            content = code
    words = ui_language(language)
    if content == words:
        return language_name(content)
    return f"{language_name(content)} with the bot's {language_name(words)} words"


def _sample_post(quiz: Quiz, question: Question) -> Post:
    moment = datetime(2000, 1, 1, tzinfo=UTC)
    return Post(
        post_id=LARGEST_POST_ID,
        chat_id="chat",
        quiz_id=quiz.id,
        question_id=question.id,
        order=tuple(range(len(question.choices))),
        number=len(quiz.questions),
        total=len(quiz.questions),
        opened_at=moment,
        deadline=moment,
        round_id=None,
    )


HTML = markup.HtmlStyle()
MARKDOWN = markup.MarkdownStyle()
STYLES = (
    (HTML, "Telegram message", TELEGRAM_MESSAGE),
    (MARKDOWN, "Discord message", DISCORD_MESSAGE),
)
SAMPLE_ANSWERED = 10**6
SAMPLE_CLOSES = "in 10 minutes"
"""The footer of the question message at its longest."""


def _check_question(quiz: Quiz, question: Question, fast: _Fast | None) -> Iterator[str]:
    """`fast` skips the texts its bounds prove short enough; None renders every text (the
    bounds know one-choice questions only: the other types are always rendered)."""
    post = _sample_post(quiz, question)
    if question.type not in SINGLE:
        fast = None
    for language in quiz.render_languages():
        name = _shown_in(quiz, language)
        if has_picture(question, language):
            votes = _every_vote(post, question)
            footer = (SAMPLE_ANSWERED, SAMPLE_CLOSES)
            yield from caption_problems(quiz, question, post, votes, language, name, footer)
        raw = bounds.Lengths.raw(question, language) if fast is not None else None
        if fast is not None and raw is not None and fast.all_fit(question, post, language, raw):
            continue  # the common case: nothing to render in this language
        if fast is None or raw is None or not fast.verdicts_fit(question, post, language, raw):
            yield from _check_verdicts(question, post, language, name)
        card = None
        for style, style_name, limit in STYLES:
            if fast and raw and fast.cards_fit(question, post, language, style, limit, raw):
                continue
            card = render.question_card(
                quiz,
                question,
                post,
                language,
                style,
                answered=SAMPLE_ANSWERED,
                closes=SAMPLE_CLOSES,
            )
            if (length := style.counted_length(card.text)) > limit:
                yield (
                    f"the question message is {length} characters in {name}; "
                    f"a {style_name} holds {limit}"
                )
            closed = render.closed_card(
                quiz, question, post, _every_vote(post, question), language, style
            )
            if (length := style.counted_length(closed.text)) > TELEGRAM_MESSAGE:
                yield (
                    f"the results message is {length} characters in {name}; "
                    f"a {style_name.split()[0]} results message holds {TELEGRAM_MESSAGE}"
                )
        for button in card.buttons if card else ():
            size = len(button.payload.encode())
            if size > TELEGRAM_CALLBACK_DATA:
                yield f"button data is {size} bytes; Telegram allows {TELEGRAM_CALLBACK_DATA}"


Shape = tuple[Language, int, int, bool, int]
"""What the fixed parts of a question's texts depend on: the language, the number of choices,
the answer, whether there are notes, the number of references."""


class _Fast:
    """What lets one quiz's checks skip rendering: its bounds, and its vote bars' lengths."""

    def __init__(self, quiz: Quiz) -> None:
        size = len(quiz.questions)
        self.bounds = bounds.QuizBounds(quiz, size, size, SAMPLE_ANSWERED, SAMPLE_CLOSES)
        self.buttons_fit = bounds.answer_button_bytes(LARGEST_POST_ID) <= TELEGRAM_CALLBACK_DATA
        self.vote_bars: dict[tuple[int, int, Language, markup.Style], int] = {}
        self.shapes: dict[Shape, list[tuple[bounds.Bound, int]]] = {}

    def all_fit(
        self, question: Question, post: Post, language: Language, raw: bounds.Lengths
    ) -> bool:
        """Every text of `question` in `language` fits with each character at its worst: the
        common case, checked at once with the bounds of every question of the same shape."""
        if not self.buttons_fit:
            return False
        for bound, limit in self._bounds(question, post, language):
            if bound.worst.of(raw) > limit:
                return False
        return True

    def _bounds(
        self, question: Question, post: Post, language: Language
    ) -> list[tuple[bounds.Bound, int]]:
        notes, references = bool(question.notes), len(question.references)
        shape = (language, len(question.choices), question.answer, notes, references)
        if shape not in self.shapes:
            found = [
                (bounds.verdict_line(language, markup.PLAIN), TELEGRAM_ALERT),
                (bounds.verdict(language, MARKDOWN, notes, references), DISCORD_MESSAGE),
            ]
            for style, _, limit in STYLES:
                found += self._card_bounds(question, post, language, style, limit)
            self.shapes[shape] = found
        return self.shapes[shape]

    def _card_bounds(
        self, question: Question, post: Post, language: Language, style: markup.Style, limit: int
    ) -> list[tuple[bounds.Bound, int]]:
        key = (len(question.choices), question.answer, language, style)
        if key not in self.vote_bars:
            correct = post.correct_letter_index(question)
            bars = render.vote_bars(post, _every_vote(post, question), correct, language, style)
            self.vote_bars[key] = len(bars)
        return [
            (self.bounds.question_card(language, style, len(question.choices)), limit),
            (self.bounds.closed_card(language, style, self.vote_bars[key]), TELEGRAM_MESSAGE),
        ]

    def verdicts_fit(
        self, question: Question, post: Post, language: Language, raw: bounds.Lengths
    ) -> bool:
        """_check_verdicts would find nothing."""
        line, full = self._bounds(question, post, language)[:2]
        return bounds.fit([line], question, language, raw) and bounds.fit(
            [full], question, language, raw
        )

    def cards_fit(
        self,
        question: Question,
        post: Post,
        language: Language,
        style: markup.Style,
        limit: int,
        raw: bounds.Lengths,
    ) -> bool:
        """Neither the question message (`limit`) nor the results message can break a
        limit in `style`, and no answer button can (buttons are the same in every style)."""
        if not self.buttons_fit:
            return False
        checks = self._card_bounds(question, post, language, style, limit)
        return bounds.fit(checks, question, language, raw)


def _check_verdicts(
    question: Question, post: Post, language: Language, name: str
) -> Iterator[str]:
    for answer in _every_vote(post, question):
        line = render.verdict_line(question, post, answer, language)
        if len(line) > TELEGRAM_ALERT:
            yield (
                f"the short verdict line is {len(line)} characters in {name}; "
                f"Telegram alerts hold {TELEGRAM_ALERT} (shorten the correct choice)"
            )
            return
        full = render.verdict(question, post, answer, language, MARKDOWN)
        if len(full) > DISCORD_MESSAGE:
            yield (
                f"the private verdict is {len(full)} characters in {name}; "
                f"a Discord message holds {DISCORD_MESSAGE}"
            )
            return


def _every_vote(post: Post, question: Question) -> list[Answer]:
    """One answer for each choice, so every bar line is drawn; for the other types, a right
    answer and the wrong one with the longest verdict (every right choice missed and every
    wrong one picked, the order backwards)."""
    if question.type not in SINGLE:
        return [
            Answer(post.post_id, "u0", NO_CHOICE, True, post.opened_at, 10**6),
            Answer(post.post_id, "u1", NO_CHOICE, False, post.opened_at, 10**6, _worst(question)),
        ]
    return [
        Answer(post.post_id, f"u{index}", index, index == question.answer, post.opened_at, 10**6)
        for index in range(len(question.choices))
    ]


def _worst(question: Question) -> str | None:
    """The stored response whose verdict says the most."""
    count = len(question.choices)
    if question.type == "order":
        return written_letters(tuple(reversed(range(count))))
    key = question.key
    if question.type == "multiple" and isinstance(key, SetKey):
        return written_letters(tuple(i for i in range(count) if i not in key.rights))
    return None
