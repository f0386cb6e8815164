"""Markdown as the plain text a reader of the rendered page sees (GIFT's `[markdown]`).

The bot posts plain text, escaped for each platform, so `**noble gas**` would reach players
with its asterisks. Emphasis, inline code and headings lose their marks, a link keeps its text
and address ("text (url)"), an image its description, a backslash-escaped mark its character;
list markers and line breaks stay, being text a reader sees. Every pattern is linear.
"""

from __future__ import annotations

import re

from bot.catalog.importers.cleaning import plain

_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!>~|])")
_IMAGE = re.compile(r"!\[([^\[\]\n]*)\]\([^()\s]*\)")
_LINK = re.compile(r"\[([^\[\]\n]+)\]\(([^()\s]+)\)")
_CODE = re.compile(r"`([^`\n]+)`")
_STRONG = re.compile(r"\*\*([^*\s][^*\n]*)\*\*|__([^_\s][^_\n]*)__")
_EMPHASIS = re.compile(r"\*([^*\s][^*\n]*)\*|(?<!\w)_([^_\s][^_\n]*)_(?!\w)")
_HEADING = re.compile(r"^#{1,6}[ \t]+", re.MULTILINE)
_HARD_BREAK = re.compile(r"[ \t]{2,}\n")
_PLACEHOLDER = "\ue010"


def markdown_to_text(text: str) -> str:
    """The text with its Markdown marks gone, as it reads once rendered."""
    escaped: list[str] = []

    def hold(found: re.Match[str]) -> str:
        escaped.append(found.group(1))
        return _PLACEHOLDER

    text = _ESCAPED.sub(hold, text.replace(_PLACEHOLDER, ""))
    text = _HARD_BREAK.sub("\n", text)
    text = _HEADING.sub("", text)
    text = _IMAGE.sub(r"\1", text)
    text = _LINK.sub(_link, text)
    text = _CODE.sub(r"\1", text)
    text = _STRONG.sub(_either, text)
    text = _EMPHASIS.sub(_either, text)
    pieces = iter(escaped)
    text = re.sub(_PLACEHOLDER, lambda _: next(pieces, ""), text)
    return plain(text)


def _either(found: re.Match[str]) -> str:
    return found.group(1) or found.group(2) or ""


def _link(found: re.Match[str]) -> str:
    label, url = found.group(1), found.group(2)
    return label if label == url else f"{label} ({url})"
