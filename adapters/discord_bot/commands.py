"""Slash commands, named and described from the catalogs in English and French.

Each command answers at once (well within Discord's 3 seconds): errors a user can fix are
ephemeral, results for the group are public with mentions disabled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str

from adapters.discord_bot import permissions, ui, weak
from adapters.discord_bot.context import context_of
from adapters.discord_bot.interactions import (
    chat_of,
    is_admin,
    language_of,
    player_of,
    send_private,
    user_key,
)
from bot.domain.entities import Period
from bot.domain.models import MAX_QUESTIONS, Quiz
from bot.domain.platform_limits import DISCORD_CHOICE_NAME, DISCORD_CHOICES
from bot.domain.rules import DEFAULT_SECONDS, MAX_SECONDS, MIN_SECONDS
from bot.domain.uploads import shown_id
from bot.play.rounds import Control
from bot.play.service import UnknownQuizError
from bot.storage.interface import RoundConflictError
from bot.text import boards, forget_texts, markup, quiz_texts, review_texts, upload_texts
from bot.text.i18n import t

T = TypeVar("T")


def text(key: str) -> locale_str:
    """A translatable string: English from the catalog, the key for the translator."""
    return locale_str(t("en", key), key=key)


def options(*names: str, about: Mapping[str, str] | None = None) -> Callable[[T], T]:
    """A command's options named `discord.option.NAME` and described by its `.about` text, from
    the catalog; `about` maps an option to another key's description (e.g. quiz: daily_quiz)."""
    described = {name: (about or {}).get(name, name) for name in names}

    def localise(command: T) -> T:
        renamed = app_commands.rename(**{name: text(f"discord.option.{name}") for name in names})
        return app_commands.describe(
            **{name: text(f"discord.option.{key}.about") for name, key in described.items()}
        )(renamed(command))

    return localise


