"""Texts of flagged questions: asking a member why, the answers to a flag, and `/flags`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from bot.domain import payload
from bot.domain.flags import FLAGS_PER_DAY, FlaggedQuestion, FlagOutcome, Listed, Reason
from bot.domain.models import Language
from bot.domain.views import QuestionView
from bot.text.i18n import t
from bot.text.markup import PLAIN, Button, Card, Style

Action = Literal["hide", "show", "clear"]
ACTIONS: tuple[Action, ...] = ("hide", "show", "clear")
_DONE = {
    ("hide", "done"): "flags.hidden",
    ("hide", "already"): "flags.already_hidden",
    ("show", "done"): "flags.shown",
    ("show", "already"): "flags.not_hidden",
    ("clear", "done"): "flags.cleared",
    ("clear", "already"): "flags.nothing_to_clear",
}


def button_label(language: Language) -> str:
    return t(language, "flag.button")


def reason_label(reason: Reason, language: Language) -> str:
    return t(language, f"flag.reason.{reason.value}")


def ask(view: QuestionView, language: Language, style: Style = PLAIN) -> Card:
    """Why is this question flagged? One button a reason (their data names the post)."""
    text = t(
        language,
        "flag.ask",
        title=view.quiz.title.get(language),
        prompt=view.question.prompt.get(language),
    )
    buttons = tuple(
        Button(
            reason_label(reason, language),
            payload.encode(payload.FlagReasonPress(view.post.post_id, reason.value)),
        )
        for reason in Reason
    )
    return Card(style.escape(text), buttons)


def flagged(outcome: FlagOutcome | None, reason: Reason, language: Language) -> str:
    """What a member is told once they picked a reason (plain text)."""
    if outcome is None:
        return t(language, "flag.unknown")
    if outcome is FlagOutcome.LIMITED:
        return t(language, "flag.limited", count=FLAGS_PER_DAY)
    key = "flag.added" if outcome is FlagOutcome.ADDED else "flag.changed"
    return t(language, key, reason=reason_label(reason, language))


def listing(listed: Sequence[Listed], language: Language, style: Style, limit: int) -> str:
    """`/flags`: by quiz, each question's id, counts by reason, latest sentences; what does
    not fit in `limit` characters is left out, with an ellipsis."""
    if not listed:
        return style.escape(t(language, "flags.none"))
    lines = [style.bold(style.escape(t(language, "flags.title")))]
    quiz_key = None
    for item in listed:
        if item.flagged.quiz_id != quiz_key:
            quiz_key = item.flagged.quiz_id
            title = item.quiz.title.get(language) if item.quiz else item.ref.split("/")[0]
            lines.append("\n" + style.bold(style.escape(title)))
        lines.extend(_question_lines(item, language, style))
    text = "\n".join(lines)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _question_lines(item: Listed, language: Language, style: Style) -> list[str]:
    flagged = item.flagged
    if not flagged.count:
        return [style.escape(t(language, "flags.hidden_line", ref=item.ref))]
    reasons = reasons_text(flagged, language)
    line = t(language, "flags.line", ref=item.ref, count=flagged.count, reasons=reasons)
    notes = [style.italic(style.escape(f"  “{note}”")) for note in flagged.notes]
    return [style.escape(line), *notes]


def reasons_text(flagged: FlaggedQuestion, language: Language) -> str:
    """The reasons given, most given first, and whether admins hid the question."""
    reasons = ", ".join(
        f"{reason_label(reason, language)} ×{count}"
        for reason, count in sorted(flagged.reasons.items(), key=lambda pair: -pair[1])
    )
    if flagged.hidden:
        reasons = f"{reasons} · {t(language, 'flags.hidden_mark')}"
    return reasons


def done(action: str, outcome: str, ref: str, language: Language) -> str:
    """The answer to `/flags hide|show|clear ID` (plain text); `outcome` a `Done` value."""
    key = _DONE.get((action, outcome), "flags.unknown_id")
    return t(language, key, ref=ref)


def usage(language: Language) -> str:
    return t(language, "flags.usage")
