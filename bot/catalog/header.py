"""A quiz file's header: its format version, its languages and where its content comes from.

These are read before anything else, because the languages decide what every text must give.
Format 1 is the original: every text in English and French. Format 2 declares `languages` (one
or more codes, the first being the fallback) and may carry a `source` (attribution). Format 3
is format 2 whose questions may have a `type` (bot/catalog/answer_reader.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.catalog.field_reader import FieldReader
from bot.catalog.yaml_nodes import Node
from bot.domain.models import LANGUAGES, Credit

FORMATS = (1, 2, 3)
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}")
"""A BCP 47 language tag as people write them: "de", "pt-BR", "zh-Hant"."""
MAX_LANGUAGES = 10
FORMAT_2_KEYS = ("languages", "source")
SOURCE_KEYS = {"name", "url", "licence"}


@dataclass(frozen=True, slots=True)
class Header:
    format: int
    languages: tuple[str, ...]
    credit: Credit | None


def read_header(reader: FieldReader, values: dict[str, Node], root: Node) -> Header:
    """The header, reporting what is wrong with it; sets the reader's languages."""
    version = _read_format(reader, values, root)
    if version == 1:
        for key in FORMAT_2_KEYS:
            if key in values:
                reader.report(values[key].line, f"'{key}' needs format: 2 (this file says 1)")
        languages: tuple[str, ...] = LANGUAGES
    else:
        node = values.get("languages")
        if node is None:
            reader.report(root.line, f"missing required key 'languages' (format {version})")
        languages = _read_languages(reader, node) if node is not None else ()
        languages = languages or (LANGUAGES if node is None else ("en",))
    reader.languages = languages
    reader.plain_texts = version >= 2 and len(languages) == 1
    reader.format = version
    source = values.get("source") if version >= 2 else None
    return Header(version, languages, _read_credit(reader, source) if source else None)


def _read_format(reader: FieldReader, values: dict[str, Node], root: Node) -> int:
    node = reader.required(values, "format", root)
    if node is None:
        return 1
    if node.value not in FORMATS or isinstance(node.value, bool):
        reader.report(node.line, "format must be 1, 2 or 3")
        return 2 if "languages" in values else 1
    return int(node.value)


def _read_languages(reader: FieldReader, node: Node) -> tuple[str, ...]:
    items = reader.sequence(node, "languages")
    if isinstance(node.value, list) and not 1 <= len(items) <= MAX_LANGUAGES:
        reader.report(
            node.line, f"languages lists 1 to {MAX_LANGUAGES} language codes (found {len(items)})"
        )
        return ()
    found: list[str] = []
    for item in items:
        code = reader.string(item, "a language code")
        if code is None:
            continue
        if not LANGUAGE_CODE.fullmatch(code):
            reader.report(
                item.line, f"'{code}' is not a language code such as en, fr, de or pt-BR"
            )
        elif code in found:
            reader.report(item.line, f"language '{code}' is listed twice")
        else:
            found.append(code)
    return tuple(found) if len(found) == len(items) else ()


def _read_credit(reader: FieldReader, node: Node) -> Credit | None:
    values = reader.mapping(node, "source", SOURCE_KEYS)
    if values is None:
        return None
    name_node = reader.required(values, "name", node)
    name = reader.string(name_node, "source name", 200) if name_node else None
    url = ""
    if "url" in values:
        url = reader.string(values["url"], "source url", 500) or ""
        if url and not url.startswith(("https://", "http://")):
            reader.report(values["url"].line, f"url must start with https:// (got '{url}')")
            url = ""
    licence = reader.string(values["licence"], "licence", 100) or "" if "licence" in values else ""
    return Credit(name, url, licence) if name is not None else None
