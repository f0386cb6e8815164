"""The few words an importer writes into a quiz itself, in the quiz's language.

True/false questions need their two choices written out; they are quiz content, in the
language of the quiz (not the bot's words, which come from the catalogs).
"""

from __future__ import annotations

from bot.domain.models import primary

_TRUE_FALSE = {
    "en": ("True", "False"),
    "fr": ("Vrai", "Faux"),
    "de": ("Wahr", "Falsch"),
    "es": ("Verdadero", "Falso"),
    "it": ("Vero", "Falso"),
    "pt": ("Verdadeiro", "Falso"),
    "nl": ("Waar", "Onwaar"),
    "pl": ("Prawda", "Fałsz"),
    "sv": ("Sant", "Falskt"),
    "da": ("Sandt", "Falsk"),
    "no": ("Sant", "Usant"),
    "nb": ("Sant", "Usant"),
    "fi": ("Tosi", "Epätosi"),
    "ca": ("Cert", "Fals"),
    "ro": ("Adevărat", "Fals"),
    "cs": ("Pravda", "Nepravda"),
    "tr": ("Doğru", "Yanlış"),
    "ru": ("Верно", "Неверно"),
    "uk": ("Правда", "Неправда"),
}


def true_word(language: str) -> str:
    return _TRUE_FALSE.get(primary(language), _TRUE_FALSE["en"])[0]


def false_word(language: str) -> str:
    return _TRUE_FALSE.get(primary(language), _TRUE_FALSE["en"])[1]
