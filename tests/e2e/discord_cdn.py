"""simcord's fake CDN, watched: which attachments the bot downloaded, and what size they declare.

A slash command's attachment option reaches the bot as `data.resolved.attachments` (id,
filename, size, url, content_type), the file kept in simcord's in-memory CDN; the real
discord.py's `Attachment.read()` fetches its url through `HTTPClient.get_from_cdn`, which
simcord 3.2.1 answers from `backend.cdn.get`. Watching that method records every download, so
a test can assert that a refused upload fetched nothing. Internal API, hence the pinned version.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import simcord


@contextlib.contextmanager
def downloads(env: simcord.Env, *, lost: bool = False) -> Iterator[list[str]]:
    """The urls the bot fetched from the CDN within the block, in order; `lost`: the CDN has
    lost every file (simcord then answers 404, as Discord does for an expired link)."""
    cdn = env.backend.cdn
    fetched: list[str] = []
    original = cdn.get

    def get(url: str) -> bytes | None:
        fetched.append(url)
        return None if lost else original(url)

    cdn.get = get
    try:
        yield fetched
    finally:
        del cdn.get  # back to the class's method


@contextlib.contextmanager
def declared_size(env: simcord.Env, size: int) -> Iterator[None]:
    """Attachments stored within the block declare `size` bytes, whatever their real length
    (Discord reports the size; a test can make it disagree with the bytes served)."""
    cdn = env.backend.cdn
    original = cdn.store_attachment

    def store(*args: Any, **kwargs: Any) -> dict[str, Any]:
        payload: dict[str, Any] = original(*args, **kwargs)
        return {**payload, "size": size}

    cdn.store_attachment = store
    try:
        yield
    finally:
        del cdn.store_attachment
