"""How rounds look on Telegram: HTML messages with letter buttons, edited as they close."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from datetime import datetime

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode

from adapters.platform_ids import TELEGRAM
from adapters.telegram_bot import photos as photo_refs
from adapters.telegram_bot.gone import translated
from adapters.telegram_bot.photos import Photos
from adapters.telegram_bot.topics import thread_of
from bot.domain import payload
from bot.domain.clock import Clock, SystemClock
from bot.domain.entities import Round
from bot.domain.models import Language, Question, pick_language
from bot.domain.platform_limits import TELEGRAM_MESSAGE
from bot.domain.question_types import TYPED
from bot.domain.views import ClosedView, QuestionView, RoundSummary
from bot.play.review import someone_missed
from bot.text import answer_buttons, boards, durations, markup, render
from bot.text.i18n import t

log = logging.getLogger(__name__)
STYLE = markup.HtmlStyle()


def chat_number(chat_id: str) -> int:
    """Telegram's chat id from our namespaced one ("tg:-100123" → -100123)."""
    return TELEGRAM.number(chat_id)


def message_number(message_ref: str) -> int:
    return photo_refs.number_of(message_ref)


def message_chat(message_ref: str) -> int:
    """The chat a message is in: after a group's upgrade, not the round's (new) chat, whose
    message numbers start again, so an edit there could change another message."""
    return photo_refs.chat_of(message_ref)


def without_explanation(closed: ClosedView) -> ClosedView:
    """The closed question minus its explanation: a caption that must be shorter."""
    question = dataclasses.replace(closed.view.question, explanation=None)
    return dataclasses.replace(closed, view=dataclasses.replace(closed.view, question=question))


def explanation_text(question: Question, language: Language) -> str | None:
    """The explanation alone (HTML), as sent after a caption too short to hold it."""
    parts = render.explanation_part(question, language, STYLE)
    return parts[0] if parts else None


def explanation_link(bot_username: str, post_id: int) -> str:
    """Deep link that opens the private chat and shows the full explanation of a post."""
    return f"https://t.me/{bot_username}?start=ex_{post_id}"


FLAG_START = "flag_"
"""`t.me/<bot>?start=flag_<post id>` asks, in the private chat, why the question is flagged."""


def flag_markup(bot_username: str, post_id: int) -> InlineKeyboardMarkup:
    """⚑ under every closed question: a deep link (its payload: `flag_` and digits, ≤ 64)."""
    return keyboard([], [("⚑", f"https://t.me/{bot_username}?start={FLAG_START}{post_id}")])


TYPED_START = "ans_"


def typed_link(bot_username: str, post_id: int) -> str:
    """Deep link that opens the private chat to type the answer to a `text` or `number` post
    (`ans_<post>`: letters, digits and `_`, well under the 64 a start parameter allows)."""
    return f"https://t.me/{bot_username}?start={TYPED_START}{post_id}"


def answer_rows(view: QuestionView, language: Language) -> list[list[markup.Button]]:
    """The letter buttons of a post, and Submit under a `multiple` question."""
    letters = list(answer_buttons.letter_buttons(view.post))
    rows = [letters] if letters else []
    if view.question.type == "multiple":
        rows.append([answer_buttons.submit_button(view.post, language)])
    return rows


def typed_links(bot_username: str, view: QuestionView, language: Language) -> list[Link]:
    """The "Answer in private" link of a `text` or `number` post shared in a group."""
    if view.question.type not in TYPED:
        return []
    return [(t(language, "question.type_button"), typed_link(bot_username, view.post.post_id))]


REVIEW_START = "review"


def review_link(bot_username: str) -> str:
    """Deep link that opens the private chat on a review of the user's misses."""
    return f"https://t.me/{bot_username}?start={REVIEW_START}"


Link = tuple[str, str]
"""A URL button: its label and its address."""


def keyboard(
    buttons: list[list[markup.Button]], links: Sequence[Link] = ()
) -> InlineKeyboardMarkup:
    rows = [
        [InlineKeyboardButton(b.label, callback_data=b.payload) for b in row] for row in buttons
    ]
    if links:
        rows.append([InlineKeyboardButton(label, url=url) for label, url in links])
    return InlineKeyboardMarkup(rows)


def closes_text(view: QuestionView, now: datetime, language: Language) -> str | None:
    """How long the question stays open, from `now`: Telegram has no live countdown."""
    deadline = view.post.deadline
    return None if deadline is None else durations.closes_in(deadline, now, language)