class CatalogTranslator(app_commands.Translator):
    """French names and descriptions from the catalog; English is the default text."""

    async def translate(
        self,
        string: locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if key is None or locale is not discord.Locale.french:
            return None
        return t("fr", key)


async def quiz_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """At most 25 suggestions, matching the id or the title in the user's language."""
    language, service = language_of(interaction), context_of(interaction).service
    found = await service.matching_in(chat_of(interaction), current, language)
    return [
        app_commands.Choice(
            name=f"{quiz.title.get(language)} ({shown_id(quiz.id)})"[:DISCORD_CHOICE_NAME],
            value=shown_id(quiz.id),
        )
        for quiz in found
    ][:DISCORD_CHOICES]


async def find_quiz(interaction: discord.Interaction[Any], name: str) -> Quiz | None:
    """The quiz, or None after telling the user which quizzes exist."""
    try:
        return await context_of(interaction).service.quiz_in(chat_of(interaction), name)
    except UnknownQuizError as error:
        language = language_of(interaction)
        await send_private(interaction, quiz_texts.unknown_quiz(error.name, error.known, language))
        return None


async def startable_quiz(
    interaction: discord.Interaction[Any], name: str, questions: int | None
) -> Quiz | None:
    """The quiz if a round of it can start here; otherwise None, the user told why."""
    language = language_of(interaction)
    found = await find_quiz(interaction, name)
    if found is None:
        return None
    if questions is not None and questions > len(found.questions):
        await send_private(interaction, t(language, "round.bad_count", max=len(found.questions)))
        return None
    service, chat_id = context_of(interaction).service, chat_of(interaction)
    if await service.running_round(chat_id, str(interaction.channel_id), "group") is not None:
        await send_private(interaction, t(language, "round.conflict"))
        return None
    return found


async def round_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """`/quiz`'s suggestions: the server's weak spots first, then its quizzes."""
    found = weak.weak_choice(interaction, current) + await quiz_choices(interaction, current)
    return found[:DISCORD_CHOICES]


@app_commands.command(name=text("discord.name.quiz"), description=text("command.quiz"))
@options("quiz", "questions", "timer")
@app_commands.autocomplete(quiz=round_choices)
@app_commands.guild_only()
async def quiz_command(
    interaction: discord.Interaction[Any],
    quiz: str,
    questions: app_commands.Range[int, 1, MAX_QUESTIONS] | None = None,
    timer: app_commands.Range[int, MIN_SECONDS, MAX_SECONDS] | None = None,
) -> None:
    """Announce the round at once (the 3 s deadline), then post its first question."""
    bot, language = context_of(interaction), language_of(interaction)
    if await permissions.refused(interaction):
        return
    if weak.is_weak(quiz):  # the server's weak spots, from every quiz
        await weak.start_weak(interaction, questions, timer)
        return
    found = await startable_quiz(interaction, quiz, questions)
    if found is None:
        return
    chat_id, channel_ref = chat_of(interaction), str(interaction.channel_id)
    seconds = timer or DEFAULT_SECONDS
    askable = len(await bot.service.askable(chat_id, found))  # some may be hidden (/flags)
    started = t(
        language,
        "round.started",
        title=found.title.get(language),
        count=min(questions or askable, askable),
        seconds=seconds,
    )
    await interaction.response.send_message(
        embed=ui.text_embed(ui.STYLE.escape(started)), allowed_mentions=ui.NO_MENTIONS
    )
    try:
        await bot.runner.start(
            chat_id=chat_id,
            channel_ref=channel_ref,
            player=player_of(interaction),
            quiz_id=found.id,
            questions=questions,
            seconds=seconds,
        )
    except RoundConflictError:  # another /quiz won the race since the check above
        await send_private(interaction, t(language, "round.conflict"))


@app_commands.command(name=text("discord.name.stop"), description=text("command.stop"))
@app_commands.guild_only()
async def stop_command(interaction: discord.Interaction[Any]) -> None:
    """Announced before the results and summary follow (the 3 s deadline)."""
    bot, language = context_of(interaction), language_of(interaction)
    player = player_of(interaction)
    chat_id, channel_ref = chat_of(interaction), str(interaction.channel_id)
    found = await bot.runner.stoppable(chat_id, channel_ref, player, is_admin(interaction))
    if isinstance(found, Control):
        refused = "round.not_allowed" if found is Control.NOT_ALLOWED else "round.nothing_running"
        await send_private(interaction, t(language, refused))
        return
    name = ui.STYLE.escape(markup.clean_name(player.name))
    await interaction.response.send_message(
        t(language, "round.stopped_by", name=name), allowed_mentions=ui.NO_MENTIONS
    )
    await bot.runner.stop_round(found)


@app_commands.command(name=text("discord.name.quizzes"), description=text("command.quizzes"))
async def quizzes_command(interaction: discord.Interaction[Any]) -> None:
    quizzes = await context_of(interaction).service.catalog_in(chat_of(interaction))
    listed = upload_texts.quiz_list_in(quizzes, language_of(interaction), ui.STYLE)
    await send_private(interaction, listed)


@app_commands.command(name=text("discord.name.practice"), description=text("command.practice"))
@options("quiz")
@app_commands.autocomplete(quiz=quiz_choices)
@app_commands.guild_only()
async def practice_command(interaction: discord.Interaction[Any], quiz: str) -> None:
    """A solo round in ephemeral messages; a new one replaces an abandoned one."""
    bot, language = context_of(interaction), language_of(interaction)
    player = player_of(interaction)
    if await permissions.refused(interaction):
        return
    found = await find_quiz(interaction, quiz)
    if found is None:
        return
    chat_id, channel_ref = chat_of(interaction), str(interaction.channel_id)
    intro = quiz_texts.quiz_intro(found, len(found.questions), language, ui.STYLE)
    await send_private(interaction, f"{intro}\n\n{t(language, 'discord.practice_intro')}")
    bot.publisher.remember(chat_id, player.user_id, interaction)
    await bot.runner.start(
        chat_id=chat_id,
        channel_ref=channel_ref,
        player=player,
        quiz_id=found.id,
        mode="solo",
        seconds=None,
    )


PERIOD_CHOICES = [
    app_commands.Choice(name=text(f"period.{period}"), value=period)
    for period in ("today", "week", "all")
]


@app_commands.command(
    name=text("discord.name.leaderboard"), description=text("command.leaderboard")
)
@options("period", "quiz")
@app_commands.choices(period=PERIOD_CHOICES)
@app_commands.autocomplete(quiz=quiz_choices)
@app_commands.guild_only()
async def leaderboard_command(
    interaction: discord.Interaction[Any],
    period: app_commands.Choice[str] | None = None,
    quiz: str | None = None,
) -> None:
    bot, language = context_of(interaction), language_of(interaction)
    found = None
    if quiz:
        found = await find_quiz(interaction, quiz)
        if found is None:
            return
    chosen = cast(Period, period.value if period else "all")
    user_id = user_key(interaction.user)
    board = await bot.service.leaderboard(
        chat_of(interaction), chosen, user_id, found.id if found else None
    )
    await interaction.response.send_message(
        embed=ui.text_embed(boards.leaderboard(board, found, language, ui.STYLE)),
        allowed_mentions=ui.NO_MENTIONS,
    )


@app_commands.command(name=text("discord.name.stats"), description=text("command.stats"))
@options("user")
@app_commands.guild_only()
async def stats_command(
    interaction: discord.Interaction[Any], user: discord.User | None = None
) -> None:
    bot, language = context_of(interaction), language_of(interaction)
    who: discord.User | discord.Member = user or interaction.user
    found = await bot.service.stats(chat_of(interaction), user_key(who))
    text = boards.stats(who.display_name, found, language, ui.STYLE)
    deck = await bot.review.stats(user_key(who))  # spaced review: due, learned, recall
    text = f"{text}\n{review_texts.stats_line(deck, language, ui.STYLE)}"
    await interaction.response.send_message(
        embed=ui.text_embed(text),
        allowed_mentions=ui.NO_MENTIONS,
    )


@app_commands.command(name=text("discord.name.help"), description=text("command.help"))
async def help_command(interaction: discord.Interaction[Any]) -> None:
    language = language_of(interaction)
    imports = upload_texts.import_help(language, "discord")  # issue 19: a server's own quizzes
    await send_private(
        interaction, ui.STYLE.escape(f"{quiz_texts.help_text(language)}\n\n{imports}")
    )


@app_commands.command(name=text("discord.name.forgetme"), description=text("command.forgetme"))
async def forgetme_command(interaction: discord.Interaction[Any]) -> None:
    """Ask first, privately; the buttons carry the asker's id so no one else can confirm."""
    language, user = language_of(interaction), interaction.user
    footprint = await context_of(interaction).service.footprint(user_key(user))
    card = forget_texts.forget_prompt(footprint, str(user.id), language)
    await interaction.response.send_message(
        card.text, view=ui.forget_buttons(card), ephemeral=True, allowed_mentions=ui.NO_MENTIONS
    )


COMMANDS: tuple[app_commands.Command[Any, Any, Any], ...] = (
    quiz_command,
    stop_command,
    quizzes_command,
    practice_command,
    leaderboard_command,
    stats_command,
    help_command,
    forgetme_command,
)


def register_commands(tree: app_commands.CommandTree[Any]) -> None:
    for command in COMMANDS:
        tree.add_command(command)
