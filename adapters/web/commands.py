"""`quizbot serve` (the report's web app) and `quizbot report` (a chat's link, or revoking them).

Registered by adapters/cli.py; aiohttp is imported only when serving.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from adapters.logs import redact_secrets
from adapters.platform_ids import TERMINAL_CHAT
from adapters.web.links import NotSetUpError, revoke, signer_from
from bot.catalog.field_reader import Problem
from bot.catalog.installed import log_skipped
from bot.config import Settings
from bot.domain.models import Quiz
from bot.domain.report_links import DEFAULT_DAYS, MAX_DAYS, LinkSigner
from bot.storage.opening import open_store

DEFAULT_PORT = 8080
SET_THEM = (
    "Set them in the environment or in a .env file in this folder "
    "(README, The organiser's report)."
)


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = commands.add_parser(
        "serve", help="serve the organisers' report pages (QUIZBOT_WEB_SECRET, read-only)"
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help="port to listen on")
    report = commands.add_parser(
        "report",
        help="print a private link to a chat's report page",
        description="Print a private link to a chat's report page. Needs QUIZBOT_WEB_URL (the "
        "report pages' public address, which the link starts with) and QUIZBOT_WEB_SECRET (the "
        "key that signs links, the same as `quizbot serve`'s); reads the chats from QUIZBOT_DB, "
        "the bots' database.",
    )
    report.add_argument(
        "--chat", required=True, metavar="ID",
        help=f"the chat as stored: tg:-100123 (a Telegram group), dc:123 (a Discord server), "
        f"or {TERMINAL_CHAT} for quizbot play's answers (--chat {TERMINAL_CHAT})",
    )  # fmt: skip
    report.add_argument(
        "--days", type=int, default=DEFAULT_DAYS, metavar="N",
        help=f"how long the link works (1-{MAX_DAYS} days, default {DEFAULT_DAYS})",
    )  # fmt: skip
    report.add_argument(
        "--revoke", action="store_true", help="void every link of the chat given so far"
    )


def run(
    args: argparse.Namespace,
    settings: Settings,
    quizzes: Mapping[str, Quiz],
    skipped: Sequence[Problem] = (),
) -> int:
    """`serve` or `report`; `skipped`: the quiz files left out, logged once logging is set."""
    try:
        signer = signer_from(settings, issuing=args.command == "report")
    except NotSetUpError as error:
        for problem in error.problems:
            print(f"quizbot: {problem}.", file=sys.stderr)
        print(SET_THEM, file=sys.stderr)
        return 2
    assert settings.web_secret is not None
    redact_secrets([settings.web_secret.reveal()])
    log_skipped(skipped)
    if args.command == "serve":
        return serve(args.host, args.port, settings, quizzes, signer)
    if not 1 <= args.days <= MAX_DAYS:
        print(f"quizbot: --days takes 1 to {MAX_DAYS}, not {args.days}.", file=sys.stderr)
        return 2
    return asyncio.run(report_link(args, settings, signer))


def serve(
    host: str, port: int, settings: Settings, quizzes: Mapping[str, Quiz], signer: LinkSigner
) -> int:
    from adapters.web.app import Report, build_app, serve_until_stopped
    from bot.storage.report_store import open_report_store

    async def main() -> None:
        store = await open_report_store(settings.database)
        try:
            await serve_until_stopped(build_app(Report(store, quizzes, signer)), host, port)
        finally:
            await store.close()

    try:
        asyncio.run(main())
    except OSError as error:  # e.g. the port is taken
        reason = error.strerror or error
        print(f"quizbot: cannot listen on {host}:{port}: {reason}", file=sys.stderr)
        return 1
    return 0


async def report_link(args: argparse.Namespace, settings: Settings, signer: LinkSigner) -> int:
    store = await open_store(settings.database)
    try:
        now = datetime.now(UTC)
        if args.revoke:
            await revoke(store, args.chat, now)
            print(f"every report link of {args.chat} given so far no longer works")
            return 0
        known = await store.chats()
        if args.chat not in known:
            listed = ", ".join(known) or "none yet"
            print(
                f"quizbot: no answers stored for chat {args.chat!r}. Chats with answers: {listed}",
                file=sys.stderr,
            )
            return 1
        print(signer.url(args.chat, now, args.days))
        return 0
    finally:
        await store.close()
