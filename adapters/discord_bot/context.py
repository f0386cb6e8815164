"""What slash commands and button handlers are given: the bot's services, not the client.

Commands read it from `interaction.client`; typing it as this protocol (rather than the
client class) is what lets the client import the commands without the commands importing
the client back.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from adapters.discord_bot.publisher import DiscordPublisher
from bot.domain.clock import Clock
from bot.domain.report_links import LinkSigner
from bot.pictures.message_pictures import MessagePictures
from bot.play.daily_runner import DailyRunner
from bot.play.review import ReviewRunner
from bot.play.review_reminders import ReminderRunner
from bot.play.rounds import RoundRunner
from bot.play.service import QuizService
from bot.storage.interface import Store


class BotContext(Protocol):
    service: QuizService
    store: Store
    clock: Clock
    runner: RoundRunner
    daily: DailyRunner
    review: ReviewRunner
    reminders: ReminderRunner
    publisher: DiscordPublisher
    pictures: MessagePictures
    """The process's pictures: questions', explanations', formula cards."""
    report_links: LinkSigner | None
    """Signs `/report` links; None when the settings do not set the report up."""


def context_of(interaction: discord.Interaction[Any]) -> BotContext:
    return cast(BotContext, interaction.client)
