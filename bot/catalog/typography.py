"""French typography: where a no-break space is missing, so a lone «?» cannot wrap, and
where a typewriter mark stands for a typographic one.

French puts a space before `? ! ; :` and inside « »; an ordinary space there lets Telegram
and Discord break the line and start the next one with the mark. The space must be a
no-break one: U+202F (narrow, before ? ! ;) or U+00A0 (before : and inside « »); either is
accepted. A colon inside a word (14:03, 3:1, HH:MM, `time:09:00`), `::`, `://`, URLs, formulas
and code are not punctuation and are left alone.

French also writes the apostrophe ’ (U+2019), not the typewriter ' between two letters
(l’étape), and a range of numbers with an en dash (1–2), not a hyphen (1-2). A quote
mark or a prime (f'(x)) is not between two letters; a hyphen inside a longer run of numbers
(2026-12-02) is a date or a code, not a range; URLs and `code` are left alone. A text
written with typewriter apostrophes has them everywhere, so they are one finding, at the
first, with their count.

`missing_spaces` and `typewriter_marks` read one text; `typography_warnings` reads the French
texts of a parsed quiz file and words each finding the way the loader words a problem (file,
line, question).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from bot.catalog.field_reader import Problem
from bot.catalog.yaml_nodes import Node
from bot.domain import spans
from bot.domain.models import LETTERS

NO_BREAK_SPACES = "\u00a0\u202f"
SPACED_BEFORE = "?!;:"
_URL = re.compile(r"https?://\S+")
_LEFT_ALONE = re.compile(rf"{_URL.pattern}|`[^`]*`")
_TYPEWRITER_APOSTROPHE = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")
_NUMBER = r"\d+(?:[.,]\d+)?"
_HYPHENATED_RANGE = re.compile(rf"(?<![\w.,-]){_NUMBER}(-){_NUMBER}(?![\w-]|[.,]\d)")
_MARKS = re.compile("[?!;:«»]")
_EXCERPT = 16
"""Characters of context shown before a finding, enough to find it in a folded text."""


@dataclass(frozen=True, slots=True)
class Finding:
    """A missing no-break space or a typewriter mark: the mark, where it is, what to do."""

    offset: int
    """0-based index of `character` in the text."""
    character: str
    message: str


def missing_spaces(text: str) -> list[Finding]:
    """Every place in a French text where a no-break space is missing, in text order."""
    urls = [match.span() for match in _URL.finditer(text)] + _markup(text)
    findings = []
    for mark in _MARKS.finditer(text):
        offset = mark.start()
        message = _missing(text, offset)
        if message and not any(start <= offset < end for start, end in urls):
            findings.append(Finding(offset, mark.group(), message))
    return findings


def typewriter_marks(text: str) -> list[Finding]:
    """The typewriter apostrophes (one finding, at the first) and the hyphenated ranges of
    numbers in a French text, in text order."""
    skipped = [match.span() for match in _LEFT_ALONE.finditer(text)] + _markup(text)

    def kept(offset: int) -> bool:
        return not any(start <= offset < end for start, end in skipped)

    findings = []
    apostrophes = [m.start() for m in _TYPEWRITER_APOSTROPHE.finditer(text) if kept(m.start())]
    if apostrophes:
        count = f" ({len(apostrophes)} in this text)" if len(apostrophes) > 1 else ""
        message = f"typewriter apostrophe (') where French uses ’ (U+2019){count}"
        findings.append(Finding(apostrophes[0], "'", message))
    for match in _HYPHENATED_RANGE.finditer(text):
        if kept(match.start(1)):
            message = "hyphen in a range of numbers where French uses an en dash (1–2)"
            findings.append(Finding(match.start(1), "-", message))
    return sorted(findings, key=lambda finding: finding.offset)


def _markup(text: str) -> list[tuple[int, int]]:
    """Where the text's formulas and code are (bot/domain/spans.py): not French prose."""
    found, start = [], 0
    for span in spans.split(text):
        end = start + len(span.source)
        if span.kind != "plain":
            found.append((start, end))
        start = end
    return found


