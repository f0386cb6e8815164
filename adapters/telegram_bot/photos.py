"""Pictures on Telegram: a question's picture is the message (sendPhoto, the card as caption),
and its bytes go up once per bot (Telegram's `file_id` kept in the store).

How a post says it is a photo: its message_ref, which the store keeps, starts with `photo:`
("photo:-100123:42"); a text post's is "-100123:42". So an edit picks editMessageCaption or
editMessageText from what was sent, not from a guess: a formula that failed to draw, or a card
too long for a caption, was sent as text and stays text.

Captions hold 1,024 characters (TELEGRAM_CAPTION). A question card longer than that is posted
as the photo alone, then the card as a text message with the keyboard (that message is the
post). A closed or updated caption that no longer fits is cut (`fit_caption`); callers that
close a question first try the card without its explanation and send the explanation after.

Which picture a message carries, and what a formula that cannot be drawn costs (its picture
only: the text already shows it in Unicode), is bot/pictures/message_pictures.py's.
"""

from __future__ import annotations

import html
import logging
import re
from typing import Any

from telegram import Bot, InlineKeyboardMarkup, Message
from telegram.constants import ParseMode
from telegram.error import BadRequest, TelegramError
from telegram.ext import ContextTypes

from adapters.platform_ids import TELEGRAM
from bot.domain.clock import Clock
from bot.domain.models import Language, Picture, Question
from bot.domain.platform_limits import TELEGRAM_CAPTION
from bot.pictures.message_pictures import MessagePictures
from bot.storage.interface import Store
from bot.text.markup import HtmlStyle
from bot.text.math_picture import FormulaPictures

log = logging.getLogger(__name__)
STYLE = HtmlStyle()
PHOTO = "photo:"
STALE_FILE_ID = ("wrong file identifier", "wrong remote file identifier", "file reference")
"""What Telegram says of a file_id it no longer honours (lower case, as PTB words it)."""
_TAG = re.compile(r"<[^>]*>")


def message_ref(message: Message) -> str:
    """The stored reference of a sent message: `photo:` first when it carries a photo."""
    ref = f"{message.chat_id}:{message.message_id}"
    return f"{PHOTO}{ref}" if message.photo else ref


def is_photo(ref: str) -> bool:
    return ref.startswith(PHOTO)


def fits_caption(text: str) -> bool:
    return STYLE.counted_length(text) <= TELEGRAM_CAPTION


def fit_caption(text: str) -> str:
    """The caption, or its visible text cut to the limit (markup dropped, so never broken)."""
    if fits_caption(text):
        return text
    visible = html.unescape(_TAG.sub("", text))
    return STYLE.escape(visible[: TELEGRAM_CAPTION - 1].rstrip() + "…")


