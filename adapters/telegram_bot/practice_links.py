"""Practising a group's own quiz in the private chat: the deep link names its key.

A group's uploaded quiz is found by its id in that group only, and practice happens in the
private chat, so the link carries the quiz's key (`practice_<id>_<serial>`: a start parameter
allows letters, digits, `_` and `-`, and no quiz id holds `_`). The private chat plays it only
for a member of the group that owns it: serials are easy to guess, quizzes may be private.
"""

from __future__ import annotations

from telegram import Bot, ChatMember, ChatMemberRestricted
from telegram.error import BadRequest, Forbidden

from adapters.platform_ids import TELEGRAM
from bot.domain import uploads
from bot.domain.models import Quiz
from bot.play.service import QuizService

MEMBERS = (ChatMember.MEMBER, ChatMember.ADMINISTRATOR, ChatMember.OWNER, ChatMember.RESTRICTED)


def practice_argument(quiz: Quiz) -> str:
    """What follows `practice_` in the link: the id, or `<id>_<serial>` for a chat's own."""
    serial = uploads.key_serial(quiz.id)
    shown = uploads.shown_id(quiz.id)
    return shown if serial is None else f"{shown}_{serial}"


async def group_quiz(service: QuizService, bot: Bot, user_id: int, argument: str) -> Quiz | None:
    """The group quiz `<id>_<serial>` names, if whoever opened the link is in that group."""
    shown, _, serial = argument.partition("_")
    if not serial.isdigit():
        return None
    stored = await service.store.chat_quiz(int(serial))
    if stored is None or stored.quiz_id != shown or not TELEGRAM.owns(stored.chat_id):
        return None
    if not await is_member(bot, TELEGRAM.number(stored.chat_id), user_id):
        return None
    return await service.quiz_of(stored.key)


async def is_member(bot: Bot, chat: int, user_id: int) -> bool:
    """Whether the user is in that group now (what a link opened in private is checked for:
    its ids are easy to guess)."""
    try:
        member = await bot.get_chat_member(chat, user_id)
    except (BadRequest, Forbidden):  # the bot left that group, or it is gone
        return False
    if member.status not in MEMBERS:
        return False
    return not (isinstance(member, ChatMemberRestricted) and not member.is_member)
