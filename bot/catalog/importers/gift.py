"""Moodle GIFT question banks, read as Moodle's own importer reads them (qformat_gift).

Questions are blocks of lines separated by blank lines; a line starting with // is a comment.
A block is `::name::` (optional), `[html|markdown|plain|moodle]` (optional), the question text,
and an answer block in braces: `=right ~wrong ~%50%partial`, each answer with `#feedback`, and
`####general feedback` at its end; `{T}`/`{FALSE}` is true/false (`{T#if wrong#if right}`).
Text after the braces makes a missing-word question ("_____" where the braces were).
`$CATEGORY: a/b` blocks give the quiz its tags. `\\` escapes `~ = # { } :` and `\\n` is a
line break. Texts are read as their format renders: Moodle's own (the default) and `[html]` as
HTML (tags, comments and entities gone), `[markdown]` as Markdown (markdown_text.py). The title
is the category all questions are in.

Multiple choice with exactly one full-credit answer becomes a `choice` question, one whose
credit is shared among several answers (Moodle's multiple-answer question) a `multiple` one;
`{T}` a `truefalse` one, short answer (`{=Paris =paris}`) a `text` one accepting the
full-credit answers, numeric (`{#3.14:0.01}`, `{#1..5}`) a `number` one (gift_numbers.py).
The general feedback (and the right answer's feedback) is the explanation; a wrong answer's
feedback its note. Matching and essay questions are skipped, each with its line and why, as
is a choice with several full-credit answers (Moodle takes any one of them as right).
An `<img>` in an HTML question text is its picture, one in the general feedback its
explanation's (a data URI, or a file beside the GIFT file: Moodle exports
`@@PLUGINFILE@@/x.png`); one in an answer is left out, by line (importers/pictures.py).
"""

from __future__ import annotations

import re

from bot.catalog.importers.cleaning import html_to_text, plain, tag
from bot.catalog.importers.common import Draft, ImportResult, Options, read_text
from bot.catalog.importers.gift_numbers import Answer, numeric
from bot.catalog.importers.markdown_text import markdown_to_text
from bot.catalog.importers.picture_refs import PictureRef, Side, find_pictures

FORMAT = "gift"
_ESCAPES = {"\\:": "\ue001", "\\#": "\ue002", "\\=": "\ue003", "\\{": "\ue004", "\\}": "\ue005"}
_ESCAPES |= {"\\~": "\ue006", "\\n": "\ue007"}
_RESTORE = str.maketrans({v: k[1] for k, v in _ESCAPES.items()} | {"\ue007": "\n"})
_PLACEHOLDERS = re.compile("[\ue000-\ue007]")
_WEIGHT = re.compile(r"%(-?\d{1,3}(?:\.\d*)?)%")
_FORMATS = ("html", "markdown", "plain", "moodle")
_TRUE, _FALSE = ("T", "TRUE"), ("F", "FALSE")


def parse(data: bytes, options: Options) -> ImportResult:
    """Every question of a GIFT file (True and False are the bot's words, in the player's
    language: `options` change nothing here)."""
    result = ImportResult(FORMAT)
    categories: list[list[str]] = []
    for line, block in _blocks(read_text(data)):
        if result.full():
            break
        if block.startswith("$CATEGORY:"):
            category, _, block = block.partition("\n")
            categories.append(_add_category(result, category.removeprefix("$CATEGORY:")))
            line += 1 + len(block) - len(block.lstrip("\n"))
            block = block.strip()
            if not block:
                continue
        _read_question(result, line, _escape(block))
    result.title = _title(categories)
    return result


def _blocks(text: str) -> list[tuple[int, str]]:
    """(first line, text) of each block of non-blank lines, comment lines blanked as Moodle
    does (so a comment never splits a question)."""
    blocks: list[tuple[int, str]] = []
    lines: list[str] = []
    first = 0
    for number, raw in enumerate(text.split("\n"), 1):
        stripped = raw.strip()
        if not stripped:
            if first:
                blocks.append((first, "\n".join(lines).strip()))
            lines, first = [], 0
            continue
        if stripped.startswith("//"):
            stripped = ""
        elif not first:
            first = number
        lines.append(stripped)
    if first:
        blocks.append((first, "\n".join(lines).strip()))
    return blocks


