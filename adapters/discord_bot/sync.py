"""Command sync within Discord's limits.

Discord allows 200 command creations a day per server, so start-up syncs only when the
command tree (names, options, translations) differs from the last sync, whose hash is kept
in the store. `DISCORD_GUILD_ID` copies the commands to one server, where they show at once.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.storage.interface import Store

log = logging.getLogger(__name__)


async def tree_payload(
    tree: app_commands.CommandTree[Any], guild: discord.Object | None
) -> list[dict[str, Any]]:
    """The JSON `tree.sync` would send, translations included."""
    translator = tree.translator
    payload = []
    for command in tree.get_commands(guild=guild):
        if translator is None:
            payload.append(command.to_dict(tree))
        else:
            payload.append(await command.get_translated_payload(tree, translator))
    return payload


def sync_key(application_id: int | None, guild_id: int | None) -> str:
    return f"discord.commands.{application_id}.{guild_id or 'global'}"


async def sync_if_changed(
    tree: app_commands.CommandTree[Any], store: Store, guild_id: int | None, force: bool = False
) -> bool:
    """Sync globally or to one server when the tree changed (or `force`); True if it synced."""
    guild = discord.Object(guild_id) if guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    payload = await tree_payload(tree, guild)
    digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
    key = sync_key(tree.client.application_id, guild_id)
    if not force and await store.get_meta(key) == digest:
        log.info("slash commands unchanged since the last sync; not syncing")
        return False
    synced = await tree.sync(guild=guild)
    await store.set_meta(key, digest)
    log.info("synced %d slash commands to %s", len(synced), guild_id or "every server")
    return True
