"""From what an importer found to a quiz file that `quizbot validate` accepts.

Drafts are checked against the loader's rules (lengths, 2-10 distinct choices, 500 questions)
and against the platforms' limits (limits.check_quiz, as the bot renders them), each failing
draft skipped with its line and why; the rest are written as a YAML file and loaded back
through the loader itself, so an import can never produce a quiz the bot would refuse. A quiz
of choice questions alone is written as format 2, as before types came (the same file from the
same source); one with a true/false, multiple-right, typed or number question, or a picture,
as format 3 (typed.py checks and writes those). The pictures (importers/pictures.py) are
named by paths beside the file, and the loader reads them back from memory as they were
cleaned (a JPEG is not encoded twice).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

import yaml

from bot.catalog import limits
from bot.catalog.importers.cleaning import slug
from bot.catalog.importers.common import (
    MAX_QUESTIONS,
    Draft,
    ImportResult,
    Reason,
    Skipped,
)
from bot.catalog.importers.typed import typed_document, typed_problem, typed_question
from bot.catalog.loader import MAX_FILE_BYTES, QUIZ_ID, QuizError, check_source
from bot.catalog.picture_files import StoredPictures
from bot.catalog.question_reader import QUESTION_ID
from bot.domain.models import LETTERS, MAX_CHOICES, Picture, Question, Quiz, Text
from bot.domain.uploads import StoredPicture
from bot.pictures.clean import Cleaned

MARKER = "# Written by quizbot import"
"""The first words of every file an import writes (an import may overwrite such a file)."""
TITLE_LENGTH = 70
"""Titles are cut to fit the start button (\"▶ \" + title ≤ 80)."""
LIMITS = {"prompt": 500, "choice": 200, "explanation": 700, "note": 300}
DESCRIPTION_LENGTH = 300
"""The loader's limit on a description."""
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
"""libyaml's emitter when PyYAML has it: the same safe output, ten times faster."""


@dataclass(frozen=True, slots=True)
class Identity:
    """What an imported quiz is called: from the options, else the file, else its name."""

    quiz_id: str
    title: str
    language: str


@dataclass(frozen=True, slots=True)
class Built:
    """What `build` made: the quiz as its YAML text loads back, that text, the items skipped."""

    quiz: Quiz | None
    """None when no question could be imported."""
    yaml: str
    skipped: list[Skipped]
    lines: dict[str, int] = field(default_factory=dict)
    """Each question's line (or row, note) in the source, by id."""
    pictures: dict[str, bytes] = field(default_factory=dict)
    """The pictures the quiz shows, by the path its file names them by."""


def build(
    result: ImportResult,
    identity: Identity,
    source_name: str,
    format_name: str,
    pictures: Mapping[str, Cleaned] | None = None,
) -> Built:
    """The quiz made of `result`'s drafts (from the file `source_name`, in the format named),
    its drafts' pictures found in `pictures` by path; raises QuizError only on a bug of ours."""
    skipped = list(result.skipped)
    questions, lines = _questions(result.questions, identity.language, skipped)
    failing = _failing(result, identity, questions)
    if any(question.image is not None for question in questions if question.id in failing):
        questions = _without_long_captions(result, identity, questions, failing, lines, skipped)
        failing = _failing(result, identity, questions)
    for question_id, message in failing.items():
        skipped.append(Skipped(lines[question_id], Reason.of("skip.limit", problem=message)))
    kept = tuple(question for question in questions if question.id not in failing)
    quiz, text = _fitting(result, identity, kept, lines, skipped, (source_name, format_name))
    skipped.sort(key=lambda item: item.line)
    if quiz is None:
        return Built(None, "", skipped)
    found = pictures or {}
    shown = {
        picture.name: found[picture.name]
        for question in quiz.questions
        for picture in (question.image, question.explanation_image)
        if picture is not None and picture.name in found
    }
    given = StoredPictures(
        StoredPicture(name, cleaned.media_type, cleaned.width, cleaned.height, cleaned.data)
        for name, cleaned in shown.items()
    )  # cleaned already: read back as they are, not re-encoded
    checked = check_source(f"{identity.quiz_id}.yaml", identity.quiz_id, text.encode(), given)
    files = {name: cleaned.data for name, cleaned in shown.items()}
    return Built(checked.quiz, text, skipped, lines, files)


def _failing(
    result: ImportResult, identity: Identity, questions: tuple[Question, ...]
) -> dict[str, str]:
    """The platform limit each question breaks, by id (limits.check_quiz)."""
    return {
        question_id: message
        for question_id, message in limits.check_quiz(_quiz(result, identity, questions))
        if question_id is not None
    }


def _without_long_captions(
    result: ImportResult,
    identity: Identity,
    questions: tuple[Question, ...],
    failing: dict[str, str],
    lines: dict[str, int],
    skipped: list[Skipped],
) -> tuple[Question, ...]:
    """The questions too long for a picture's caption (Telegram's 1,024 characters) kept
    without their picture, which is skipped saying why, when that is all that breaks."""
    plain = {
        question.id: dataclasses.replace(question, image=None)
        for question in questions
        if question.id in failing and question.image is not None
    }
    trial = tuple(plain.get(question.id, question) for question in questions)
    still = _failing(result, identity, trial)
    kept = []
    for question in questions:
        if question.id in plain and question.id not in still and question.image is not None:
            name, problem = question.image.name, failing[question.id]
            reason = Reason.of("skip.picture", name=name, problem=problem)
            skipped.append(Skipped(lines[question.id], reason))
            question = plain[question.id]
        kept.append(question)
    return tuple(kept)


def _fitting(
    result: ImportResult,
    identity: Identity,
    questions: tuple[Question, ...],
    lines: dict[str, int],
    skipped: list[Skipped],
    names: tuple[str, str],
) -> tuple[Quiz | None, str]:
    """The quiz and its file, the last questions left out while the file is over the
    loader's size limit (only long texts in hundreds of questions get there)."""
    while questions:
        quiz = _quiz(result, identity, questions)
        text = to_yaml(quiz, *names)
        size = len(text.encode())
        if size <= MAX_FILE_BYTES:
            return quiz, text
        keep = min(len(questions) - 1, int(len(questions) * MAX_FILE_BYTES / size * 0.98))
        left = questions[keep:]
        reason = Reason.of("skip.file_size", limit=MAX_FILE_BYTES, count=len(left) - 1)
        skipped.append(Skipped(lines[left[0].id], reason))
        questions = questions[:keep]
    return None, ""


def _quiz(result: ImportResult, identity: Identity, questions: tuple[Question, ...]) -> Quiz:
    language = identity.language
    description = _shortened(result.description or "", DESCRIPTION_LENGTH)
    return Quiz(
        identity.quiz_id,
        Text.of(((language, identity.title),)),
        Text.of(((language, description),)) if description else None,
        result.difficulty or "medium",
        tuple(result.tags[:10]),
        questions,
        languages=(language,),
        credit=result.credit,
    )


def _shortened(text: str, limit: int) -> str:
    """The text, cut at a word with an ellipsis if longer than `limit`."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(None, 1)[0].rstrip(" ,;:") + "…"


def _questions(
    drafts: list[Draft], language: str, skipped: list[Skipped]
) -> tuple[tuple[Question, ...], dict[str, int]]:
    questions: list[Question] = []
    lines: dict[str, int] = {}
    for draft in drafts:
        problem = _problem(draft)
        if problem is not None:
            skipped.append(Skipped(draft.line, problem))
            continue
        if len(questions) == MAX_QUESTIONS:
            left = len(drafts) - drafts.index(draft)
            reason = Reason.of("skip.cap", limit=MAX_QUESTIONS, count=left)
            skipped.append(Skipped(draft.line, reason))
            break
        question_id = _unique_id(draft, lines)
        lines[question_id] = draft.line
        questions.append(_question(question_id, draft, language))
    return tuple(questions), lines


def _problem(draft: Draft) -> Reason | None:
    """Why the loader would refuse the draft, or None."""
    if not draft.prompt:
        return Reason.of("skip.empty_prompt")
    if draft.kind in ("choice", "multiple"):
        problem = _choices_problem(draft)
        if problem is not None:
            return problem
    if draft.kind != "choice" and (problem := typed_problem(draft)) is not None:
        return problem
    texts = [("prompt", draft.prompt), *(("choice", choice) for choice in draft.choices)]
    texts += [("note", note) for note in draft.notes.values()]
    if draft.explanation:
        texts.append(("explanation", draft.explanation))
    for what, text in texts:
        if len(text) > LIMITS[what]:
            return Reason.of(f"skip.long_{what}", length=len(text), limit=LIMITS[what])
    return None


def _choices_problem(draft: Draft) -> Reason | None:
    """Why the loader would refuse the draft's choices, or None."""
    if len(draft.choices) < 2:
        return Reason.of("skip.too_few_choices")
    if len(draft.choices) > MAX_CHOICES:
        return Reason.of("skip.too_many_choices", count=len(draft.choices), limit=MAX_CHOICES)
    if not all(draft.choices):
        return Reason.of("skip.empty_choice")
    seen: set[str] = set()
    for choice in draft.choices:
        if choice.casefold() in seen:
            return Reason.of("skip.same_choices", choice=choice[:80])
        seen.add(choice.casefold())
    return None


def _unique_id(draft: Draft, taken: dict[str, int]) -> str:
    """The draft's name, else its prompt, as an id; "-2", "-3"… if already taken."""
    base = slug(draft.name or "", 29) or slug(draft.prompt, 29) or "q"
    if not QUESTION_ID.fullmatch(base):
        base = "q"
    question_id, number = base, 1
    while question_id in taken:
        number += 1
        suffix = f"-{number}"
        question_id = base[: 32 - len(suffix)].rstrip("-") + suffix
    return question_id


def _question(question_id: str, draft: Draft, language: str) -> Question:
    def text(value: str) -> Text:
        return Text.of(((language, value),))

    explanation = text(draft.explanation) if draft.explanation else None
    if draft.kind != "choice":
        return typed_question(question_id, draft, language, explanation)
    notes = {index: text(note) for index, note in sorted(draft.notes.items()) if note}
    notes.pop(draft.answer, None)
    return Question(
        question_id,
        text(draft.prompt),
        tuple(text(choice) for choice in draft.choices),
        draft.answer,
        explanation,
        notes,
        image=draft.image,
        explanation_image=draft.explanation_image,
    )


def to_yaml(quiz: Quiz, source_name: str, format_name: str) -> str:
    """The quiz as a format 2 file (format 3 with a question of another type than `choice`),
    in the order people read one."""
    format_3 = any(
        question.type != "choice" or question.image or question.explanation_image
        for question in quiz.questions
    )
    document: dict[str, object] = {
        "format": 3 if format_3 else 2,
        "id": quiz.id,
        "languages": list(quiz.languages),
        "title": quiz.title.versions[0][1],
    }
    if quiz.description is not None:
        document["description"] = quiz.description.versions[0][1]
    document["difficulty"] = quiz.difficulty
    if quiz.tags:
        document["tags"] = list(quiz.tags)
    if quiz.credit is not None:
        credit = {"name": quiz.credit.name, "url": quiz.credit.url, "licence": quiz.credit.licence}
        document["source"] = {key: value for key, value in credit.items() if value}
    document["questions"] = [_question_document(question) for question in quiz.questions]
    body = yaml.dump(document, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=99)
    header = f"{MARKER} from {_one_line(source_name)} ({format_name}); edit it freely.\n"
    return header + "# yaml-language-server: $schema=quiz.schema.json\n" + body


def _question_document(question: Question) -> dict[str, object]:
    entry: dict[str, object] = {"id": question.id}
    if question.type == "choice":
        entry["prompt"] = question.prompt.versions[0][1]
        entry["choices"] = [choice.versions[0][1] for choice in question.choices]
        entry["answer"] = LETTERS[question.answer]
    else:
        entry["type"] = question.type
        entry["prompt"] = question.prompt.versions[0][1]
        entry.update(typed_document(question))
    if question.image is not None:
        entry["image"] = _picture_document(question.image)
    if question.explanation is not None:
        entry["explanation"] = question.explanation.versions[0][1]
    if question.explanation_image is not None:
        entry["explanation_image"] = _picture_document(question.explanation_image)
    if question.notes:
        entry["notes"] = {LETTERS[i]: note.versions[0][1] for i, note in question.notes.items()}
    return entry


def _picture_document(picture: Picture) -> dict[str, object]:
    return {"file": picture.name, "alt": picture.alt.versions[0][1]}


def _one_line(text: str) -> str:
    return " ".join(text.split())[:200]


def valid_quiz_id(value: str) -> bool:
    return bool(QUIZ_ID.fullmatch(value))


__all__ = ["MARKER", "Built", "Identity", "QuizError", "build", "to_yaml", "valid_quiz_id"]