def _missing(text: str, offset: int) -> str | None:
    """What the mark at `offset` lacks, if it is a mark that lacks something."""
    character = text[offset]
    if character in SPACED_BEFORE:
        needed = _needs_space_before(text, offset)
        return f"no-break space missing before '{character}'" if needed else None
    if character == "«" and text[offset + 1 : offset + 2] not in ("", *NO_BREAK_SPACES):
        return "no-break space missing after '«'"
    if character == "»" and offset > 0 and text[offset - 1] not in NO_BREAK_SPACES:
        return "no-break space missing before '»'"
    return None


def _needs_space_before(text: str, offset: int) -> bool:
    """Whether the mark at `offset` is punctuation lacking its no-break space."""
    before = text[offset - 1] if offset > 0 else ""
    after = text[offset + 1 : offset + 3]
    if not before or before in NO_BREAK_SPACES:
        return False
    if before in "?!" and text[offset] in "?!":
        return False  # "?!": the space goes before the first mark only
    if text[offset] == ":":
        if before == ":" or after.startswith((":", "//")):
            return False  # "::" (C++, reST) and "scheme://"
        if not before.isspace() and after[:1] and not after[:1].isspace():
            return False  # inside a word, not punctuation: 14:03, 3:1, HH:MM, time:09:00
    return True


def typography_warnings(file: str, root: Node) -> list[Problem]:
    """The missing no-break spaces and the typewriter marks in every French text of a
    parsed quiz file.

    Reads the nodes, not a validated Quiz, so it has each text's line and still works on a
    file with errors; a shape it does not expect is skipped (the loader reports it).
    """
    warnings = []
    for question_id, what, node in _french_texts(root):
        text = str(node.value)
        found = sorted(missing_spaces(text) + typewriter_marks(text), key=lambda f: f.offset)
        for finding in found:
            start = max(0, finding.offset - _EXCERPT)
            excerpt = ("…" if start else "") + text[start : finding.offset + 1]
            message = (
                f'{what} (fr): {finding.message} at character {finding.offset + 1} ("{excerpt}")'
            )
            warnings.append(Problem(file, node.line, message, question_id))
    return warnings


def _french_texts(root: Node) -> Iterator[tuple[str | None, str, Node]]:
    """(question id, field name, French node) for each text of the file, in file order."""
    top = _mapping(root)
    plain = _only_french(top)
    for key in ("title", "description"):
        yield from _french(None, key, top.get(key), plain)
    questions = top.get("questions")
    for item in questions.value if questions and isinstance(questions.value, list) else []:
        fields = _mapping(item)
        named = fields.get("id")
        question_id = named.value if named and isinstance(named.value, str) else None
        yield from _french(question_id, "prompt", fields.get("prompt"), plain)
        choices = fields.get("choices")
        for index, choice in enumerate(_list(choices)[: len(LETTERS)]):
            yield from _french(question_id, f"choice {LETTERS[index]}", choice, plain)
        yield from _french(question_id, "explanation", fields.get("explanation"), plain)
        for letter, note in _mapping(fields.get("notes")).items():
            yield from _french(question_id, f"note {letter}", note, plain)


def _only_french(top: dict[str, Node]) -> bool:
    """A format 2 quiz in French alone (`languages: [fr]`), whose texts are plain strings."""
    languages = _list(top.get("languages"))
    return len(languages) == 1 and str(languages[0].value).split("-")[0] == "fr"


def _french(
    question_id: str | None, what: str, node: Node | None, plain: bool = False
) -> Iterator[tuple[str | None, str, Node]]:
    if plain and node is not None and isinstance(node.value, str):
        yield question_id, what, node
        return
    french = _mapping(node).get("fr")
    if french is not None and isinstance(french.value, str):
        yield question_id, what, french


def _mapping(node: Node | None) -> dict[str, Node]:
    return node.value if node is not None and isinstance(node.value, dict) else {}


def _list(node: Node | None) -> list[Node]:
    return node.value if node is not None and isinstance(node.value, list) else []
