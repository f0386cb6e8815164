"""`quizbot run discord` and `quizbot discord sync`: the process around the Discord client.

Every failure a user can fix is one line on stderr, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Mapping, Sequence

import aiohttp
import discord
import yarl
from discord.gateway import DiscordWebSocket

from adapters.discord_bot.client import QuizBot, make_bot
from adapters.discord_bot.doctor import TEST_API_ENV
from adapters.discord_bot.sharding import Sharding
from adapters.discord_bot.sync import sync_if_changed
from adapters.formula_pool import formula_pictures
from adapters.logs import log_level, redact_secrets
from adapters.process import settle_startup_objects
from adapters.web.links import optional_signer
from bot.catalog.field_reader import Problem
from bot.catalog.installed import log_skipped
from bot.config import Settings
from bot.domain.models import Language, Quiz
from bot.storage.opening import open_store
from bot.text.i18n import t


def _use_test_server() -> None:
    """Tests only: QUIZBOT_TEST_DISCORD_API_URL (http://127.0.0.1:PORT/api/v10) moves REST to
    that loopback fake and the gateway to ws://127.0.0.1:PORT/ (tests/fakes/discord_gateway.py).
    discord.py keeps both addresses in class attributes; nothing else differs from production.
    """
    url = os.environ.get(TEST_API_ENV)
    if not url:
        return
    discord.http.Route.BASE = url.rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url).origin().with_scheme("ws").with_path("/")


def _stop_on_signals(bot: discord.Client) -> None:
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        # Not available on every platform, nor outside the main thread.
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(number, lambda: asyncio.ensure_future(bot.close()))


async def serve(bot: QuizBot, token: str) -> None:
    """Connect and run until SIGINT/SIGTERM; `bot.close()` ends it cleanly."""
    _stop_on_signals(bot)
    async with bot:
        await bot.start(token)


async def _with_store(
    settings: Settings,
    quizzes: Mapping[str, Quiz],
    language: Language,
    sync_guild: int | None,
    sharding: Sharding | None,
) -> int:
    assert settings.discord_token is not None
    token = settings.discord_token.reveal()
    store = await open_store(settings.database)
    try:
        if sync_guild is None:
            with formula_pictures(settings.cache) as formulas:
                bot = make_bot(store, quizzes, settings.discord_guild_id, sharding, formulas)
                bot.report_links = optional_signer(settings)  # /report (adapters/web/links.py)
                await serve(bot, token)
            return 0
        bot = QuizBot(store, quizzes, start_rounds=False)
        async with bot:
            await bot.login(token)
            guild_id = sync_guild or None
            await sync_if_changed(bot.tree, store, guild_id, force=True)
            count = len(bot.tree.get_commands())
            scope = (
                t(language, "discord.scope.guild", guild=guild_id)
                if guild_id
                else t(language, "discord.scope.global")
            )
            print(t(language, "discord.synced", count=count, scope=scope))
        return 0
    finally:
        await store.close()


def main_discord(
    settings: Settings,
    quizzes: Mapping[str, Quiz],
    language: Language,
    sync_guild: int | None,
    sharding: Sharding | None = None,
    skipped: Sequence[Problem] = (),
) -> int:
    """Run the bot (`sync_guild` None) or only sync (0: globally, else that server).

    Every failure a user can fix is one line on stderr, never a traceback; each quiz file
    `skipped` is one warning, once logging is set up.
    """
    if settings.discord_token is None:
        print(t(language, "discord.token_missing"), file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=log_level())
    redact_secrets([settings.discord_token.reveal()])
    log_skipped(skipped)
    settle_startup_objects()
    _use_test_server()
    try:
        return asyncio.run(_with_store(settings, quizzes, language, sync_guild, sharding))
    except discord.LoginFailure:
        print(t(language, "discord.token_rejected"), file=sys.stderr)
        return 1
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as error:
        print(t(language, "discord.unreachable", error=error), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
