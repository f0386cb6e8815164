"""Looks up user-facing messages in the catalogs; the only way text reaches users."""

from __future__ import annotations

from bot.domain.models import Language
from bot.text.locales import en, fr

CATALOGS: dict[Language, dict[str, str]] = {"en": en.MESSAGES, "fr": fr.MESSAGES}


def t(language: Language, key: str, /, **values: object) -> str:
    """The message `key` in `language`, formatted with `values`.

    For keys with `.one`/`.other` forms, `count` selects one (French treats 0 as singular).
    Missing keys fall back to English so a new message never crashes the other language.
    """
    catalog = CATALOGS[language]
    count = values.get("count")
    if isinstance(count, int) and f"{key}.one" in CATALOGS["en"]:
        singular = count in (0, 1) if language == "fr" else count == 1
        key = f"{key}.{'one' if singular else 'other'}"
    template = catalog.get(key) or CATALOGS["en"][key]
    return template.format(**values)
