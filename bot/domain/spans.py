"""An author text cut into plain text, formulas and code: the rule of what `$` and ``` mean.

Pandoc's rule for `$`, so "costs $5 and $6" stays prose: an inline formula opens with a `$`
followed by a non-space and closes with a `$` preceded by a non-space and not followed by a
digit; `$$…$$` is displayed math; `\\$` is a plain dollar sign. Code is a fenced block (a line
that starts with ```, optionally naming its language, up to a line of ```) or inline `code`;
nothing inside code is math. A `$` or backtick that opens nothing is plain text, so no text
is refused and none is lost: the spans' `source` put end to end give the text back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

SpanKind = Literal["plain", "math", "display", "code", "block"]

MATH_KINDS: tuple[SpanKind, ...] = ("math", "display")

_FENCE = re.compile(r"```([A-Za-z0-9_+#.-]*)[ \t]*\n(.*?)\n?[ \t]*```[ \t]*(?=\n|$)", re.DOTALL)
"""An opening fence at a line's start (checked by the caller), its language, its code."""
_INLINE_CODE = re.compile(r"`([^`\n]+)`")
_DISPLAY = re.compile(r"\$\$(.+?)\$\$", re.DOTALL)
_INLINE_OPEN = re.compile(r"\$(?=\S)")
_INLINE_CLOSE = re.compile(r"(?<=\S)\$(?!\d)")
_SPECIAL = re.compile(r"[$`\\]")


@dataclass(frozen=True, slots=True)
class Span:
    """One piece of an author text: `text` is what it shows (for code and math, its source)."""

    kind: SpanKind
    text: str
    source: str
    """The characters of the author text it came from."""
    language: str = ""
    """A code block's language (`python`), empty when not named."""


def has_markup(text: str) -> bool:
    """Whether the text may hold a formula, code or `\\$` (the cheap test before splitting)."""
    return "$" in text or "`" in text


def split(text: str) -> tuple[Span, ...]:
    """The text's spans, in order; plain text only when it has no markup."""
    if not has_markup(text):
        return (Span("plain", text, text),) if text else ()
    return _split(text)


def formulas(text: str) -> tuple[Span, ...]:
    """The formulas (inline and displayed) a text holds."""
    return tuple(span for span in split(text) if span.kind in MATH_KINDS)


@lru_cache(maxsize=4096)
def _split(text: str) -> tuple[Span, ...]:
    spans: list[Span] = []
    plain: list[str] = []
    plain_source: list[str] = []
    index = 0
    while index < len(text):
        special = _SPECIAL.search(text, index)
        stop = special.start() if special else len(text)
        if stop > index:  # ordinary characters up to the next `$`, backtick or backslash
            plain.append(text[index:stop])
            plain_source.append(text[index:stop])
            index = stop
            continue
        span = _markup_at(text, index)
        if span is None:
            escaped = text.startswith("\\$", index)
            plain.append("$" if escaped else text[index])
            plain_source.append(text[index : index + 2] if escaped else text[index])
            index += 2 if escaped else 1
            continue
        if plain:
            spans.append(Span("plain", "".join(plain), "".join(plain_source)))
            plain, plain_source = [], []
        spans.append(span)
        index += len(span.source)
    if plain:
        spans.append(Span("plain", "".join(plain), "".join(plain_source)))
    return tuple(spans)


def _markup_at(text: str, index: int) -> Span | None:
    """The code or formula that starts at `index`, if one does."""
    char = text[index]
    if char == "`":
        at_line_start = index == 0 or text[index - 1] == "\n"
        fence = _FENCE.match(text, index) if at_line_start else None
        if fence:
            return Span("block", fence.group(2), fence.group(0), fence.group(1))
        code = _INLINE_CODE.match(text, index)
        return Span("code", code.group(1), code.group(0)) if code else None
    if char != "$":
        return None
    display = _DISPLAY.match(text, index)
    if display and display.group(1).strip():
        return Span("display", display.group(1).strip(), display.group(0))
    if text.startswith("$$", index) or not _INLINE_OPEN.match(text, index):
        return None
    close = _first_unescaped_dollar(text, index + 1)
    if close < 0 or not _INLINE_CLOSE.match(text, close) or "\n\n" in text[index:close]:
        return None  # the next `$` cannot close it (Pandoc's rule): this one is a dollar
    return Span("math", text[index + 1 : close], text[index : close + 1])


def _first_unescaped_dollar(text: str, start: int) -> int:
    """The index of the first `$` from `start` not written `\\$`, or -1."""
    found = text.find("$", start)
    while found > 0 and text[found - 1] == "\\":
        found = text.find("$", found + 1)
    return found
