"""Flagged questions: members flag, admins list, hide, show again and clear.

A flag belongs to the chat whose members play the question: the post's chat, or, for a
chat's own quiz played elsewhere (a Telegram practice in the private chat), the chat that owns
the quiz, whose admins can act on it. What an admin names is a question reference as
`/flags` lists it, `<quiz id>/<question id>`, read in the admin's chat (its own quizzes by
their shown id). Platforms check who may do what (admins, members); this module what is done.
"""

from __future__ import annotations

from enum import Enum

from bot.domain import uploads
from bot.domain.entities import REF_SEPARATOR, Player
from bot.domain.flags import NOTE_WINDOW, FlagOutcome, Listed, NewFlag, Reason, clean_note
from bot.domain.views import QuestionView
from bot.play.service import QuizService, UnknownQuizError


class Done(Enum):
    DONE = "done"
    ALREADY = "already"
    """Hidden already, shown already, or nothing left to clear."""
    UNKNOWN = "unknown"
    """No such question in this chat's quizzes (nor among its flags)."""


class FlagDesk:
    """Flags and hidden questions over the quiz service and its store."""

    def __init__(self, service: QuizService) -> None:
        self.service = service
        self.store = service.store

    async def flag(self, post_id: int, player: Player, reason: Reason) -> FlagOutcome | None:
        """Flag a post's question for the player; None when the post is not known."""
        found = await self.service.view(post_id)
        if found is None:
            return None
        await self.store.save_player(player)
        new = NewFlag(
            await self.flag_chat(found), found.quiz.id, found.question.id, player.user_id,
            reason, self.service.clock.now(),
        )  # fmt: skip
        return await self.store.add_flag(new)

    async def flag_chat(self, found: QuestionView) -> str:
        """The chat a flag of this post goes to (see the module's docstring)."""
        serial = uploads.key_serial(found.quiz.id)
        stored = None if serial is None else await self.store.chat_quiz(serial)
        return found.post.chat_id if stored is None else stored.chat_id

    async def note(self, post_id: int, user_id: str, text: str) -> bool:
        """Add the member's sentence to their open flag of a post's question."""
        found = await self.service.view(post_id)
        note = clean_note(text)
        if found is None or note is None:
            return False
        chat = await self.flag_chat(found)
        return await self.store.set_flag_note(
            chat, found.quiz.id, found.question.id, user_id, note
        )

    async def note_latest(self, user_id: str, text: str) -> bool:
        """Add a sentence to the member's flag made in the last hour (Telegram's reply)."""
        latest = await self.store.latest_flag(user_id, self.service.clock.now() - NOTE_WINDOW)
        note = clean_note(text)
        if latest is None or note is None:
            return False
        return await self.store.set_flag_note(*latest, user_id, note)

    async def listing(self, chat_id: str) -> list[Listed]:
        """The chat's flagged (and hidden) questions, by quiz then question."""
        listed = []
        for flagged in await self.store.chat_flags(chat_id):
            quiz = await self.service.quiz_of(flagged.quiz_id)
            ref = f"{uploads.shown_id(flagged.quiz_id)}{REF_SEPARATOR}{flagged.question_id}"
            listed.append(Listed(flagged, quiz, ref))
        return listed

    async def act(self, chat_id: str, action: str, ref: str, user_id: str) -> Done:
        """`/flags hide|show|clear ID`, as an admin typed it (`action` one of those)."""
        if action == "hide":
            return await self.hide(chat_id, ref, user_id)
        if action == "show":
            return await self.show(chat_id, ref)
        return await self.clear(chat_id, ref)

    async def hide(self, chat_id: str, ref: str, user_id: str) -> Done:
        key = await self._key(chat_id, ref)
        if key is None:
            return Done.UNKNOWN
        now = self.service.clock.now()
        hidden = await self.store.hide_question(chat_id, *key, user_id, now)
        return Done.DONE if hidden else Done.ALREADY

    async def show(self, chat_id: str, ref: str) -> Done:
        key = await self._key(chat_id, ref)
        if key is None:
            return Done.UNKNOWN
        return Done.DONE if await self.store.show_question(chat_id, *key) else Done.ALREADY

    async def clear(self, chat_id: str, ref: str) -> Done:
        key = await self._key(chat_id, ref)
        if key is None:
            return Done.UNKNOWN
        cleared = await self.store.clear_flags(chat_id, *key, self.service.clock.now())
        return Done.DONE if cleared else Done.ALREADY

    async def _key(self, chat_id: str, ref: str) -> tuple[str, str] | None:
        """(quiz key, question id) of `<quiz id>/<question id>` in this chat: a question of
        its quizzes, or one its flags or hidden questions name (of a quiz removed since)."""
        shown, separator, question_id = ref.strip().lower().partition(REF_SEPARATOR)
        if not separator:
            return None
        try:
            quiz = await self.service.quiz_in(chat_id, shown)
        except UnknownQuizError:
            quiz = None
        if quiz is not None and quiz.question(question_id) is not None:
            return quiz.id, question_id
        known = {(f.quiz_id, f.question_id) for f in await self.store.chat_flags(chat_id)}
        for quiz_key, known_question in known | await self.store.hidden_questions(chat_id):
            if uploads.shown_id(quiz_key) == shown and known_question == question_id:
                return quiz_key, known_question
        return None