class Photos:
    """One bot's pictures: drawn or found, sent (bytes once, then the file_id), edited."""

    def __init__(self, bot: Bot, store: Store, formulas: FormulaPictures, clock: Clock) -> None:
        self.bot = bot
        self.store = store
        self.pictures = MessagePictures(formulas, logger=log)
        self.clock = clock
        self._file_ids: dict[str, str] = {}
        """Digest -> file_id read or written here: the store is read once per picture."""

    @property
    def bot_key(self) -> str:
        """Telegram gives a file_id to one bot: "tg:<bot id>", the token's head."""
        return TELEGRAM.key(int(self.bot.token.split(":", 1)[0]))

    async def question_picture(self, question: Question, language: Language) -> Picture | None:
        return await self.pictures.of_question(question, language)

    async def explanation_picture(self, question: Question, language: Language) -> Picture | None:
        return await self.pictures.of_explanation(question, language)

    async def send(
        self,
        chat_id: int,
        text: str,
        picture: Picture | None,
        markup: InlineKeyboardMarkup | None = None,
        thread: int | None = None,
    ) -> str:
        """Post `text` (HTML) with its picture, if any; the post's message_ref."""
        if picture is not None and fits_caption(text):
            photo = await self.send_photo(chat_id, picture, text, markup, thread)
            return message_ref(photo)
        if picture is not None:  # too long for a caption: the picture, then the card
            await self.send_photo(chat_id, picture, None, None, thread)
        message = await self.bot.send_message(
            chat_id,
            text,
            parse_mode=ParseMode.HTML,
            reply_markup=markup,
            message_thread_id=thread,
        )
        return message_ref(message)

    async def send_photo(
        self,
        chat_id: int,
        picture: Picture,
        caption: str | None,
        markup: InlineKeyboardMarkup | None = None,
        thread: int | None = None,
        reply_to: int | None = None,
    ) -> Message:
        """sendPhoto by the file_id Telegram gave this bot, else by its bytes (and the new
        file_id kept). A file_id Telegram refuses is forgotten and the bytes sent instead."""
        options: dict[str, Any] = {
            "caption": caption,
            "parse_mode": ParseMode.HTML if caption else None,
            "reply_markup": markup,
            "message_thread_id": thread,
            "reply_to_message_id": reply_to,
        }
        file_id = await self._file_id(picture.digest)
        if file_id is not None:
            try:
                return await self.bot.send_photo(chat_id, file_id, **options)
            except BadRequest as error:
                if not any(stale in str(error).lower() for stale in STALE_FILE_ID):
                    raise
                log.info("Telegram refused picture %s's file_id: uploading it", picture.digest)
                self._file_ids.pop(picture.digest, None)
                await self.store.forget_sent_file(self.bot_key, picture.digest, file_id)
        message = await self.bot.send_photo(
            chat_id, picture.data, filename=picture.filename, **options
        )
        if message.photo:
            largest = max(message.photo, key=lambda size: size.width * size.height)
            self._file_ids[picture.digest] = largest.file_id
            await self.store.keep_sent_file(
                self.bot_key, picture.digest, largest.file_id, self.clock.now()
            )
        return message

    async def _file_id(self, digest: str) -> str | None:
        """The picture's file_id: this process's copy, else the store's (another worker's or
        an earlier run's). A copy gone stale elsewhere is refused once, then replaced."""
        found = self._file_ids.get(digest)
        if found is None:
            found = await self.store.sent_file(self.bot_key, digest)
            if found is not None:
                self._file_ids[digest] = found
        return found

    async def edit(self, ref: str, text: str, markup: InlineKeyboardMarkup | None) -> None:
        """Edit a post as it was sent: its caption (cut to fit) or its text. "Not modified"
        is no error (a redelivered close edits twice)."""
        chat, number = chat_of(ref), number_of(ref)
        try:
            if is_photo(ref):
                await self.bot.edit_message_caption(
                    chat_id=chat,
                    message_id=number,
                    caption=fit_caption(text),
                    parse_mode=ParseMode.HTML,
                    reply_markup=markup,
                )
            else:
                await self.bot.edit_message_text(
                    text,
                    chat_id=chat,
                    message_id=number,
                    parse_mode=ParseMode.HTML,
                    reply_markup=markup,
                )
        except BadRequest as error:
            if "not modified" not in str(error).lower():
                raise

    async def close(
        self,
        ref: str,
        whole: str,
        without_explanation: str,
        explanation: str | None,
        markup: InlineKeyboardMarkup | None,
    ) -> str | None:
        """Edit a post into its closed card; what is left to send after it: the explanation,
        when the whole card does not fit a photo's caption (None: nothing left)."""
        if not is_photo(ref) or fits_caption(whole) or explanation is None:
            await self.edit(ref, whole, markup)
            return None
        await self.edit(ref, without_explanation, markup)
        return explanation

    async def follow_up(
        self, ref: str, picture: Picture | None, text: str | None, thread: int | None = None
    ) -> None:
        """After a closed post, in reply to it: the explanation's picture, with the text left
        over as its caption when it fits, else the text on its own. Best effort: the closed
        card is already shown, so a failure here is logged, never a reason to post it again."""
        try:
            await self._follow_up(ref, picture, text, thread)
        except TelegramError as error:
            log.warning("could not send the explanation after message %s: %s", ref, error)

    async def _follow_up(
        self, ref: str, picture: Picture | None, text: str | None, thread: int | None
    ) -> None:
        chat, number = chat_of(ref), number_of(ref)
        if picture is not None:
            caption = text if text is not None and fits_caption(text) else None
            await self.send_photo(chat, picture, caption, thread=thread, reply_to=number)
            if caption is not None:
                return
        if text is not None:
            await self.bot.send_message(
                chat,
                text,
                parse_mode=ParseMode.HTML,
                message_thread_id=thread,
                reply_to_message_id=number,
            )


def photos_of(context: ContextTypes.DEFAULT_TYPE) -> Photos:
    """The application's Photos (app.py keeps it in bot_data), for handlers."""
    found: Photos = context.application.bot_data["photos"]
    return found


async def reply_with(
    update: Any, context: ContextTypes.DEFAULT_TYPE, text: str, picture: Picture | None
) -> None:
    """Answer in the update's chat (a private chat): the text, with its picture if any."""
    chat = update.effective_chat
    if chat is not None:
        await photos_of(context).send(chat.id, text, picture)


def number_of(ref: str) -> int:
    return int(ref.rsplit(":", 1)[1])


def chat_of(ref: str) -> int:
    """The chat a message is in ("photo:" or not)."""
    return int(ref.rsplit(":", 2)[-2])
