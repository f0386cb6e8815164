"""The pictures an imported text points at: each `<img src="…" alt="…">`, in order.

Anki notes and Moodle's GIFT questions are HTML; their pictures are `<img>` tags whose `src`
names a file of the package, a file beside the export (Moodle writes `@@PLUGINFILE@@/x.png`),
a `data:` URI or a web address. Finding them is a linear scan (no backtracking on hostile
input); what each becomes is bot/catalog/importers/pictures.py's work.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Literal

Side = Literal["question", "explanation"]
"""Where a picture goes: with the question (`image`) or its explanation (`explanation_image`)."""

_IMG = re.compile(r"<img\b[^<>]*>", re.IGNORECASE)
_ATTRIBUTE = re.compile(
    r"""(?<![A-Za-z_:-])([A-Za-z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>]+))"""
)
"""A name is only tried where one starts (the lookbehind): a tag of a million letters and no
`=` is one pass, not a million."""


@dataclass(frozen=True, slots=True)
class PictureRef:
    """An `<img>` of an imported text: its source as written and its alt text (may be "")."""

    source: str
    alt: str
    side: Side = "question"

    @property
    def shown(self) -> str:
        """The source as messages name it: a data URI by its kind, a long name cut."""
        if self.source.startswith("data:"):
            return self.source.split(",", 1)[0][:60] + ",…"
        return self.source if len(self.source) <= 80 else self.source[:79] + "…"


def find_pictures(text: str, side: Side = "question") -> list[PictureRef]:
    """Every `<img>` with a `src` in the HTML `text`, in order (one without a src shows
    nothing and is left out)."""
    if "<" not in text:
        return []
    found = []
    for tag in _IMG.finditer(text):
        attributes: dict[str, str] = {}
        for match in _ATTRIBUTE.finditer(tag.group(0)):
            name = match.group(1).lower()
            value = next((group for group in match.groups()[1:] if group is not None), "")
            attributes.setdefault(name, value)
        source = html.unescape(attributes.get("src", "")).strip()
        if source:
            alt = " ".join(html.unescape(attributes.get("alt", "")).split())
            found.append(PictureRef(source, alt, side))
    return found
