"""Making the texts of other tools into plain quiz texts, and names into ids.

The bot posts plain text (escaped for each platform), so HTML is turned into text, media
references are dropped from it (pictures are brought in apart: picture_refs.py; sounds are
left out), and control characters go.
Every pattern here is linear: no backtracking on hostile input.
"""

from __future__ import annotations

import html
import re
import unicodedata

_BREAK = re.compile(r"<br\s*/?>|</(?:p|div|li|tr|h[1-6])\s*>", re.IGNORECASE)
_TAG = re.compile(r"<[A-Za-z/!?][^<>]*>")
"""A tag starts with a letter, / or ! (as browsers read them): "2 < 3 > 1" is text."""
_MEDIA_TAG = re.compile(r"<(?:img|audio|video|source)\b[^<>]*>", re.IGNORECASE)
_SOUND = re.compile(r"\[sound:[^\]\n]*\]")
_SOUND_TAG = re.compile(r"<(?:audio|video)\b", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_SPACES = re.compile(r"[ \t\u00a0]+")
_BLANK_LINES = re.compile(r"\n{3,}")
_UNTIDY = re.compile(r"[\x00-\x1f\x7f\u00a0]|  |^\s|\s$")
"""What plain() would change: most texts have none of it and are returned as they are."""
_SLUG_GAPS = re.compile(r"[^a-z0-9]+")
_WORD = re.compile(r"[^\W_]+")
_HTML_MARKS = re.compile(
    r"<(?:br|div|p|span|b|i|u|font|img|sub|sup|ul|ol|li)\b[^<>]*>|&(?:nbsp|amp|lt|gt|quot);|&#\d+;",
    re.IGNORECASE,
)
"""Tags and entities that only HTML has: a flashcard export holding them was written as HTML."""


def looks_like_html(text: str) -> bool:
    return bool(_HTML_MARKS.search(text))


def has_media(text: str) -> bool:
    return bool(_MEDIA_TAG.search(text) or _SOUND.search(text))


def has_sound(text: str) -> bool:
    """A sound or a video ([sound:…], <audio>, <video>): what the bot leaves out even now
    that it shows pictures."""
    return bool(_SOUND.search(text) or _SOUND_TAG.search(text))


def html_to_text(text: str) -> str:
    """An HTML fragment as the plain text a reader sees: breaks kept; comments, tags and
    media gone."""
    text = _SOUND.sub("", _without_comments(text))
    text = _BREAK.sub("\n", text)
    text = _TAG.sub("", text)
    return plain(html.unescape(text))


def _without_comments(text: str) -> str:
    """The text without <!-- comments --> (an unclosed one runs to the end, as in a browser);
    found by hand rather than by a pattern, so that many openings cost linear time."""
    if "<!--" not in text:
        return text
    kept: list[str] = []
    position = 0
    while (start := text.find("<!--", position)) >= 0:
        kept.append(text[position:start])
        end = text.find("-->", start + 4)
        position = len(text) if end < 0 else end + 3
    kept.append(text[position:])
    return "".join(kept)


def without_media(text: str) -> str:
    """A plain text without Anki's [sound:...] references."""
    return plain(_SOUND.sub("", text))


def plain(text: str) -> str:
    """Control characters removed, spaces collapsed, each line and the whole trimmed."""
    if not _UNTIDY.search(text):
        return text
    text = _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    lines = (_SPACES.sub(" ", line).strip() for line in text.split("\n"))
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()


def same_answer(text: str) -> str:
    """What two answers share when a player would read them as the same one: their letters
    and digits, whatever the case, spacing and punctuation ("Read-Only" and "read only");
    an answer of punctuation alone ("+", "~") is itself."""
    return " ".join(_WORD.findall(text.casefold())) or text.strip()


def slug(text: str, limit: int) -> str:
    """Lowercase ASCII letters, digits and hyphens, at most `limit` long, cut at a word."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = _SLUG_GAPS.sub("-", ascii_text.lower()).strip("-")
    if len(words) <= limit:
        return words
    cut = words[: limit + 1].rsplit("-", 1)[0] if "-" in words[:limit] else words[:limit]
    return cut[:limit].strip("-")


def tag(text: str) -> str:
    """A quiz tag from a category or deck name ("Science: Computers" → "science-computers")."""
    return slug(text, 40)
