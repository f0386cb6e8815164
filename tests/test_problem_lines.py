"""A chat upload's problems and `quizbot import`'s are worded by one function: by line (or
note, in a package), the first few, then how many more, in both languages."""

from __future__ import annotations

import pytest

from bot.catalog.importers.common import Reason, Skipped, Unit
from bot.domain.uploads import UploadFailed, UploadProblem
from bot.text import import_texts, upload_texts
from bot.text.i18n import t

REASON = "skip.no_right"


def test_an_upload_reply_lists_five_problems_by_note_then_how_many_more() -> None:
    problems = tuple(UploadProblem(n, f"import.{REASON}") for n in range(1, 8))
    reply = upload_texts.upload_reply(UploadFailed("deck.apkg", problems, "note"), "en")
    reason = t("en", f"import.{REASON}")
    assert reply.split("\n") == [
        "Nothing could be imported from deck.apkg:",
        *(f"deck.apkg: note {n}: {reason}" for n in range(1, 6)),
        "… and 2 more.",
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("unit", ["line", "note"])
def test_the_command_line_and_a_chat_word_the_same_items_alike(language: str, unit: Unit) -> None:
    items = [Skipped(n, Reason(REASON)) for n in (3, 9, 12, 40, 41, 50, 77)]
    problems = [UploadProblem(item.line, f"import.{item.reason.key}") for item in items]
    shown = upload_texts.SHOWN_PROBLEMS
    command = import_texts.problem_lines("deck.txt", items, unit, language, shown)
    chat = upload_texts.problem_lines("deck.txt", problems, unit, language)
    assert chat == command
    assert len(chat) == shown + 1
    assert chat[-1] == t(language, "import.more", count=2)
    every = import_texts.problem_lines("deck.txt", items, "row", language)
    assert every == [f"deck.txt:{item.line}: {t(language, f'import.{REASON}')}" for item in items]
