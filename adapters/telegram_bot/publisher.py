"""How rounds look on Telegram: HTML messages with letter buttons, edited as they close."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest

from bot.domain import payload
from bot.domain.entities import Round
from bot.domain.models import Language, pick_language
from bot.play.review import someone_missed
from bot.play.service import ClosedView, QuestionView, RoundSummary
from bot.text import boards as board_render
from bot.text import markup, render
from bot.text.i18n import t

log = logging.getLogger(__name__)
STYLE = markup.HtmlStyle()


def chat_number(chat_id: str) -> int:
    """Telegram's chat id from our namespaced one ("tg:-100123" → -100123)."""
    return int(chat_id.removeprefix("tg:"))


def message_number(message_ref: str) -> int:
    return int(message_ref.rsplit(":", 1)[1])


def explanation_link(bot_username: str, post_id: int) -> str:
    """Deep link that opens the private chat and shows the full explanation of a post."""
    return f"https://t.me/{bot_username}?start=ex_{post_id}"


REVIEW_START = "review"


def review_link(bot_username: str) -> str:
    """Deep link that opens the private chat on a review of the user's misses."""
    return f"https://t.me/{bot_username}?start={REVIEW_START}"


def keyboard(
    buttons: list[list[markup.Button]], links: Sequence[tuple[str, str]] = ()
) -> InlineKeyboardMarkup:
    rows = [
        [InlineKeyboardButton(b.label, callback_data=b.payload) for b in row] for row in buttons
    ]
    if links:
        rows.append([InlineKeyboardButton(label, url=url) for label, url in links])
    return InlineKeyboardMarkup(rows)


def closes_text(view: QuestionView, language: Language) -> str | None:
    deadline = view.post.deadline
    if deadline is None:
        return None
    return t(language, "time.at", time=deadline.astimezone(UTC).strftime("%H:%M:%S"))


class TelegramPublisher:
    """Implements bot.rounds.Publisher with the Bot API."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def question_markup(self, round_: Round, view: QuestionView) -> InlineKeyboardMarkup:
        language = pick_language(round_.language)
        card = render.question_card(view.quiz, view.question, view.post, language, STYLE)
        if round_.mode == "solo":
            return keyboard([list(card.buttons)])
        reveal = markup.Button(
            t(language, "question.reveal_button"),
            payload.encode(payload.RevealPress(view.post.post_id)),
        )
        link = (
            t(language, "question.explain_button"),
            explanation_link(self.bot.username, view.post.post_id),
        )
        return keyboard([list(card.buttons), [reveal]], [link])

    def question_text(self, round_: Round, view: QuestionView, answered: int) -> str:
        language = pick_language(round_.language)
        return render.question_card(
            view.quiz,
            view.question,
            view.post,
            language,
            STYLE,
            answered=answered,
            closes=closes_text(view, language),
        ).text

    async def post_question(self, round_: Round, view: QuestionView) -> str:
        message = await self.bot.send_message(
            chat_number(round_.chat_id),
            self.question_text(round_, view, 0),
            parse_mode=ParseMode.HTML,
            reply_markup=self.question_markup(round_, view),
        )
        return f"{message.chat_id}:{message.message_id}"

    async def update_question(self, round_: Round, view: QuestionView, answered: int) -> None:
        if view.post.message_ref is None:
            return
        await self._edit(
            round_,
            view.post.message_ref,
            self.question_text(round_, view, answered),
            self.question_markup(round_, view),
        )

    async def show_results(self, round_: Round, closed: ClosedView) -> None:
        view = closed.view
        if view.post.message_ref is None:
            return
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
        await self._edit(round_, view.post.message_ref, text, None)

    async def post_summary(self, round_: Round, summary: RoundSummary) -> None:
        language = pick_language(round_.language)
        text = board_render.round_summary(
            summary.quiz,
            summary.ranking,
            summary.round.total,
            language,
            STYLE,
            stopped=summary.stopped,
        )
        missed = round_.mode == "group" and someone_missed(summary)
        links = [(t(language, "review.button"), review_link(self.bot.username))] if missed else []
        await self.bot.send_message(
            chat_number(round_.chat_id),
            text,
            parse_mode=ParseMode.HTML,
            reply_markup=keyboard([], links) if links else None,
        )

    async def _edit(
        self, round_: Round, message_ref: str, text: str, markup: InlineKeyboardMarkup | None
    ) -> None:
        try:
            await self.bot.edit_message_text(
                text,
                chat_id=chat_number(round_.chat_id),
                message_id=message_number(message_ref),
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
            )
        except BadRequest as error:
            if "not modified" not in str(error).lower():
                raise