def _escape(text: str) -> str:
    """Escaped control characters as placeholders, so that they are never read as syntax."""
    text = _PLACEHOLDERS.sub("", text).replace("\\\\", "\ue000")
    for escaped, placeholder in _ESCAPES.items():
        text = text.replace(escaped, placeholder)
    return text.replace("\ue000", "\\")


def _add_category(result: ImportResult, path: str) -> list[str]:
    """The category's tags added to the quiz's; returns its named parts ("$course$/top/Algebra"
    → ["Algebra"]), without the "Default for " Moodle puts before a course's name."""
    parts = []
    for written in _escape(path).translate(_RESTORE).strip().split("/"):
        part = written.strip().removeprefix("Default for ")
        name = tag(part)
        if name and name != "top" and not part.startswith("$"):
            parts.append(plain(part))
            if name not in result.tags:
                result.tags.append(name)
    return parts


def _title(categories: list[list[str]]) -> str | None:
    """The quiz's title: the deepest category every question of the file is in; None
    without one."""
    common: list[str] = []
    for parts in zip(*categories, strict=False):
        if len(set(parts)) > 1:
            break
        common.append(parts[0])
    if not categories or not common:
        return None
    return common[-1]


def _read_question(result: ImportResult, line: int, text: str) -> None:
    name = None
    if text.startswith("::"):
        text = text[2:]
        if "::" in text:
            name, _, text = text.partition("::")
            name = plain(name.translate(_RESTORE))
        text = text.strip()
    start, end = text.find("{"), text.find("}")
    if start < 0 and end < 0:
        result.skip(line, "skip.gift_description")
        return
    if start < 0 or end < start:
        result.skip(line, "skip.gift_braces")
        return
    answers = text[start + 1 : end].strip()
    missing_word = not text.endswith("}")
    question = text[:start] + ("_____" if missing_word else "") + text[end + 1 :]
    general = ""
    if "####" in answers:
        answers, _, general = answers.rpartition("####")
        answers = answers.strip()
    kind, prompt = _with_format(question.strip(), "moodle")
    draft = _classify(result, line, answers, kind)
    if draft is None:
        return
    draft.prompt = prompt
    draft.name = name or None
    explanation = [_with_format(general, kind)[1], draft.explanation or ""]
    draft.explanation = "\n\n".join(part for part in explanation if part) or None
    draft.pictures = _pictures(question, kind) + _pictures(general, kind, "explanation")
    if in_answers := _pictures(answers, kind):
        result.skip(
            line, "skip.picture_in_answer", name=in_answers[0].shown, count=len(in_answers)
        )
    result.questions.append(draft)


def _pictures(text: str, kind: str, side: Side = "question") -> list[PictureRef]:
    """The `<img>`s of a text written in HTML (Moodle's own format or [html])."""
    if kind not in ("moodle", "html") or "<" not in text:
        return []
    return find_pictures(text.translate(_RESTORE), side)


def _with_format(text: str, default: str) -> tuple[str, str]:
    """(format, plain text) of a text that may start with [html], [markdown], …: Moodle's
    own format (the default) allows HTML too, and Markdown is read as it renders."""
    text = text.strip()
    if not text:
        return default, ""
    kind = default
    if text.startswith("[") and "]" in text:
        named = text[1 : text.index("]")]
        if named in _FORMATS:
            kind, text = named, text[text.index("]") + 1 :]
    text = text.translate(_RESTORE)
    if kind == "markdown":
        return kind, markdown_to_text(text)
    return kind, plain(text) if kind == "plain" else html_to_text(text)


