"""Every Red trivia list, GIFT file and Kahoot sheet other people wrote, imported as a new user
would (no --format), checked per file against a reading of the source that owes nothing to
the importers: PyYAML's own nodes for Red, the GIFT parser's expected JSON beside each of its
fixtures, openpyxl for Kahoot. Item counts, skipped lines with their reasons, each question's
type and every right answer must agree (a Red list's and a short answer's every accepted
answer, a numeric question's values, a multiple-right question's right choices); no text may
keep markup, an HTML comment or an entity.

The files are in ../shared/realworld (tests/support/paths.find_realworld_dir); they are read
in place and the module is skipped, saying why, where they are absent.
"""

from __future__ import annotations

import html.parser
import json
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import yaml

from bot.catalog.importers import Imported, ImportFailedError, Skipped, import_file
from bot.catalog.importers.pictures import LEFT_OUT
from bot.domain.matching import match_text
from bot.domain.models import Question
from bot.domain.question_types import NumberKey, SetKey, TextKey
from tests.support.commands import quizbot
from tests.support.paths import find_realworld_dir

REALWORLD = find_realworld_dir()
pytestmark = pytest.mark.skipif(
    REALWORLD is None, reason="../shared/realworld (files other tools wrote) is not here"
)
BUILD_REASONS = ("skip.limit", "skip.long_", "skip.cap", "skip.file_size")
"""Skips of the quiz's own limits (chat message sizes, 500 questions, 1 MB, a typed answer of
100 characters): any question may meet them, and each is named by its line like the others."""
TYPED_LENGTH, ACCEPTED = 100, 20
"""The loader's limits on a typed answer (characters) and on the answers a question accepts."""
MARKUP = re.compile(
    r"<[A-Za-z/!][^<>]*>|<!--|-->|&(?:[A-Za-z]+|#\d+|#x[0-9a-fA-F]+);"  # HTML
    r"|\*\*\S|(?<![\w_])_[^_\s]+_(?![\w_])"  # Markdown's bold and italics
)


def _files(folder: str, *patterns: str) -> list[str]:
    if REALWORLD is None:
        return []
    found = {path for pattern in patterns for path in (REALWORLD / folder).rglob(pattern)}
    return sorted(str(path.relative_to(REALWORLD)) for path in found)


def _import(relative: str) -> tuple[Imported | None, list[Skipped]]:
    """The import of the file as `quizbot import` does it: the quiz (None when nothing could be
    imported) and the skipped items."""
    assert REALWORLD is not None
    path = REALWORLD / relative
    try:
        imported = import_file(path.name, path.read_bytes())
    except ImportFailedError as failed:
        return None, failed.problems
    return imported, imported.skipped


def _words(text: str) -> str:
    """A text compared by its words: case, spacing and punctuation aside (a text of
    punctuation alone is compared as it is)."""
    return " ".join(re.findall(r"[^\W_]+", text.casefold())) or text.strip()


def _texts(question: Question) -> list[str]:
    texts = [question.prompt, *question.choices, *question.notes.values()]
    if question.explanation is not None:
        texts.append(question.explanation)
    return [text for value in texts for _, text in value.versions]


def _right(question: Question) -> str:
    return question.choices[question.answer].versions[0][1]


def _choice_texts(question: Question, indexes: Iterable[int]) -> set[str]:
    return {_words(question.choices[i].versions[0][1]) for i in indexes}


def _clean(imported: Imported | None) -> None:
    for question in imported.quiz.questions if imported else ():
        for text in _texts(question):
            assert not MARKUP.search(text), (question.id, text)


@dataclass(frozen=True)
class Item:
    """A question: its line, prompt, type and the right answer (any of `right`'s spellings: a
    YAML boolean has several); a `text` one's every accepted answer (each with its spellings),
    a `number` one's lowest and highest right values, a `multiple` one's right choices."""

    line: int
    prompt: str
    right: tuple[str, ...]
    kind: str = "choice"
    answers: tuple[tuple[str, ...], ...] = ()
    number: tuple[float, float] = (0.0, 0.0)
    rights: tuple[str, ...] = ()


@dataclass(frozen=True)
class Expected:
    """What a file holds, read independently: its questions in order, and its items that cannot
    be questions by line."""

    questions: list[Item]
    skips: dict[int, str]


