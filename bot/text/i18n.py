"""Looks up user-facing messages in the catalogs; the only way text reaches users.

Counts agree in number through one mechanism: a message that counts something has one form
per CLDR plural category (`key.one`, `key.other`), and `count=` picks the form by the
language's plural rule. A sentence with two counts composes counted pieces (e.g. `stats.days`).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.domain.models import Language, UiLanguage, ui_language
from bot.text.locales import en, fr

CATALOGS: dict[UiLanguage, dict[str, str]] = {"en": en.MESSAGES, "fr": fr.MESSAGES}

PLURAL_RULES: dict[UiLanguage, Callable[[int], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "fr": lambda n: "one" if n in (0, 1) else "other",
}
"""CLDR's rules for whole numbers: French counts 0 and 1 as singular ("0 réponse"). CLDR's
French `many` (exact millions, "1 000 000 de questions") falls back to `other`."""


def plural(language: Language, count: int) -> str:
    """The CLDR plural category of `count` in `language`: "one" or "other"."""
    return PLURAL_RULES[ui_language(language)](abs(count))


def counted(key: str) -> bool:
    """Whether `key` names a message with plural forms (chosen by `count=`)."""
    return f"{key}.other" in CATALOGS["en"]


def has_message(key: str) -> bool:
    """Whether the catalogs have `key` (every key is in English, the fallback)."""
    return key in CATALOGS["en"]


def t(language: Language, key: str, /, **values: object) -> str:
    """The message `key` in `language` (English for a language the bot does not speak),
    formatted with `values`.

    For keys with `.one`/`.other` forms, `count` selects one by the language's plural rule.
    Missing keys fall back to English so a new message never crashes the other language.
    """
    speaks = ui_language(language)
    catalog = CATALOGS[speaks]
    count = values.get("count")
    if isinstance(count, int) and not isinstance(count, bool) and counted(key):
        form = f"{key}.{plural(speaks, count)}"
        key = form if form in catalog or form in CATALOGS["en"] else f"{key}.other"
    template = catalog.get(key) or CATALOGS["en"][key]
    return template.format(**values)
