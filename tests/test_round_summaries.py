"""Round summaries stay within the platforms' limits: the top players, then "and N more"."""

from __future__ import annotations

import re

import pytest

from bot.domain.entities import Round, ScoreLine
from bot.domain.models import LANGUAGES, Language, Quiz
from bot.domain.platform_limits import DISCORD_EMBED_DESCRIPTION, TELEGRAM_MESSAGE
from bot.domain.rules import Ranked, rank_round
from bot.domain.views import RoundSummary
from bot.text import boards, markup

STYLES = {
    "telegram": (markup.HtmlStyle(), TELEGRAM_MESSAGE),
    "discord": (markup.MarkdownStyle(), DISCORD_EMBED_DESCRIPTION),
}
MORE = {"en": r"… and (\d+) more players?", "fr": r"… et (\d+) autres? joueurs?"}
WORST_NAME = "<&*_@|>" * 5
"""A name that grows most when escaped (cut to 32 characters first)."""


def players(count: int, name: str = WORST_NAME) -> list[Ranked]:
    lines = [
        ScoreLine(
            f"tg:{n}", f"{name}{n}", points=8 - 8 * n // count, answered=8, total_ms=12_345 * n
        )
        for n in range(count)
    ]
    return rank_round(lines)


@pytest.mark.parametrize("platform", sorted(STYLES))
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [80, 81, 250, 1000])
def test_many_players_fit_with_the_top_ones_then_how_many_more(
    quizzes: dict[str, Quiz], platform: str, language: Language, count: int
) -> None:
    style, limit = STYLES[platform]
    ranking = players(count)
    text = boards.round_summary(
        quizzes["parallelism"], ranking, 8, language, style, stopped=True, limit=limit
    )
    assert len(text) <= limit
    lines = text.splitlines()
    shown = lines[2:-1]  # after the title and "stopped", before "and N more"
    more = re.search(MORE[language], lines[-1])
    assert more, lines[-1]
    assert len(shown) + int(more[1]) == count
    assert len(shown) >= 30  # the room is used, not wasted
    first = boards.round_summary(
        quizzes["parallelism"], ranking[:1], 8, language, style, limit=limit
    )
    assert shown[0] == first.splitlines()[1]  # the best player comes first
    one_more = boards.round_summary(
        quizzes["parallelism"], ranking, 8, language, style, stopped=True, limit=len(text) + 1
    )
    assert one_more == text  # one character more does not fit another line


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_more_player_is_singular(quizzes: dict[str, Quiz], language: Language) -> None:
    ranking = players(3, name="Ana")
    whole = boards.round_summary(quizzes["parallelism"], ranking, 8, language)
    cut = boards.round_summary(quizzes["parallelism"], ranking, 8, language, limit=len(whole) - 1)
    assert (
        cut.splitlines()[-1]
        == {"en": "… and 1 more player", "fr": "… et 1 autre joueur"}[language]
    )
    assert cut.splitlines()[1:3] == whole.splitlines()[1:3]


def test_a_summary_that_fits_is_whole(quizzes: dict[str, Quiz]) -> None:
    ranking = players(20, name="Ana")
    text = boards.round_summary(quizzes["parallelism"], ranking, 8, "en")
    assert len(text.splitlines()) == 21
    assert "more" not in text
    exact = boards.round_summary(quizzes["parallelism"], ranking, 8, "en", limit=len(text))
    assert exact == text


@pytest.mark.parametrize("platform", sorted(STYLES))
@pytest.mark.parametrize("stopped", [False, True])
def test_a_round_summary_is_read_whole_in_the_rounds_language(
    quizzes: dict[str, Quiz], platform: str, stopped: bool
) -> None:
    """What both publishers post: the summary's quiz, ranking, total, stop and the round's
    language (French here, not the default), in the platform's style and limit."""
    style, limit = STYLES[platform]
    questions = ("why-parallelism", "tensor-split", "pipeline-bubble")
    ended = Round("tg:-1", "", "parallelism", "group", questions, "tg:1", 30, "fr", round_id=7)
    ranking = players(250)
    text = boards.summary_of(
        RoundSummary(ended, quizzes["parallelism"], tuple(ranking), stopped), style, limit
    )
    assert text == boards.round_summary(
        quizzes["parallelism"], ranking, 3, "fr", style, stopped=stopped, limit=limit
    )
    assert re.search(MORE["fr"], text.splitlines()[-1])  # cut to the platform's limit
    assert "/3 " in text.splitlines()[-2]  # the round's own total: 3 questions