class TelegramPublisher:
    """Implements bot.play.publisher.Publisher with the Bot API; a question with a picture is
    a photo with the card as caption (photos.py)."""

    def __init__(self, bot: Bot, photos: Photos, clock: Clock | None = None) -> None:
        self.bot = bot
        self.photos = photos
        self.clock = clock or SystemClock()

    def question_markup(self, round_: Round, view: QuestionView) -> InlineKeyboardMarkup | None:
        language = pick_language(round_.language)
        rows = answer_rows(view, language)
        if round_.mode == "solo":  # a typed answer is simply typed in the private chat
            return keyboard(rows) if rows else None
        reveal = markup.Button(
            t(language, "question.reveal_button"),
            payload.encode(payload.RevealPress(view.post.post_id)),
        )
        link = (
            t(language, "question.explain_button"),
            explanation_link(self.bot.username, view.post.post_id),
        )
        typed = typed_links(self.bot.username, view, language)
        return keyboard([*rows, [reveal]], [*typed, link])

    def question_text(self, round_: Round, view: QuestionView, answered: int) -> str:
        language = pick_language(round_.language)
        return render.question_card(
            view.quiz,
            view.question,
            view.post,
            language,
            STYLE,
            answered=answered,
            closes=closes_text(view, self.clock.now(), language),
        ).text

    async def post_question(self, round_: Round, view: QuestionView) -> str:
        language = pick_language(round_.language)
        picture = await self.photos.question_picture(view.question, language)
        with translated():
            return await self.photos.send(
                chat_number(round_.chat_id),
                self.question_text(round_, view, 0),
                picture,
                self.question_markup(round_, view),
                thread_of(round_.channel_ref),
            )

    async def update_question(self, round_: Round, view: QuestionView, answered: int) -> None:
        if view.post.message_ref is None:
            return
        with translated():
            await self.photos.edit(
                view.post.message_ref,
                self.question_text(round_, view, answered),
                self.question_markup(round_, view),
            )

    async def show_results(self, round_: Round, closed: ClosedView) -> None:
        """The post becomes its closed card; then, in reply, the explanation's picture and
        whatever of the explanation a caption could not hold."""
        ref = closed.view.post.message_ref
        if ref is None:
            return
        language = pick_language(round_.language)
        question = closed.view.question
        with translated():
            left = await self.photos.close(
                ref,
                self.results_text(round_, closed),
                self.results_text(round_, without_explanation(closed)),
                explanation_text(question, language),
                flag_markup(self.bot.username, closed.view.post.post_id),
            )
            picture = await self.photos.explanation_picture(question, language)
            await self.photos.follow_up(ref, picture, left, thread_of(round_.channel_ref))

    async def post_results(self, round_: Round, closed: ClosedView) -> None:
        language = pick_language(round_.language)
        picture = await self.photos.explanation_picture(closed.view.question, language)
        with translated():
            await self.photos.send(
                chat_number(round_.chat_id),
                self.results_text(round_, closed),
                picture,
                flag_markup(self.bot.username, closed.view.post.post_id),
                thread_of(round_.channel_ref),
            )

    def results_text(self, round_: Round, closed: ClosedView) -> str:
        view = closed.view
        language = pick_language(round_.language)
        if round_.mode == "solo" and closed.answers:
            header = render.question_card(view.quiz, view.question, view.post, language, STYLE)
            text = "\n\n".join(
                [
                    header.text,
                    render.verdict(view.question, view.post, closed.answers[0], language, STYLE),
                ]
            )
        else:
            text = render.closed_card(
                view.quiz, view.question, view.post, closed.answers, language, STYLE
            ).text
        return text

    async def post_summary(self, round_: Round, summary: RoundSummary) -> None:
        language = pick_language(round_.language)
        text = boards.summary_of(summary, STYLE, TELEGRAM_MESSAGE)
        missed = round_.mode == "group" and someone_missed(summary)
        links = [(t(language, "review.button"), review_link(self.bot.username))] if missed else []
        with translated():
            await self.bot.send_message(
                chat_number(round_.chat_id),
                text,
                parse_mode=ParseMode.HTML,
                message_thread_id=thread_of(round_.channel_ref),
                reply_markup=keyboard([], links) if links else None,
            )
