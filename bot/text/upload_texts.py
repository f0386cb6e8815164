"""What the bot says about a chat's uploads: the reply to /import and /removequiz, the help,
and /quizzes with the chat's own quizzes set apart from the bundled ones.

Problems are worded like `quizbot import` words them (bot/text/import_texts.py), by line, the
first few then how many more, so a long broken file still fits one message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from bot.domain import uploads
from bot.domain.entities import WEAK_ROUND
from bot.domain.models import Language, Quiz
from bot.domain.uploads import (
    NotRemovable,
    Removed,
    Uploaded,
    UploadFailed,
    UploadOutcome,
    UploadProblem,
    UploadRefused,
)
from bot.text.i18n import t
from bot.text.import_texts import placed_lines
from bot.text.markup import PLAIN, Style
from bot.text.quiz_texts import quiz_line, quiz_list

Platform = Literal["telegram", "discord"]
SHOWN_PROBLEMS = 5
"""Problems listed in a reply before "… and N more": a chat message, not a report."""


def upload_reply(
    outcome: UploadOutcome, language: Language, platform: Platform = "telegram"
) -> str:
    """The answer to an upload: the quiz's title, id and question count (and what was skipped),
    or the file's first problems by line, or why it was refused with the limit."""
    match outcome:
        case Uploaded(quiz, replaced, warnings, unit, unused_pictures):
            shown = uploads.shown_id(quiz.id)
            play = t(language, f"upload.play.{platform}", id=shown)
            key = "upload.replaced" if replaced else "upload.done"
            title = quiz.title.get(language)
            lines = [t(language, key, title=title, count=len(quiz.questions), play=play)]
            if warnings:
                lines.append(t(language, "import.skipped", count=len(warnings)))
                lines += problem_lines(f"{shown}", warnings, unit, language)
            if unused_pictures:
                names = ", ".join(unused_pictures[:SHOWN_PROBLEMS])
                more = len(unused_pictures) - SHOWN_PROBLEMS
                names += f" (+{more})" if more > 0 else ""
                lines.append(t(language, "upload.unused_pictures", names=names))
            return "\n".join(lines)
        case UploadFailed(filename, problems, unit):
            lines = [t(language, "upload.failed", file=filename)]
            return "\n".join(lines + problem_lines(filename, problems, unit, language))
        case UploadRefused(reason, limit, quiz_id, name):
            remove = t(language, f"upload.remove.{platform}")
            return t(language, f"upload.refused.{reason.value}", limit=limit, id=quiz_id,
                     remove=remove, name=name)  # fmt: skip


def problem_lines(
    file: str, problems: Sequence[UploadProblem], unit: str, language: Language
) -> list[str]:
    """ "deck.txt:12: why", the first SHOWN_PROBLEMS of them, then how many more."""

    def reason(problem: UploadProblem) -> str:
        return t(language, problem.key, **dict(problem.values))

    return placed_lines(file, problems, reason, unit, language, SHOWN_PROBLEMS)


def remove_reply(
    outcome: Removed | NotRemovable, language: Language, own: Sequence[str] = ()
) -> str:
    """The answer to /removequiz; `own`: the chat's quiz ids, named when the id is unknown."""
    match outcome:
        case Removed(quiz_id, title):
            return t(language, "upload.removed", id=quiz_id, title=title)
        case NotRemovable(quiz_id, bundled):
            if bundled:
                return t(language, "upload.remove.bundled", id=quiz_id)
            if not own:
                return t(language, "upload.remove.none")
            return t(language, "upload.remove.unknown", id=quiz_id, names=", ".join(own))


def import_help(language: Language, platform: Platform = "telegram") -> str:
    """What /import does and how to use it on that platform."""
    return t(language, f"upload.help.{platform}")


def quiz_list_in(quizzes: Sequence[Quiz], language: Language, style: Style = PLAIN) -> str:
    """/quizzes in a chat: the bundled quizzes, then the chat's own under a heading of theirs."""
    bundled = [quiz for quiz in quizzes if not uploads.is_chat_quiz(quiz)]
    own = [quiz for quiz in quizzes if uploads.is_chat_quiz(quiz)]
    text = quiz_list(bundled, language, style) if bundled or not own else ""
    if not own:
        return text
    lines = [style.bold(style.escape(t(language, "upload.own_title")))]
    lines += [quiz_line(quiz, language, style) for quiz in own]
    return "\n\n".join(part for part in (text, "\n".join(lines)) if part)


def removed_quizzes_line(
    keys: Sequence[str], found: Sequence[Quiz], language: Language
) -> str | None:
    """Under a daily schedule whose chat removed some of its quizzes: what goes on; None
    when every quiz is still there."""
    if len(found) == len([key for key in keys if key != WEAK_ROUND]):  # weak: not a quiz
        return None
    key = "upload.daily_some_removed" if found else "upload.daily_all_removed"
    return t(language, key)
