"""Helpers for driving the real discord.py through simcord: the world (a server, a channel,
members), the bot, locales, buttons, spec checks.

simcord 3.2.1 hard-codes `locale: en-US` in interaction payloads; `locales()` patches its
payload builder (internal API, hence the pinned version) so each member has a language.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import discord
import simcord
import simcord.interactions as simcord_interactions

from adapters.discord_bot import ui
from adapters.discord_bot.client import QuizBot
from bot.domain.models import Quiz
from bot.domain.views import QuestionView
from bot.storage.sqlite.store import SQLiteStore
from tests.fakes.telegram_api import find_specs_dir

DISCORD_SPEC = "discord-openapi.json"
SETTLE_SECONDS = 2.0
"""simcord waits out, in real time, bot timers shorter than its settle timeout; below 5 s, the
5-second throttle of count edits stays virtual and fires only on `advance_time`. It is also how
long a store round trip may take on a loaded machine (0.5 s failed under a load of 10 with
PostgreSQL), so it is not shorter."""


@dataclass
class World:
    """A simcord server with a quiz channel, an admin and members (the `world` fixture)."""

    env: simcord.Env
    guild: Any
    channel: Any
    admin: Any
    members: dict[str, Any] = field(default_factory=dict)

    @property
    def bot(self) -> QuizBot:
        bot = self.env.bot
        assert isinstance(bot, QuizBot)
        return bot


def build_bot(store: SQLiteStore, quizzes: dict[str, Quiz], seed: int = 3) -> QuizBot:
    """The Discord bot on this store; the seed fixes the order of the choices."""
    return QuizBot(store, quizzes, rng=random.Random(seed))


@contextlib.contextmanager
def locales(mapping: dict[int, discord.Locale]) -> Iterator[None]:
    """Give each user id its own `interaction.locale` for the duration of the block."""
    original = simcord_interactions.base_payload

    def patched(backend: Any, *, user_id: int, **kwargs: Any) -> Any:
        record, payload = original(backend, user_id=user_id, **kwargs)
        if user_id in mapping:
            payload["locale"] = mapping[user_id].value
        return record, payload

    simcord_interactions.base_payload = patched
    try:
        yield
    finally:
        simcord_interactions.base_payload = original


def letter_buttons(message: Any) -> list[Any]:
    """A question's letter buttons (not its ⚑, which stays enabled once it is closed)."""
    return [
        child
        for row in message.components
        for child in row.children
        if str(child.custom_id).startswith("v1:a:")
    ]


def custom_ids(message: Any) -> list[str]:
    """The custom_ids of a message's buttons, from raw dicts or discord.py components."""
    ids = []
    for row in message.components:
        children = row["components"] if isinstance(row, dict) else row.children
        for child in children:
            ids.append(child["custom_id"] if isinstance(child, dict) else child.custom_id)
    return ids


def post_id_of(message: Any) -> int:
    match = re.fullmatch(r"v1:a:(\d+):A", custom_ids(message)[0])
    assert match, custom_ids(message)
    return int(match[1])


def letters(view: QuestionView) -> tuple[str, str]:
    """(right, wrong) letters of a posted question."""
    right = view.post.correct_letter_index(view.question)
    return "ABCDEFGHIJ"[right], "ABCDEFGHIJ"[(right + 1) % len(view.post.order)]


def labels(view: QuestionView, language: str = "en") -> tuple[str, str]:
    """(right, wrong) buttons of a posted question as their labels read: letters, or True
    and False for a `truefalse` question."""
    right = view.post.correct_letter_index(view.question)
    wrong = (right + 1) % len(view.post.order)
    return ui.letter_label(view, right, language), ui.letter_label(view, wrong, language)


@cache
def discord_spec() -> dict[str, Any] | None:
    folder = find_specs_dir(Path(__file__))
    if folder is None or not (folder / DISCORD_SPEC).is_file():
        return None
    loaded: dict[str, Any] = json.loads((folder / DISCORD_SPEC).read_text(encoding="utf-8"))
    return loaded


def _resolve(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        node: Any = spec
        for part in schema["$ref"].removeprefix("#/").split("/"):
            node = node[part]
        schema = node
    return schema


def schema_properties(spec: dict[str, Any], schema: dict[str, Any]) -> set[str] | None:
    """Top-level property names a JSON body may have; None when the schema does not say."""
    schema = _resolve(spec, schema)
    found: set[str] = set(schema.get("properties", {}))
    branches = [*schema.get("anyOf", []), *schema.get("oneOf", []), *schema.get("allOf", [])]
    for branch in branches:
        more = schema_properties(spec, branch)
        if more is None:
            return None
        found |= more
    return found or None


def _template(path: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\\\{[^}]+\\\}", r"[^/]+", re.escape(path)) + "$")


def spec_problems(spec: dict[str, Any], method: str, path: str, body: Any) -> list[str]:
    """Light check: the route exists for this method and JSON keys are known to its schema."""
    matches = [t for t in spec["paths"] if _template(t).match(path)]
    # prefer the most literal template ("/messages/@original" over "/messages/{id}")
    matches.sort(key=lambda t: t.count("{"))
    operation = next(
        (spec["paths"][t][method.lower()] for t in matches if method.lower() in spec["paths"][t]),
        None,
    )
    if operation is None:
        return [f"{method} {path}: no such route in the Discord API description"]
    if not isinstance(body, dict) or not body:
        return []
    content = operation.get("requestBody", {}).get("content", {})
    schema = content.get("application/json", {}).get("schema")
    if schema is None:
        return [f"{method} {path}: sends a JSON body the route does not take"]
    if _resolve(spec, schema).get("type") == "array":
        return []
    allowed = schema_properties(spec, schema)
    unknown = set(body) - allowed if allowed is not None else set()
    if body.get("tts") is False:  # discord.py sends tts=false on every edit; Discord ignores it
        unknown.discard("tts")
    return [f"{method} {path}: unknown fields {sorted(unknown)}"] if unknown else []
