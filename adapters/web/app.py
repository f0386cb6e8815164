"""The report's web application (aiohttp): routes, security headers, templates, access log.

aiohttp because the bots already run on it (discord.py and our Telegram client use it), so
the web app adds no server stack; Jinja2 templates with autoescaping on, so every name and
quiz text is escaped by default. Every response, refusals and errors included, carries a
strict Content-Security-Policy (no script at all, styles from this host or the response's
nonce), no referrer, no framing, no indexing, and no caching: a report is private.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import signal
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

from bot.catalog.chat_shelf import ChatQuizShelf
from bot.domain.clock import Clock, SystemClock
from bot.domain.models import Quiz
from bot.domain.report_links import LinkSigner
from bot.storage.report_store import ReportStore
from bot.text.report_markup import code_css

HERE = Path(__file__).resolve().parent
STYLESHEET = (HERE / "static" / "report.css").read_bytes() + code_css().encode()
"""The page's own styles, then the colours of highlighted code (Pygments' classes)."""
log = logging.getLogger("adapters.web")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


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


def security_headers(nonce: str) -> dict[str, str]:
    return {
        "Content-Security-Policy": (
            "default-src 'none'; "
            f"style-src 'self' 'nonce-{nonce}'; "
            "img-src 'self'; "
            "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        ),
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "X-Robots-Tag": "noindex, nofollow",
        "Cache-Control": "no-store",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Resource-Policy": "same-origin",
        "Permissions-Policy": "interest-cohort=()",
    }


@web.middleware
async def with_security_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A fresh nonce per response, and the headers on every answer, errors included."""
    nonce = secrets.token_urlsafe(16)
    request[NONCE] = nonce
    try:
        response = await handler(request)
    except web.HTTPException as error:
        error.headers.update(security_headers(nonce))
        raise
    response.headers.update(security_headers(nonce))
    return response


class TokenlessAccessLogger(AbstractAccessLogger):
    """Logs each request by its route's name, never its path: the path holds the token."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, took: float) -> None:
        route = request.match_info.route if isinstance(request, web.Request) else None
        name = route.name if route is not None and route.name else "-"
        self.logger.info("%s %s %d %.1f ms", request.method, name, response.status, took * 1000)


async def stylesheet(request: web.Request) -> web.Response:
    return web.Response(body=STYLESHEET, content_type="text/css", charset="utf-8")


async def robots(request: web.Request) -> web.Response:
    return web.Response(text="User-agent: *\nDisallow: /\n")


async def health(request: web.Request) -> web.Response:
    return web.Response(text="ok\n")


def build_app(report: Report) -> web.Application:
    """The application; `routes.add_routes` declares the report's pages and downloads."""
    from adapters.web import routes

    app = web.Application(middlewares=[with_security_headers])
    app[REPORT] = report
    app.router.add_get("/report.css", stylesheet, name="stylesheet")
    app.router.add_get("/robots.txt", robots, name="robots")
    app.router.add_get("/healthz", health, name="health")
    routes.add_routes(app)
    return app


async def serve_until_stopped(app: web.Application, host: str, port: int) -> None:
    """Serve until SIGINT/SIGTERM; "serving" is logged once the port accepts connections."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    runner = web.AppRunner(
        app,
        access_log=logging.getLogger("adapters.web.access"),
        access_log_class=TokenlessAccessLogger,
    )
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
        log.info("serving the report on http://%s:%d", host, port)
        await stop.wait()
    finally:
        await runner.cleanup()
    log.info("stopped")