def _agree(imported: Imported | None, skipped: list[Skipped], expected: Expected) -> None:
    """The import and the independent reading say the same, item by item."""
    reasons = {item.line: item.reason.key for item in skipped if item.reason.key not in LEFT_OUT}
    for line, key in expected.skips.items():
        assert reasons.get(line, "").startswith(key), (line, key, reasons.get(line))
    wanted: list[Item] = []
    for index, item in enumerate(expected.questions):
        reason = reasons.get(item.line, "")
        if reason == "skip.cap":  # this one and every later one: the count says so
            left = {s.reason.arguments()["count"] for s in skipped if s.line == item.line}
            assert left == {len(expected.questions) - index}
            break
        if reason:
            assert reason.startswith(BUILD_REASONS), (item.line, reason)
            continue
        wanted.append(item)
    assert set(reasons) <= set(expected.skips) | {item.line for item in expected.questions}
    questions = list(imported.quiz.questions) if imported else []
    assert len(questions) == len(wanted)
    for question, item in zip(questions, wanted, strict=True):
        assert _words(question.prompt.versions[0][1]) == _words(item.prompt), question.id
        assert question.type == item.kind, (question.id, item.kind)
        _CHECKS[item.kind](question, item)


def _check_choice(question: Question, item: Item) -> None:
    rights = {_words(text) for text in item.right}
    assert _words(_right(question)) in rights, (question.id, _right(question), item.right)
    wrong = [text for index, text in enumerate(question.choices) if index != question.answer]
    for choice in wrong:
        assert _words(choice.versions[0][1]) not in rights, question.id


def _check_truefalse(question: Question, item: Item) -> None:
    assert question.answer == (0 if item.right[0] == "True" else 1), question.id
    assert [dict(c.versions)["en"] for c in question.choices] == ["True", "False"]


def _check_text(question: Question, item: Item) -> None:
    """The first answer that fits (100 characters at most) is the one shown; each of the first
    20 that a player can type (that fits, not punctuation alone) is accepted as spelled; no
    other is."""
    assert isinstance(question.key, TextKey)
    accepted = question.key.accepted
    fits = [texts for texts in item.answers if any(len(t) <= TYPED_LENGTH for t in texts)]
    assert _words(accepted[0].spelling) in {_words(text) for text in fits[0]}
    for spellings in item.answers[:ACCEPTED]:
        typable = [t for t in spellings if len(t) <= TYPED_LENGTH and re.search(r"[^\W_]", t)]
        if typable:
            matches = [match_text(text, accepted) for text in typable]
            assert any(m is not None and m.edits == 0 for m in matches), (question.id, spellings)
    every = {_words(text) for spellings in item.answers for text in spellings}
    assert all(_words(answer.spelling) in every for answer in accepted), question.id


def _check_number(question: Question, item: Item) -> None:
    assert isinstance(question.key, NumberKey)
    assert (question.key.low, question.key.high) == pytest.approx(item.number), question.id


def _check_multiple(question: Question, item: Item) -> None:
    assert isinstance(question.key, SetKey)
    assert _choice_texts(question, question.key.rights) == {_words(r) for r in item.rights}
    wrong = set(range(len(question.choices))) - question.key.rights
    assert not _choice_texts(question, wrong) & {_words(r) for r in item.rights}, question.id


_CHECKS = {
    "choice": _check_choice,
    "truefalse": _check_truefalse,
    "text": _check_text,
    "number": _check_number,
    "multiple": _check_multiple,
}


# Red ----------------------------------------------------------------------------------------

RED_METADATA = ("AUTHOR", "DESCRIPTION", "CONFIG", "$schema")
YAML_BOOLEANS = {True: ("yes", "true", "on", "y"), False: ("no", "false", "off", "n")}


