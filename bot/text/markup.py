"""Markup primitives: how a platform escapes and emphasises text, and neutral cards.

Adapters pick a `Style` (plain, Telegram HTML, Discord Markdown); everything a user or a quiz
author wrote goes through `Style.escape`, so names like `<b>&</b>` or `@everyone **x**` are
shown as typed and never interpreted. An author's code goes through `Style.code` and
`code_block` (bot/text/authored.py decides what is code), and `counted_length` measures a text
the way the platform does against its limit.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from typing import ClassVar

MAX_NAME = 32


class Style:
    """Plain text: the terminal, and Telegram alerts (which have no markup)."""

    growth: ClassVar[int] = 1
    """At most this many characters come out of `escape` for each one in (for cheap bounds)."""
    url_growth: ClassVar[int] = 1
    """The same for the URL of a `link`."""
    bold_template: ClassVar[str] = "{}"
    italic_template: ClassVar[str] = "{}"
    link_template: ClassVar[str] = "{title} ({url})"
    """How the style marks text up: one table per style, `bold`/`italic`/`link` fill it."""

    def escape(self, text: str) -> str:
        return text

    def units(self, text: str) -> int:
        """What the platform counts a character as: one, or (Telegram) UTF-16 code units."""
        return len(text)

    def escaped_length(self, text: str) -> int:
        """self.units(self.escape(text)), without building it (for the limit checks' bounds)."""
        return self.units(self.escape(text))

    def counted_length(self, text: str) -> int:
        """The length of a text in this style as the platform counts it against its limit."""
        return self.units(text)

    def bold(self, text: str) -> str:
        return self.bold_template.format(text)

    def italic(self, text: str) -> str:
        return self.italic_template.format(text)

    def link(self, title: str, url: str) -> str:
        return self.link_template.format(title=self.escape(title), url=self.link_url(url))

    def link_url(self, url: str) -> str:
        """A URL as the link template holds it."""
        return url

    def code(self, text: str) -> str:
        """Inline code: shown as written, never interpreted."""
        return self.escape(text)

    def code_block(self, text: str, language: str) -> str:
        """A fenced code block; `language` (may be empty) names its syntax."""
        return self.escape(text)


_TAG = re.compile(r"<[^>]*>")


class HtmlStyle(Style):
    """Telegram's HTML parse mode."""

    growth = 5  # & -> &amp;
    url_growth = 6  # " -> &quot;
    bold_template = "<b>{}</b>"
    italic_template = "<i>{}</i>"
    link_template = '<a href="{url}">{title}</a>'

    def escape(self, text: str) -> str:
        return html.escape(text, quote=False)

    def units(self, text: str) -> int:
        # A Telegram character is a UTF-16 code unit, as in its entities' offsets: an emoji
        # such as 🔥 counts 2.
        return len(text.encode("utf-16-le", "surrogatepass")) // 2

    def escaped_length(self, text: str) -> int:
        grown = 4 * text.count("&") + 3 * (text.count("<") + text.count(">"))
        return self.units(text) + grown

    def counted_length(self, text: str) -> int:
        # Telegram: "1-4096 characters after entities parsing": tags are not counted.
        return self.units(html.unescape(_TAG.sub("", text)))

    def link_url(self, url: str) -> str:
        return html.escape(url)

    def code(self, text: str) -> str:
        return f"<code>{self.escape(text)}</code>"

    def code_block(self, text: str, language: str) -> str:
        # Telegram's own form: the class names the language for its highlighting.
        opening = f'<code class="language-{language}">' if language else "<code>"
        return f"<pre>{opening}{self.escape(text)}</code></pre>"


_MARKDOWN_SPECIAL = "*_`~|>#[]()<:-"
"""Escaped with a backslash, after the backslash itself."""
_MARKDOWN_GROWING = f"\\{_MARKDOWN_SPECIAL}@".encode()
"""The characters escaping makes two of: the specials, the backslash and @."""


_FENCE = "```"
_FENCE_SHOWN = "``\u200b`"


class MarkdownStyle(Style):
    """Discord Markdown; mentions are also disarmed by `allowed_mentions` in the adapter."""

    growth = 2  # * -> \*, @ -> @ and a zero-width space
    bold_template = "**{}**"
    italic_template = "*{}*"
    link_template = "[{title}](<{url}>)"

    def escape(self, text: str) -> str:
        # One str.replace per character: three times faster than a regex substitution.
        escaped = text.replace("\\", "\\\\")
        for special in _MARKDOWN_SPECIAL:
            escaped = escaped.replace(special, "\\" + special)
        return escaped.replace("@", "@\u200b")

    def escaped_length(self, text: str) -> int:
        # Each escaped character is ASCII, one byte in UTF-8, and becomes two characters.
        encoded = text.encode("utf-8", "surrogatepass")
        return len(text) + len(encoded) - len(encoded.translate(None, _MARKDOWN_GROWING))

    def code(self, text: str) -> str:
        # Nothing is escaped inside backticks; the text holds none (bot.domain.spans).
        return f"`{text}`"

    def code_block(self, text: str, language: str) -> str:
        # A ``` inside would close the fence: a zero-width space keeps it shown, not obeyed.
        return f"```{language}\n{text.replace(_FENCE, _FENCE_SHOWN)}\n```"


PLAIN = Style()


@dataclass(frozen=True, slots=True)
class Button:
    """A button before any platform: its label and its button data (see bot.domain.payload)."""

    label: str
    payload: str


@dataclass(frozen=True, slots=True)
class Card:
    """A message with buttons, before any platform has touched it."""

    text: str
    buttons: tuple[Button, ...] = ()


def clean_name(name: str) -> str:
    """A display name safe to show: no control or bidi characters, not absurdly long."""
    kept = "".join(ch for ch in name if unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp"))
    kept = " ".join(kept.split())
    if len(kept) > MAX_NAME:
        kept = kept[: MAX_NAME - 1] + "…"
    return kept or "?"
