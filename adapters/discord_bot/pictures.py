"""Pictures on Discord: a question's picture is a file attached to its message and shown as
its embed's image (`attachment://<filename>`), as Discord documents; CDN links expire, so the
bot re-attaches rather than links.

Edits keep what is attached: discord.py sends no `attachments` key unless told to, and
Discord then keeps every attachment, so an edited embed may still name `attachment://…`.
A closed card adds the explanation's picture as a second embed; the edit then attaches both
again (`attachments=[question, explanation]`: a list replaces what the message had), so no
attachment id has to be remembered across a restart.

Which picture a message carries, and what happens when a formula cannot be drawn, is
bot/pictures/message_pictures.py's (both bots share it).

A private verdict carries the explanation's picture as a plain attachment (Discord shows an
attached image below the text), whether the verdict is a message's content or, when long, an
embed.
"""

from __future__ import annotations

import io
import logging

import discord

from bot.domain.models import Language, Picture
from bot.pictures.message_pictures import MessagePictures
from bot.text.math_picture import FormulaPictures

log = logging.getLogger(__name__)
ALT_LIMIT = 1024
"""Characters of an attachment's description (MessageAttachmentRequest in Discord's API)."""


def message_pictures(formulas: FormulaPictures) -> MessagePictures:
    """The process's MessagePictures, logging under this module's name."""
    return MessagePictures(formulas, logger=log)


def attachment(picture: Picture, language: Language) -> discord.File:
    """The picture as a file to upload, its alt text as the attachment's description (what
    screen readers say; Discord keeps 1,024 characters of it)."""
    alt = picture.alt.get(language)[:ALT_LIMIT]
    return discord.File(io.BytesIO(picture.data), filename=picture.filename, description=alt)


def shown_in(embed: discord.Embed, picture: Picture | None) -> discord.Embed:
    """The embed showing the attached picture (the same embed when there is none)."""
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
    return embed


def files(language: Language, *pictures: Picture | None) -> list[discord.File]:
    """One upload a distinct picture, in order."""
    seen: dict[str, Picture] = {}
    for picture in pictures:
        if picture is not None:
            seen.setdefault(picture.filename, picture)
    return [attachment(picture, language) for picture in seen.values()]


def closed_embeds(
    card: discord.Embed, question: Picture | None, explanation: Picture | None
) -> list[discord.Embed]:
    """A closed question's embeds: the card with the question's picture, then the
    explanation's picture alone, when it is another one."""
    embeds = [shown_in(card, question)]
    if explanation is not None and (question is None or explanation.digest != question.digest):
        embeds.append(shown_in(discord.Embed(colour=card.colour), explanation))
    return embeds


def upload(attached: list[discord.File]) -> list[discord.File]:
    """`files=` for a new message: discord.py's MISSING when there is nothing to attach, so
    the request stays plain JSON without an `attachments` key."""
    return attached or discord.utils.MISSING
