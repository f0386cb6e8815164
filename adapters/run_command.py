"""`quizbot run telegram|discord` and `quizbot discord sync`: a chat bot started from the
settings and the loaded quizzes. The platform libraries are imported only here, lazily, so
the terminal's commands never load them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from adapters.process import settle_startup_objects
from adapters.web import links as web_links
from bot.catalog.field_reader import Problem
from bot.config import Settings
from bot.domain.models import Language, Quiz

if TYPE_CHECKING:
    from adapters.discord_bot.sharding import Sharding


def run_platform(
    args: argparse.Namespace,
    settings: Settings,
    quizzes: dict[str, Quiz],
    language: Language,
    skipped: Sequence[Problem] = (),
) -> int:
    """Start a chat bot, which logs the `skipped` quiz files; imported lazily so the terminal
    never loads the platform libraries."""
    if args.command == "discord" or args.platform == "discord":
        from adapters.discord_bot.run import main_discord

        sync_guild = None if args.command == "run" else (args.guild or 0)
        sharding = parse_sharding(args) if args.command == "run" else None
        if isinstance(sharding, str):
            print(f"quizbot: {sharding}", file=sys.stderr)
            return 2
        return main_discord(settings, quizzes, language, sync_guild, sharding, skipped)
    return run_telegram(args, settings, quizzes, skipped)


def parse_sharding(args: argparse.Namespace) -> Sharding | str:
    """The shards to run, or what is wrong with the options."""
    from adapters.discord_bot.sharding import Sharding

    if args.shard_ids is not None or args.shard_count is not None:
        if args.shard_ids is None or args.shard_count is None or args.shards is not None:
            return "--shard-ids and --shard-count go together, without --shards"
        ids = args.shard_ids.split(",")
        if not all(i.strip().isdigit() for i in ids) or args.shard_count < 1:
            return "--shard-ids takes numbers like 0,1 and --shard-count a positive number"
        chosen = tuple(sorted({int(i) for i in ids}))
        if chosen[-1] >= args.shard_count:
            return f"shard ids must be below --shard-count ({args.shard_count})"
        return Sharding(args.shard_count, chosen)
    if args.shards is None:
        return Sharding()
    if args.shards == "auto":
        return Sharding(None, None)
    if not args.shards.isdigit() or int(args.shards) < 1:
        return "--shards takes auto or a positive number"
    return Sharding(int(args.shards), None)


def run_telegram(
    args: argparse.Namespace,
    settings: Settings,
    quizzes: dict[str, Quiz],
    skipped: Sequence[Problem] = (),
) -> int:
    from adapters.telegram_bot import run as telegram_run
    from adapters.telegram_bot.app import TelegramSetup

    if settings.telegram_token is None:
        print(
            "quizbot: TELEGRAM_TOKEN is not set. Create a bot with @BotFather, then put "
            "TELEGRAM_TOKEN=... in the environment or in a .env file.",
            file=sys.stderr,
        )
        return 2
    setup = TelegramSetup(
        token=settings.telegram_token.reveal(),
        database=settings.database,
        quizzes=quizzes,
        api_url=settings.telegram_api_url,
        report_links=web_links.optional_signer(settings),
        file_url=settings.telegram_file_url,
        cache=settings.cache,
    )
    webhook = None
    if args.webhook:
        from_env = settings.telegram_webhook_secret
        if args.secret is not None:
            given: str | None = args.secret
        else:
            given = from_env.reveal() if from_env is not None else None
        try:
            secret = telegram_run.webhook_secret(given, setup.token)
        except ValueError as error:
            print(f"quizbot: {error}.", file=sys.stderr)
            return 2
        webhook = telegram_run.Webhook(args.webhook, args.listen, args.port, secret)
    settle_startup_objects()
    return telegram_run.run(setup, webhook, skipped)