def _red_reading(path: Path) -> tuple[Expected, Any]:
    """Red's list as PyYAML's SafeLoader reads it (YAML 1.1: `No` is False, `41153.7` a float),
    entry by entry so that a repeated question is seen, with the description."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(path.read_text(encoding="utf-8"))
    try:
        root = loader.get_single_node()
        assert isinstance(root, yaml.MappingNode)
        pairs = [
            (key.start_mark.line + 1, loader.construct_object(key, deep=True), value)
            for key, value in root.value
        ]
        values = {line: loader.construct_object(value, deep=True) for line, _, value in pairs}
    finally:
        loader.dispose()
    questions: list[Item] = []
    skips: dict[int, str] = {}
    seen: set[object] = set()
    description = None
    for line, key, node in pairs:
        value = values[line]
        if key in RED_METADATA:
            description = value if key == "DESCRIPTION" else description
        elif key in seen:
            skips[line] = "skip.red_repeated"
        elif not isinstance(value, list):
            skips[line] = "skip.red_not_list"
        elif not [answer for answer in value if str(answer).strip()]:
            skips[line] = "skip.red_no_answer"
        else:
            seen.add(key)
            written = [
                item.value if isinstance(item, yaml.ScalarNode) else "" for item in node.value
            ]
            answers = tuple(
                (*_red_texts(answer), raw)  # `07` is 7 to YAML 1.1, and 07 as written
                for answer, raw in zip(value, written, strict=True)
                if str(answer).strip()
            )
            if all(len(text) > TYPED_LENGTH for texts in answers for text in texts):
                skips[line] = "skip.long_answer"
            else:
                questions.append(Item(line, str(key), answers[0], "text", answers))
    return Expected(questions, skips), description


def _red_texts(answer: object) -> tuple[str, ...]:
    """An answer's spellings: a YAML 1.1 boolean any of its words, a number its value."""
    if isinstance(answer, bool):
        return YAML_BOOLEANS[answer]
    if isinstance(answer, float):
        return (str(answer), f"{answer:g}", repr(answer))
    return (str(answer),)


RED = _files("red", "*.yaml")


@pytest.mark.parametrize("relative", RED)
def test_every_red_list_imports_every_question_with_its_right_answer(relative: str) -> None:
    assert REALWORLD is not None
    expected, description = _red_reading(REALWORLD / relative)
    imported, skipped = _import(relative)
    assert imported is not None
    assert imported.format == "red"
    _agree(imported, skipped, expected)
    if description:
        assert imported.quiz.description is not None
        text = imported.quiz.description.versions[0][1]
        assert _words(str(description)).startswith(_words(text.removesuffix("…")))
    prompts = {question.prompt.versions[0][1] for question in imported.quiz.questions}
    assert not prompts & set(RED_METADATA)


def test_a_red_list_plays_typed_in_the_terminal_with_a_typo_tolerated(tmp_path: Path) -> None:
    """Red's own game is typed, and so is the imported list: `quizbot import` writes it, and
    `quizbot play` asks each question for a typed line, a typo in "Montgomery" accepted and told,
    a wrong city not."""
    assert REALWORLD is not None
    folder, db = tmp_path / "quizzes", tmp_path / "q.db"
    folder.mkdir()
    source = REALWORLD / "red" / "uscapitals.yaml"
    written = quizbot("import", str(source), "--output", str(folder / "uscapitals.yaml"), db=db)
    assert written.returncode == 0, written.stderr
    played = quizbot(
        "play", "uscapitals", "--lang", "en", "--name", "Ana", stdin="Montgomary\nAnchorage\nq\n",
        db=db, QUIZBOT_QUIZZES=str(folder),
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    out = played.stdout
    assert "What is the USA state capital of Alabama?\n\nType your answer." in out
    assert "✅ Accepted — the spelling is Montgomery" in out
    assert "❌ Not quite. The answer is Juneau" in out
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT p.question_id, a.correct, a.response FROM answers a "
            "JOIN posts p ON p.post_id = a.post_id ORDER BY p.post_id"
        ).fetchall()
    assert [(correct, response) for _, correct, response in rows] == [
        (1, "Montgomary"),
        (0, "Anchorage"),
    ]


def test_the_red_lists_are_all_there() -> None:
    assert len(RED) == 54


# GIFT ---------------------------------------------------------------------------------------

SKIP_OF_TYPE = {
    "Matching": "skip.gift_matching",
    "Essay": "skip.gift_essay",
    "Description": "skip.gift_description",
}


class _TextOnly(html.parser.HTMLParser):
    """An HTML fragment's text, by the standard library's parser (comments dropped)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def _shown(text: dict[str, str] | None) -> str:
    """A text of the parser's JSON as a reader sees it, whatever its format."""
    if not text:
        return ""
    if text["format"] == "markdown":
        return re.sub(r"[*_`]", " ", text["text"])
    if text["format"] == "plain":
        return text["text"]
    parser = _TextOnly()
    parser.feed(text["text"])
    parser.close()
    return "".join(parser.parts)


