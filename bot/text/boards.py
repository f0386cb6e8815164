"""Rankings and a player's own figures: round summaries, leaderboards and /stats.

The same rules as bot/text/render.py, whose texts these were: catalogs only, every name a user
chose through `clean_name` and the adapter's `Style`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.domain.entities import Stats
from bot.domain.models import Language, Quiz, pick_language
from bot.domain.platform_limits import DISCORD_EMBED_DESCRIPTION, TELEGRAM_MESSAGE
from bot.domain.rules import Leaderboard, Ranked
from bot.domain.views import RoundSummary
from bot.text import quiz_texts
from bot.text.i18n import t
from bot.text.markup import PLAIN, Style, clean_name

SUMMARY_LIMIT = min(TELEGRAM_MESSAGE, DISCORD_EMBED_DESCRIPTION)
"""Characters a round summary may take: a Telegram message, a Discord embed description."""


def seconds(milliseconds: int, language: Language) -> str:
    text = f"{milliseconds / 1000:.1f}"
    return text.replace(".", ",") if language == "fr" else text


def round_summary(
    quiz: Quiz,
    ranking: Sequence[Ranked],
    total: int,
    language: Language,
    style: Style = PLAIN,
    stopped: bool = False,
    limit: int = SUMMARY_LIMIT,
    weak: bool = False,
) -> str:
    """The round's ranking; with more players than `limit` characters hold, the top ones
    and then "… and N more" (80 players' lines exceed a Telegram message). A round of the
    group's weak spots (`weak`) says why its questions were chosen."""
    title = t(language, "weak.title") if weak else quiz.title.get(language)
    head = [style.bold(style.escape(t(language, "summary.title", title=title)))]
    if weak:
        head.append(style.italic(style.escape(t(language, "weak.why"))))
    if stopped:
        head.append(style.escape(t(language, "summary.stopped")))
    if not ranking:
        head.append(style.escape(t(language, "summary.nobody")))
    lines = [_summary_line(entry, total, language, style) for entry in ranking]
    credit = quiz_texts.credit_line(quiz, language, style)  # attribution, e.g. CC BY-SA content
    tail = [] if credit is None else [credit]
    room = limit - sum(len(line) + 1 for line in tail)
    return "\n".join(head + _fitting(head, lines, language, style, room) + tail)


def summary_of(summary: RoundSummary, style: Style, limit: int) -> str:
    """A finished round's summary in the round's language: what each platform posts of a
    `RoundSummary`, in its own style and length limit, so the unpacking is written once."""
    return round_summary(
        summary.quiz,
        summary.ranking,
        summary.round.total,
        pick_language(summary.round.language),
        style,
        stopped=summary.stopped,
        limit=limit,
        weak=summary.round.is_weak,
    )


def _summary_line(entry: Ranked, total: int, language: Language, style: Style) -> str:
    return style.escape(
        t(
            language,
            "summary.line",
            rank=entry.rank,
            name=clean_name(entry.line.name),
            points=entry.line.points,
            total=total,
            seconds=seconds(entry.line.total_ms, language),
        )
    )


def _fitting(
    head: Sequence[str], lines: Sequence[str], language: Language, style: Style, limit: int
) -> list[str]:
    """As many of `lines` as fit under `head` within `limit`, then "and N more" if cut."""
    used = sum(len(line) + 1 for line in head) - 1
    if used + sum(len(line) + 1 for line in lines) <= limit:
        return list(lines)
    shown: list[str] = []
    for index, line in enumerate(lines):
        more = style.italic(style.escape(t(language, "summary.more", count=len(lines) - index)))
        if used + len(line) + 1 + len(more) + 1 > limit:
            return [*shown, more]
        shown.append(line)
        used += len(line) + 1
    return shown


def solo_score(points: int, answered: int, total: int, language: Language) -> str:
    """A practice round's score, out of the questions answered when it was left early:
    "1/3" after answering two of three and quitting would read as a wrong answer."""
    if answered == total:
        return t(language, "summary.solo", points=points, total=total)
    if answered == 0:
        return t(language, "summary.solo_none")
    return t(language, "summary.solo_stopped", points=points, count=answered, total=total)


def leaderboard_title(board: Leaderboard, quiz: Quiz | None, language: Language) -> str:
    """The board's heading: its period (with the zone where days begin) and its quiz, if one."""
    period = t(language, f"period.{board.period}")
    if board.zone and board.period != "all":
        period = t(language, "leaderboard.period_zone", period=period, zone=board.zone)
    if quiz is None:
        return t(language, "leaderboard.title", period=period)
    return t(language, "leaderboard.title_quiz", period=period, quiz=quiz.title.get(language))


def leaderboard(
    board: Leaderboard, quiz: Quiz | None, language: Language, style: Style = PLAIN
) -> str:
    lines = [style.bold(style.escape(leaderboard_title(board, quiz, language)))]
    if not board.top:
        lines.append(style.escape(t(language, "leaderboard.empty")))
    streaks = board.streaks
    lines.extend(_board_line(entry, language, style, streaks) for entry in board.top)
    if board.me is not None:
        lines.append("…")
        lines.append(style.bold(_board_line(board.me, language, style, streaks)))
    return "\n".join(lines)


def _board_line(
    entry: Ranked, language: Language, style: Style, streaks: Mapping[str, int]
) -> str:
    name = clean_name(entry.line.name)
    streak = streaks.get(entry.line.user_id, 0)
    if streak > 0:
        name = f"{name} {t(language, 'leaderboard.streak', count=streak)}"
    return style.escape(
        t(
            language,
            "leaderboard.line",
            count=entry.line.points,
            rank=entry.rank,
            name=name,
        )
    )


def stats(name: str, player_stats: Stats, language: Language, style: Style = PLAIN) -> str:
    shown = clean_name(name)
    if not player_stats.answered:
        return style.escape(t(language, "stats.empty", name=shown))
    body = t(
        language,
        "stats.body",
        answered=player_stats.answered,
        correct=player_stats.correct,
        accuracy=round(100 * player_stats.accuracy),
        current=t(language, "stats.days", count=player_stats.current_streak),
        best=t(language, "stats.days", count=player_stats.best_streak),
    )
    return "\n".join(
        [style.bold(style.escape(t(language, "stats.title", name=shown))), style.escape(body)]
    )
