"""What the report's handlers are given: the `Report` in `app[REPORT]`, and this response's
CSP nonce in `request[NONCE]`.

Apart from app.py, which builds the application and imports the routes, so that the routes
import this instead of the app back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from aiohttp import web

from bot.catalog.chat_shelf import ChatQuizShelf
from bot.domain.clock import Clock, SystemClock
from bot.domain.models import Quiz
from bot.domain.report_links import LinkSigner
from bot.storage.report_store import ReportStore

HERE = Path(__file__).resolve().parent
"""The web package's folder: templates/ and static/."""


@dataclass
class Report:
    """What the handlers share, kept in `app[REPORT]`."""

    store: ReportStore
    quizzes: Mapping[str, Quiz]
    signer: LinkSigner
    clock: Clock = field(default_factory=SystemClock)
    templates: jinja2.Environment = field(
        default_factory=lambda: jinja2.Environment(
            loader=jinja2.FileSystemLoader(HERE / "templates"),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
    )
    shelf: ChatQuizShelf = field(init=False)
    """The chats' own quizzes (uploads), read on demand (issue 19)."""

    def __post_init__(self) -> None:
        self.shelf = ChatQuizShelf(self.store)

    async def quizzes_in(self, chat_id: str) -> dict[str, Quiz]:
        """The bundled quizzes and the chat's own, by key: titles and questions of its pages."""
        own = await self.shelf.of_chat(chat_id)
        return {**self.quizzes, **{quiz.id: quiz for quiz in own}}


REPORT = web.AppKey("report", Report)
NONCE = web.RequestKey("nonce", str)
"""This response's CSP nonce, for the <style> of inline charts."""