def _blocks(path: Path) -> list[int]:
    """The first line of each item, as GIFT separates them: blank lines, comments aside."""
    starts, inside = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8-sig").split("\n"), 1):
        stripped = line.strip()
        if not stripped:
            inside = False
        elif not stripped.startswith("//") and not inside:
            starts.append(number)
            inside = True
    return starts


def _gift_reading(path: Path) -> Expected:
    """The parser's JSON, item by item, lined up with the file's blocks."""
    items = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    starts = _blocks(path)
    assert len(starts) == len(items), "one block a JSON item"
    questions: list[Item] = []
    skips: dict[int, str] = {}
    for line, item in zip(starts, items, strict=True):
        kind = item["type"]
        if kind == "Category":
            continue
        if kind in SKIP_OF_TYPE:
            skips[line] = SKIP_OF_TYPE[kind]
        elif kind == "TF":
            questions.append(Item(line, _shown(item["stem"]), (str(item["isTrue"]),), "truefalse"))
        elif kind == "Short":
            _short_answer(line, item, questions, skips)
        elif kind == "Numerical":
            _numerical(line, item, questions, skips)
        else:
            _multiple_choice(line, item, questions, skips)
    return Expected(questions, skips)


def _full_credit(choice: dict[str, Any]) -> bool:
    """An answer worth all the points: marked right without a weight, or weighted 100 %."""
    weight = choice["weight"]
    return bool(choice["isCorrect"]) and (weight is None or float(weight) >= 100)


def _no_full_credit(choices: list[dict[str, Any]]) -> str:
    partial = any(float(c["weight"] or 0) > 0 for c in choices)
    return "skip.gift_partial_only" if partial else "skip.no_right"


def _short_answer(
    line: int, item: dict[str, Any], questions: list[Item], skips: dict[int, str]
) -> None:
    """Only full-credit answers are accepted (partial credit has no place in right or wrong)."""
    answers = tuple((_shown(c["text"]),) for c in item["choices"] if _full_credit(c))
    if not answers:
        skips[line] = _no_full_credit(item["choices"])
        return
    questions.append(Item(line, _shown(item["stem"]), answers[0], "text", answers))


def _values(answer: dict[str, Any]) -> tuple[float, float]:
    """The values a numeric answer of the parser's JSON accepts, lowest and highest."""
    if answer["type"] == "high-low":
        return float(answer["numberLow"]), float(answer["numberHigh"])
    margin = float(answer.get("range") or 0)
    return float(answer["number"]) - margin, float(answer["number"]) + margin


def _numerical(
    line: int, item: dict[str, Any], questions: list[Item], skips: dict[int, str]
) -> None:
    """One answer (the JSON gives it alone), or the full-credit ones of several, which must
    make one range together."""
    choices = item["choices"]
    if isinstance(choices, dict):
        intervals = [_values(choices)]
    else:
        intervals = [_values(c["text"]) for c in choices if _full_credit(c)]
    if not intervals:
        skips[line] = _no_full_credit(choices)
        return
    low, high = min(i[0] for i in intervals), max(i[1] for i in intervals)
    covered = sorted(intervals)
    if any(b[0] > max(a[1] for a in covered[: n + 1]) for n, b in enumerate(covered[1:])):
        skips[line] = "skip.gift_numeric_apart"
        return
    stem = _shown(item["stem"])
    questions.append(Item(line, stem, (), "number", number=(low, high)))


def _multiple_choice(
    line: int,
    item: dict[str, Any],
    questions: list[Item],
    skips: dict[int, str],
) -> None:
    """One full-credit answer: a choice question; several: skipped (Moodle takes any one);
    none, the answers that share the credit are the right ones (2 or more, not all)."""
    choices = item["choices"]
    right = [c for c in choices if c["isCorrect"] or float(c["weight"] or 0) >= 100]
    stem = _shown(item["stem"])
    if len(right) == 1:
        questions.append(Item(line, stem, (_shown(right[0]["text"]),)))
        return
    if right:
        skips[line] = "skip.several_right"
        return
    right = [c for c in choices if float(c["weight"] or 0) > 0]
    if len(right) == len(choices) and right:
        skips[line] = "skip.all_right"
    elif len(right) > 1:
        rights = tuple(_shown(c["text"]) for c in right)
        questions.append(Item(line, stem, (), "multiple", rights=rights))
    else:
        skips[line] = _no_full_credit(choices)


PEGJS = _files("gift/gift-grammar-pegjs", "*.gift")


