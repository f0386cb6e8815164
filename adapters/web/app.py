"""The report's web application (aiohttp): routes, security headers, templates, access log.

aiohttp because the bots already run on it (discord.py and our Telegram client use it), so
the web app adds no server stack; Jinja2 templates with autoescaping on, so every name and
quiz text is escaped by default. Every response, refusals and errors included, carries a
strict Content-Security-Policy (no script at all, styles from this host or the response's
nonce, pictures from this host or the page itself), no referrer, no framing, no indexing, and
no caching: a report is private.

`img-src data:` is there for a question's picture, written into the page as a data: URI: a
route serving it would put the link's token in one more path, and a second request for bytes
the page already has. It lets no script in: an image runs none (not even an SVG, which the bot
refuses anyway), and every picture was re-encoded by Pillow as PNG, JPEG, WebP or GIF.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import signal
from collections.abc import Awaitable, Callable

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

from adapters.web import routes
from adapters.web.context import HERE, NONCE, REPORT
from adapters.web.context import Report as Report  # what build_app's callers build it from
from bot.text.report_markup import code_css

STYLESHEET = (HERE / "static" / "report.css").read_bytes() + code_css().encode()
"""The page's own styles, then the colours of highlighted code (Pygments' classes)."""
log = logging.getLogger("adapters.web")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def security_headers(nonce: str) -> dict[str, str]:
    return {
        "Content-Security-Policy": (
            "default-src 'none'; "
            f"style-src 'self' 'nonce-{nonce}'; "
            "img-src 'self' data:; "
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
async def with_nonce(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A fresh nonce per request, before the page that uses it is rendered."""
    request[NONCE] = secrets.token_urlsafe(16)
    return await handler(request)


async def add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    """The headers on every response the app sends, as it is sent: pages, downloads,
    refusals, and the 500 aiohttp writes for an error no handler caught (a middleware sees
    neither that one nor what the router answers before it)."""
    nonce = request.get(NONCE) or secrets.token_urlsafe(16)
    response.headers.update(security_headers(nonce))


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
    app = web.Application(middlewares=[with_nonce])
    app.on_response_prepare.append(add_security_headers)
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
