"""The buttons that answer a posted question: a letter each, and Submit under a `multiple`
question. Their data names the post and the letter shown, never the right answer."""

from __future__ import annotations

from bot.domain import payload
from bot.domain.entities import Post
from bot.domain.models import LETTERS, Language
from bot.text.i18n import t
from bot.text.markup import Button


def letter_buttons(post: Post) -> tuple[Button, ...]:
    """One button a letter shown on the post (none for a typed question, which has none)."""
    return tuple(
        Button(LETTERS[i], payload.encode(payload.AnswerPress(post.post_id, i)))
        for i in range(len(post.order))
    )


def submit_button(post: Post, language: Language) -> Button:
    """Submit, under a `multiple` question: the presser's picks become their answer."""
    return Button(
        t(language, "question.submit_button"), payload.encode(payload.SubmitPress(post.post_id))
    )
