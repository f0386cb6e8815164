"""Counts agree in number: every counted message, in both languages, for 0, 1, 2 and 5."""

from __future__ import annotations

import re
import string

import pytest

from bot.domain.models import LANGUAGES, Language
from bot.text.i18n import CATALOGS, counted, plural, t

COUNTS = (0, 1, 2, 5)
SINGULAR: dict[Language, set[int]] = {"en": {1}, "fr": {0, 1}}
"""Which of COUNTS take the singular: CLDR's rules (French: 0 and 1)."""

NOT_COUNTS = {
    *("time", "seconds", "name", "first", "min", "days", "when", "where", "url", "mode"),
    *("scopes", "version", "link", "command", "revoke", "share", "date", "low", "last", "type"),
    *("ref",),
}
"""Placeholders followed by a word that count nothing inflecting ("30 s", "schema 5 of 5")."""


WORDED_SINGULAR = {"forget.answers"}
"""Singulars that say "your answer" rather than "1 answer": never rendered for 0 (no answers
is the `forget.ask_profile` message), so French's singular-for-0 never meets them."""


def counted_keys() -> list[str]:
    bases = {key.rsplit(".", 1)[0] for key in CATALOGS["en"]}
    return sorted(base for base in bases if counted(base))


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_rules_are_cldr_s_for_whole_numbers() -> None:
    assert [plural("en", n) for n in COUNTS] == ["other", "one", "other", "other"]
    assert [plural("fr", n) for n in COUNTS] == ["one", "one", "other", "other"]


def test_every_counted_message_has_both_forms_in_both_languages() -> None:
    keys = counted_keys()
    assert len(keys) >= 14, keys  # the catalogs' counted messages, not a handful
    for language in LANGUAGES:
        for key in keys:
            forms = {k for k in CATALOGS[language] if k.startswith(f"{key}.")}
            assert forms >= {f"{key}.one", f"{key}.other"}, (language, key)
            assert "count" in placeholders(CATALOGS[language][f"{key}.other"]), key
            if key not in WORDED_SINGULAR:
                assert "count" in placeholders(CATALOGS[language][f"{key}.one"]), key


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", COUNTS)
def test_every_counted_message_renders_the_form_its_count_needs(
    language: Language, count: int
) -> None:
    form = "one" if count in SINGULAR[language] else "other"
    for key in counted_keys():
        template = CATALOGS[language][f"{key}.{form}"]
        values: dict[str, object] = {name: f"<{name}>" for name in placeholders(template)}
        values["count"] = count
        text = t(language, key, **values)
        assert text == template.format(**values), (key, count)
        if key not in WORDED_SINGULAR or form == "other":
            assert re.search(rf"(?<!\d){count}(?!\d)", text), (key, text)


@pytest.mark.parametrize(
    ("language", "key", "count", "expected"),
    [
        ("en", "quiz.intro", 1, "Quiz · hard · 1 question"),
        ("en", "quiz.intro", 0, "Quiz · hard · 0 questions"),
        ("fr", "quiz.intro", 0, "Quiz · hard · 0 question"),
        ("fr", "quiz.intro", 5, "Quiz · hard · 5 questions"),
        ("en", "round.started", 1, "Quiz: 1 question, 30 s. Good luck!"),
        ("en", "round.started", 2, "Quiz: 2 questions, 30 s each. Good luck!"),
        ("fr", "round.started", 1, "Quiz\u00a0: 1 question, 30 s. Bonne chance\u202f!"),
        ("fr", "round.started", 2, "Quiz\u00a0: 2 questions, 30 s chacune. Bonne chance\u202f!"),
        ("en", "stats.days", 1, "1 day"),
        ("fr", "stats.days", 0, "0 jour"),
        ("fr", "stats.days", 2, "2 jours"),
        ("en", "discord.synced", 1, "Synced 1 command to here."),
        ("fr", "discord.synced", 5, "5 commandes synchronisées pour here."),
    ],
)
def test_the_newcomer_s_sentences(language: Language, key: str, count: int, expected: str) -> None:
    values = {"title": "Quiz", "difficulty": "hard", "seconds": 30, "scope": "here"}
    assert t(language, key, count=count, **values) == expected


def test_no_other_message_puts_a_number_before_a_word() -> None:
    """A count followed by a noun must be a counted message: this finds the next '1 questions'."""
    offenders = []
    for language in LANGUAGES:
        for key, template in CATALOGS[language].items():
            if counted(key.rsplit(".", 1)[0]):
                continue
            for match in re.finditer(r"\{(\w+)\} ([^\W\d_]+)", template):
                if match.group(1) not in NOT_COUNTS:
                    offenders.append(f"{language} {key}: {match.group(0)}")
    assert offenders == []