@pytest.mark.parametrize("relative", PEGJS)
def test_every_gift_fixture_reads_as_the_parser_expects(relative: str) -> None:
    assert REALWORLD is not None
    expected = _gift_reading(REALWORLD / relative)
    imported, skipped = _import(relative)
    if imported is None and not expected.questions and not expected.skips:
        assert [(p.line, p.reason.key) for p in skipped] == [(1, "error.no_questions")]
        return  # a category alone: nothing to import, and the reason says so
    assert imported is None or imported.format == "gift"
    _agree(imported, skipped, expected)
    _clean(imported)


def test_the_gift_fixtures_are_all_there() -> None:
    assert len(PEGJS) == 51


MOODLE = _files("gift/moodle", "*")
_SIMPLE = re.compile(r"\{\s*=([^=~#{}%\\\->]+?)\s*((?:~[^=~#{}%\\\->]+?\s*)+)\}")
_TRUE_FALSE = re.compile(r"\{\s*(T|TRUE|F|FALSE)\s*\}")


@pytest.mark.parametrize("relative", MOODLE)
def test_moodles_own_gift_files_account_for_every_item(relative: str) -> None:
    """Moodle's files have no expected reading beside them: every item is imported or skipped
    by its line, and where the answer block is the plain `{=right ~wrong…}` or `{T}` kind that
    anyone reads at a glance, the right answer is that one."""
    assert REALWORLD is not None
    path = REALWORLD / relative
    imported, skipped = _import(relative)
    assert imported is not None
    assert imported.format == "gift"
    lines = path.read_text(encoding="utf-8").split("\n")
    items = [line for line in _blocks(path) if not lines[line - 1].startswith("$CATEGORY")]
    skipped_lines = {item.line for item in skipped}
    assert skipped_lines <= set(items)
    kept = [line for line in items if line not in skipped_lines]
    assert len(kept) == len(imported.quiz.questions)
    for line, question in zip(kept, imported.quiz.questions, strict=True):
        block = "\n".join(lines[line - 1 : line + 12]).split("\n\n")[0]
        if simple := _SIMPLE.search(block):
            assert _words(_right(question)) == _words(simple.group(1)), (line, question.id)
        elif true_false := _TRUE_FALSE.search(block):
            assert _right(question) == ("True" if true_false.group(1) in "TRUE" else "False")
    _clean(imported)


# Kahoot -------------------------------------------------------------------------------------


def _kahoot_reading(path: Path) -> Expected:
    workbook = openpyxl.load_workbook(path, data_only=True)
    rows = list(workbook.worksheets[0].iter_rows(values_only=True))
    header = next(i for i, row in enumerate(rows) if "Correct answer" in " ".join(map(str, row)))
    names = [str(cell) for cell in rows[header]]
    question = next(i for i, name in enumerate(names) if name.startswith("Question"))
    correct = next(i for i, name in enumerate(names) if name.startswith("Correct answer"))
    answers = [i for i, name in enumerate(names) if name.startswith("Answer ")]
    questions: list[Item] = []
    skips: dict[int, str] = {}
    for number, row in enumerate(rows[header + 1 :], header + 2):
        if all(row[i] is None for i in (question, correct, *answers)):
            continue
        marked = {int(float(n)) for n in re.findall(r"\d+(?:\.\d+)?", str(row[correct] or ""))}
        given = [str(row[i]) for i in answers if row[i] is not None]
        rights = tuple(str(row[answers[n - 1]]) for n in sorted(marked))
        prompt = str(row[question])
        if not marked:
            skips[number] = "skip.kahoot_no_correct"
        elif len(marked) > 1:  # any one of them scores in Kahoot: no question here says that
            skips[number] = "skip.several_right"
        elif sorted(g.casefold() for g in given) == ["false", "true"]:
            questions.append(Item(number, prompt, (rights[0].capitalize(),), "truefalse"))
        else:
            questions.append(Item(number, prompt, rights))
    return Expected(questions, skips)


KAHOOT = _files("kahoot", "*.xlsx")


@pytest.mark.parametrize("relative", KAHOOT)
def test_every_kahoot_sheet_reads_as_openpyxl_does(relative: str) -> None:
    assert REALWORLD is not None
    expected = _kahoot_reading(REALWORLD / relative)
    imported, skipped = _import(relative)
    _agree(imported, skipped, expected)
    assert len(skipped) == len(expected.skips)  # the template's empty rows are no items
    _clean(imported)
