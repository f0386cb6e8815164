"""True/False and Yes/No: two answers that are read as a pair, always in that order.

A question whose two choices are such a pair (in one language, in any case) is posted as
"True, False" or "Yes, No", never shuffled into "False, True": players read the pair, not two
choices, and a reversed one looks like a mistake. The words are quiz content, written in the
quiz's own language (an importer writes them; bot/catalog/importers/wording.py).
"""

from __future__ import annotations

from collections.abc import Sequence

TRUE_FALSE: dict[str, tuple[str, str]] = {
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
"""The quiz's language (primary subtag) → its words for true and false."""
YES_NO: dict[str, tuple[str, str]] = {
    "en": ("Yes", "No"),
    "fr": ("Oui", "Non"),
    "de": ("Ja", "Nein"),
    "es": ("Sí", "No"),
    "it": ("Sì", "No"),
    "pt": ("Sim", "Não"),
    "nl": ("Ja", "Nee"),
    "pl": ("Tak", "Nie"),
    "sv": ("Ja", "Nej"),
    "da": ("Ja", "Nej"),
    "no": ("Ja", "Nei"),
    "nb": ("Ja", "Nei"),
    "fi": ("Kyllä", "Ei"),
    "ca": ("Sí", "No"),
    "ro": ("Da", "Nu"),
    "cs": ("Ano", "Ne"),
    "tr": ("Evet", "Hayır"),
    "ru": ("Да", "Нет"),
    "uk": ("Так", "Ні"),
}
"""The quiz's language (primary subtag) → its words for yes and no."""
_PAIRS = frozenset(
    (first.casefold(), second.casefold())
    for table in (TRUE_FALSE, YES_NO)
    for first, second in table.values()
)


def is_pair(choices: Sequence[str]) -> bool:
    """The two texts are True/False or Yes/No, in that order, in one language."""
    return len(choices) == 2 and (choices[0].casefold(), choices[1].casefold()) in _PAIRS