def _classify(result: ImportResult, line: int, answers: str, kind: str) -> Draft | None:
    """The question's answers (prompt filled in by the caller), or None once skipped."""
    if not answers:
        result.skip(line, "skip.gift_essay")
    elif answers.startswith("#"):
        body = answers[1:] if "=" in answers else "=" + answers[1:]  # {#3.14:0.01}
        parts = body.replace("=", "~=").split("~")
        return numeric(result, line, [_answer(part, kind) for part in parts if part.strip()])
    elif "~" in answers:
        return _multiple_choice(result, line, answers, kind)
    elif "=" in answers and "->" in answers:
        result.skip(line, "skip.gift_matching")
    elif answers.split("#", 1)[0].strip() in _TRUE + _FALSE:
        return _true_false(answers, kind, line)
    else:
        return _short_answer(result, line, answers, kind)
    return None


def _true_false(answers: str, kind: str, line: int) -> Draft:
    value, *feedback = (part.strip() for part in answers.split("#", 2))
    wrong = _with_format(feedback[0], kind)[1] if feedback else ""
    right = _with_format(feedback[1], kind)[1] if len(feedback) > 1 else ""
    answer = 0 if value in _TRUE else 1
    draft = Draft(line, "", [], answer, kind="truefalse")
    if wrong:
        draft.notes[1 - answer] = wrong
    draft.explanation = right or None
    return draft


def _short_answer(result: ImportResult, line: int, answers: str, kind: str) -> Draft | None:
    """A `text` question of the full-credit answers (Moodle's `=%50%` partial ones are not
    accepted: a typed answer is right or wrong); the first one's feedback explains."""
    parsed = [_answer(f"={part}", kind) for part in answers.split("=") if part.strip()]
    right = [answer for answer in parsed if answer.weight >= 1 and answer.text]
    if not right:
        partial = any(answer.weight > 0 for answer in parsed)
        result.skip(line, "skip.gift_partial_only" if partial else "skip.no_right")
        return None
    if any(0 < answer.weight < 1 for answer in parsed):
        result.note("note.gift_partial_typed")
    draft = Draft(line, "", [], -1, kind="text")
    draft.accepted = tuple(answer.text for answer in right)
    draft.explanation = right[0].feedback or None
    return draft


def _multiple_choice(result: ImportResult, line: int, answers: str, kind: str) -> Draft | None:
    """One full-credit answer: a choice question (partial ones are wrong choices). None: the
    credit is shared, as Moodle's multiple-answer question does (`~%50%a ~%50%b ~%-100%c`),
    and every answer of positive weight is one of a `multiple` question's right ones. Several
    (`=a =b ~c`) is skipped: Moodle then takes any one of them as right, where a choice
    question has one and a `multiple` one would want them all."""
    parsed = [_answer(part, kind) for part in answers.replace("=", "~=").split("~")]
    options = [answer for answer in parsed if answer.text or answer.feedback or answer.weight]
    right = [index for index, answer in enumerate(options) if answer.weight >= 1]
    if len(right) > 1:  # Moodle: any one of them is right, where our choice has one
        result.skip(line, "skip.several_right", count=len(right))
        return None
    if not right:  # credit shared: every answer that earns some is one of the right ones
        right = [index for index, answer in enumerate(options) if answer.weight > 0]
    if not right:
        result.skip(line, "skip.no_right")
        return None
    if len(right) == 1 and options[right[0]].weight < 1:
        result.skip(line, "skip.gift_partial_only")
        return None
    if options[right[0]].weight >= 1 and any(0 < answer.weight < 1 for answer in options):
        result.note("note.gift_partial")
    draft = Draft(line, "", [answer.text for answer in options], right[0])
    if len(right) > 1:
        draft.kind, draft.answer, draft.rights = "multiple", -1, frozenset(right)
    draft.notes = {
        index: answer.feedback
        for index, answer in enumerate(options)
        if answer.feedback and index not in right
    }
    feedback = [options[index].feedback for index in right if options[index].feedback]
    draft.explanation = feedback[0] if len(right) == 1 and feedback else None
    return draft


def _answer(part: str, kind: str) -> Answer:
    part = part.strip()
    weight = 0.0
    if part.startswith("="):
        weight, part = 1.0, part[1:].lstrip()
    found = _WEIGHT.match(part)
    if found:
        weight, part = float(found.group(1)) / 100, part[found.end() :]
    text, _, feedback = part.partition("#")
    return Answer(_with_format(text.strip(), kind)[1], weight, _with_format(feedback, kind)[1])
