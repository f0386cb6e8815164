"""Reading a quiz file's values one field at a time, collecting every problem with its line.

The loader decides what a quiz is made of; this module knows how to read a text in every
language, a list, a reference, and how to word what is wrong with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeGuard

from bot.catalog.picture_files import NO_PICTURES, PictureFiles
from bot.catalog.yaml_nodes import Node, Value
from bot.domain import spans
from bot.domain.models import LANGUAGES, Reference, Text
from bot.pictures.clean import Cleaned

LANGUAGE_NAMES = {"en": "English", "fr": "French"}


def _good(value: Value, limit: int) -> TypeGuard[str]:
    """A text `FieldReader.string` takes without a word: not blank, within its limit."""
    return isinstance(value, str) and len(value) <= limit and bool(value.strip())


def language_name(code: str) -> str:
    """ "English" for en, "French" for fr, "'de'" for any other code (in messages)."""
    return LANGUAGE_NAMES.get(code, f"'{code}'")


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong with a file (or, in a list of warnings, what it should not hold)."""

    file: str
    line: int
    message: str
    question_id: str | None = None

    def __str__(self) -> str:
        where = f"question '{self.question_id}': " if self.question_id else ""
        return f"{self.file}:{self.line}: {where}{self.message}"


@dataclass
class FieldReader:
    """Checks one file's values, collecting every problem instead of stopping at the first."""

    file: str
    problems: list[Problem] = field(default_factory=list)
    question_id: str | None = None
    """The question being read, named in every problem found inside it."""
    question_lines: dict[str, int] = field(default_factory=dict)
    languages: tuple[str, ...] = LANGUAGES
    """The languages every text gives, in the file's order (format 1: English and French)."""
    plain_texts: bool = False
    """A text may be a plain string (a format 2 quiz in one language)."""
    format: int = 1
    """The file's format: 3 gives questions a `type` and pictures."""
    pictures: PictureFiles = NO_PICTURES
    """Where the file's pictures are read from (bot/catalog/picture_reader.py reads them)."""
    cleaned: dict[str, Cleaned] = field(default_factory=dict)
    """The pictures read so far, by name: one named twice is read and cleaned once."""

    def report(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.file, line, message, self.question_id))

    def mapping(self, node: Node, what: str, allowed: set[str]) -> dict[str, Node] | None:
        if not isinstance(node.value, dict):
            self.report(node.line, f"{what} must be a mapping of keys to values")
            return None
        unknown = () if node.value.keys() <= allowed else sorted(node.value.keys() - allowed)
        for key in unknown:
            self.report(
                node.value[key].line,
                f"unknown key '{key}' in {what} (expected one of: {', '.join(sorted(allowed))})",
            )
        return node.value

    def required(self, values: dict[str, Node], key: str, parent: Node) -> Node | None:
        if key not in values:
            self.report(parent.line, f"missing required key '{key}'")
            return None
        return values[key]

    def string(self, node: Node, what: str, limit: int | None = None) -> str | None:
        if node.is_yes_no_trap:
            self.report(
                node.line,
                f"{what}: '{node.raw}' was read as a boolean (YAML reads "
                f'yes/no/on/off as true/false); put it in quotes: "{node.raw}"',
            )
            return None
        if not isinstance(node.value, str) or not node.value.strip():
            self.report(node.line, f"{what} must be a non-empty text")
            return None
        if limit is not None and len(node.value) > limit:
            self.report(
                node.line, f"{what} is {len(node.value)} characters long; the limit is {limit}"
            )
        return node.value

    def text(self, node: Node, what: str, limit: int) -> Text | None:
        text = self._read_text(node, what, limit)
        if text is not None:
            self._check_formulas(node, what, text)
        return text

    def _check_formulas(self, node: Node, what: str, text: Text) -> None:
        """Each formula must be one mathtext draws: a chat may need its picture."""
        for language, value in text.versions:
            if not spans.has_markup(value):
                continue
            from bot.text import formula_check  # matplotlib: loaded for files with formulas only

            items = node.value if isinstance(node.value, dict) else {}
            line = items[language].line if language in items else node.line
            for problem in formula_check.problems(value):
                self.report(line, f"{what} ({language}): {problem}")

    def _read_text(self, node: Node, what: str, limit: int) -> Text | None:
        values = node.value
        languages = self.languages
        if isinstance(values, dict) and len(values) == len(languages):
            # the common case, read at a fraction of the cost of _text (which agrees)
            versions = []
            for language in languages:
                item = values.get(language)
                if item is None or not _good(item.value, limit):
                    break
                versions.append((language, item.value))
            else:
                return Text.of(tuple(versions))
        if self.plain_texts and _good(values, limit):
            return Text.of(((languages[0], values),))
        return self._text(node, what, limit)

    def _text(self, node: Node, what: str, limit: int) -> Text | None:
        """A text in every language, reporting each problem with it."""
        if self.plain_texts and not isinstance(node.value, dict):
            value = self.string(node, what, limit)
            return None if value is None else Text.of(((self.languages[0], value),))
        if not isinstance(node.value, dict):
            example = ", ".join(f'{language}: "..."' for language in self.languages)
            self.report(node.line, f"{what} must give every language, e.g. {{{example}}}")
            return None
        values = self.mapping(node, what, set(self.languages)) or {}
        found: dict[str, str | None] = {}
        for language in self.languages:
            if language not in values:
                self.report(
                    node.line,
                    f"{what}: missing {language_name(language)} translation ('{language}')",
                )
                continue
            found[language] = self.string(values[language], f"{what} ({language})", limit)
        texts = [found.get(language) for language in self.languages]
        if any(text is None for text in texts):
            return None
        return Text.of(tuple((language, str(found[language])) for language in self.languages))

    def sequence(self, node: Node, what: str) -> list[Node]:
        if not isinstance(node.value, list):
            self.report(node.line, f"{what} must be a list")
            return []
        return node.value

    def references(self, node: Node, what: str) -> tuple[Reference, ...]:
        found = []
        for item in self.sequence(node, what):
            values = self.mapping(item, f"an entry of {what}", {"title", "url"})
            if values is None:
                continue
            title_node = self.required(values, "title", item)
            url_node = self.required(values, "url", item)
            title = self.string(title_node, "title", 200) if title_node else None
            url = self.string(url_node, "url", 500) if url_node else None
            if url is not None and not url.startswith(("https://", "http://")):
                self.report(
                    url_node.line if url_node else item.line,
                    f"url must start with https:// (got '{url}')",
                )
            elif title is not None and url is not None:
                found.append(Reference(title, url))
        return tuple(found)
