"""The Discord bot: wiring (store, service, round runner, timers) and button clicks.

Every click is acknowledged before any storage work (Discord's 3-second deadline), and every
error in a click is caught here and reported through `report_error`, because discord.py would
otherwise only log errors raised in `DynamicItem` callbacks.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from typing import Any

import discord

from adapters.discord_bot import flags, pickers, stale, ui
from adapters.discord_bot.commands import CatalogTranslator, register_commands
from adapters.discord_bot.daily import DiscordDailyPublisher, register_daily
from adapters.discord_bot.interactions import (
    DiscordClock,
    QuizTree,
    chat_of,
    is_admin,
    language_of,
    player_of,
    report_error,
    send_private,
    user_key,
)
from adapters.discord_bot.pictures import files, message_pictures
from adapters.discord_bot.publisher import DiscordPublisher
from adapters.discord_bot.report import register_report
from adapters.discord_bot.responding import Responder
from adapters.discord_bot.review import (
    DiscordReminderSender,
    DiscordReviewPublisher,
    register_review,
    start_review,
)
from adapters.discord_bot.sharding import Sharding
from adapters.discord_bot.shutdown import settle_handlers
from adapters.discord_bot.sync import sync_if_changed
from adapters.discord_bot.timezone import register_timezone
from adapters.discord_bot.uploads import register_uploads
from adapters.platform_ids import DISCORD
from bot.domain import payload
from bot.domain.clock import Clock
from bot.domain.models import Quiz
from bot.domain.pacer import DISCORD_RATE
from bot.domain.report_links import LinkSigner
from bot.domain.rules import Accepted, ForgetOutcome
from bot.play import daily_pause
from bot.play.rounds import Control
from bot.play.runners import Publishers, build_runners, lose_chat, resume
from bot.play.service import QuizService
from bot.play.timers import AsyncioTimers
from bot.storage.interface import Store
from bot.text import forget_texts, render
from bot.text.i18n import t
from bot.text.math_picture import FormulaPictures

log = logging.getLogger(__name__)
BUTTONS = (
    ui.AnswerButton, ui.RevealButton, ui.ForgetButton, ui.ReviewButton, ui.FlagButton,
    ui.FlagReasonButton, *pickers.ITEMS,
)  # fmt: skip
"""Every button and select the bot makes: the only custom_ids it answers (others: stale.py)."""


class QuizBot(discord.AutoShardedClient):
    """One store; rounds and buttons survive restarts through the store. Sharded processes
    each resume only the rounds of the servers on their own shards."""

    tree: QuizTree

    def __init__(
        self,
        store: Store,
        quizzes: Mapping[str, Quiz],
        *,
        sync_guild_id: int | None = None,
        start_rounds: bool = True,
        rng: random.Random | None = None,
        sharding: Sharding | None = None,
        formulas: FormulaPictures | None = None,
    ) -> None:
        """`formulas`: the process's one FormulaPictures (run.py gives it a disk cache and a
        process pool); by default, memory only and the loop's thread pool."""
        self.sharding = sharding or Sharding()
        shards: dict[str, Any] = {"shard_count": self.sharding.count}
        if self.sharding.ids is not None:
            shards["shard_ids"] = list(self.sharding.ids)
        super().__init__(intents=discord.Intents(guilds=True), **shards)
        self.tree = QuizTree(self)
        self.store = store
        self.sync_guild_id = sync_guild_id
        self.start_rounds = start_rounds
        self.clock: Clock = DiscordClock()
        self.service = QuizService(store, quizzes, clock=self.clock, rng=rng)
        self.timers = AsyncioTimers(self.clock, on_error=self._timer_failed)
        self.pictures = message_pictures(formulas or FormulaPictures())
        self.publisher = DiscordPublisher(self, self.pictures)
        publishers = Publishers(
            rounds=self.publisher,
            daily=DiscordDailyPublisher(self, self.pictures),
            review=DiscordReviewPublisher(self.publisher, self.clock),
            reminders=DiscordReminderSender(self),
        )
        self.runners = build_runners(  # no sweep: a shard's servers are its process's alone
            self.service, publishers, self.timers, DISCORD_RATE, DISCORD.prefix
        )
        self.runner, self.daily = self.runners.rounds, self.runners.daily
        self.review, self.reminders = self.runners.review, self.runners.reminders
        register_commands(self.tree)
        register_daily(self.tree)
        register_review(self.tree)
        register_report(self.tree)
        flags.register_flags(self.tree)  # issue 29: /flags, for admins
        self.report_links: LinkSigner | None = None
        """Signs `/report` links; set from the settings by `quizbot run discord`."""
        register_timezone(self.tree)
        register_uploads(self.tree)  # issue 19: /import file:, /removequiz id:
        self.responder = Responder(self)

    async def setup_hook(self) -> None:
        """Runs after login, before the gateway: buttons, translations, sync, open rounds."""
        self.add_dynamic_items(*BUTTONS)
        await self.tree.set_translator(CatalogTranslator())
        if not self.start_rounds:
            return
        try:
            await sync_if_changed(self.tree, self.store, self.sync_guild_id)
        except discord.HTTPException as error:  # e.g. DISCORD_GUILD_ID names a server gone
            log.warning("could not sync the slash commands: %s", error)
        await resume(self.runners, owns=self.sharding.owns)  # each on its own

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server (kicked, banned, server deleted): end its rounds quietly and
        pause its schedules (kept, with the reason) until an admin sets them again."""
        chat = DISCORD.key(guild.id)
        lost = await lose_chat(self.runner, self.daily, chat, daily_pause.SERVER_REMOVED)
        log.info("server %s removed the bot: %s", chat, lost)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel was deleted (CHANNEL_DELETE): end its rounds quietly and pause its
        schedules now, rather than at the next send's 404 10003 (issue 16)."""
        await self._lose_channel("channel", channel.guild.id, channel.id)

    async def on_raw_thread_delete(self, event: discord.RawThreadDeleteEvent) -> None:
        """A thread was deleted (THREAD_DELETE; the raw event comes even for a thread not in
        the cache, and for each cached thread of a deleted channel): the same as a channel."""
        await self._lose_channel("thread", event.guild_id, event.thread_id)

    async def _lose_channel(self, kind: str, guild_id: int, channel_id: int) -> None:
        """End the rounds and pause the schedules of one deleted channel or thread."""
        chat, channel_ref = DISCORD.key(guild_id), str(channel_id)
        deleted = daily_pause.THREAD_DELETED if kind == "thread" else daily_pause.CHANNEL_DELETED
        lost = await lose_chat(self.runner, self.daily, chat, deleted, channel_ref)
        log.info("%s %s of %s deleted: %s", kind, channel_ref, chat, lost)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Clicks on buttons no registered item handles get an answer (issue 16); a typed
        answer's modal and a flag's sentence are read here, not by discord.py, which keeps no
        copy of them (so one opened before a restart still counts)."""
        if interaction.type is discord.InteractionType.modal_submit:
            typed = pickers.typed_of(interaction)
            if typed is not None:
                await self.on_pick(interaction, typed)
                return
            if await flags.note_sent(interaction):
                return
        await stale.answer_if_unknown(interaction, BUTTONS)

    async def on_pick(self, interaction: discord.Interaction[Any], pick: pickers.Pick) -> None:
        """Every step of answering a question not answered by one letter; its errors are
        reported to the clicker."""
        try:
            await self.responder.on_pick(interaction, pick)
        except Exception as error:
            await report_error(interaction, error)

    async def close(self) -> None:
        await settle_handlers()  # presses in flight finish before the session and store close
        await self.timers.close()
        await super().close()

    def _timer_failed(self, error: BaseException) -> None:
        log.error("a round deadline failed", exc_info=error)

    async def on_press(self, interaction: discord.Interaction[Any], pressed: ui.Press) -> None:
        """Every click of the bot's buttons; its errors are reported to the clicker."""
        try:
            match pressed:
                case payload.AnswerPress(post_id, letter_index):
                    await self._answer(interaction, post_id, letter_index)
                case payload.RevealPress(post_id):
                    await self._reveal(interaction, post_id)
                case payload.ForgetPress(owner, confirm):
                    await self._forget(interaction, owner, confirm)
                case ui.ReviewPress():
                    await start_review(interaction)
                case payload.FlagPress(post_id):
                    await flags.ask_why(interaction, post_id)
                case payload.FlagReasonPress(post_id, reason):
                    await flags.flag(interaction, post_id, reason)
        except Exception as error:
            await report_error(interaction, error)

    async def _forget(
        self, interaction: discord.Interaction[Any], owner: str, confirm: bool
    ) -> None:
        """Delete the clicker's data, only if the question was asked to them."""
        language = language_of(interaction)
        outcome = await self.service.forget(
            DISCORD.key(owner), user_key(interaction.user), confirm
        )
        text = forget_texts.forget_result(outcome, language)
        if outcome is ForgetOutcome.NOT_YOURS:
            await send_private(interaction, text)
            return
        await interaction.response.edit_message(content=text, view=None)

    async def _answer(
        self, interaction: discord.Interaction[Any], post_id: int, letter_index: int
    ) -> None:
        """Acknowledge first (the 3 s deadline), commit the answer, then tell the verdict."""
        message = interaction.message
        solo = message is not None and message.flags.ephemeral
        if solo:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        player = player_of(interaction)
        chat_id = chat_of(interaction)
        result = await self.runner.press(
            chat_id=chat_id, player=player, post_id=post_id, letter_index=letter_index
        )
        language = language_of(interaction)
        reply = render.press_reply(result, language, ui.styled_verdict)
        picture = await self.pictures.of_verdict(result, language)
        await send_private(interaction, reply, files(language, picture))
        if solo and isinstance(result.outcome, Accepted) and result.view is not None:
            chosen = result.view.post.order.index(result.outcome.answer.choice)
            closed = ui.closed_buttons(result.view, chosen, language_of(interaction))
            await interaction.edit_original_response(view=closed)
            self.publisher.remember(chat_id, player.user_id, interaction)
            await self.runner.next_solo(result)
            await self.review.after_answer(result)

    async def _reveal(self, interaction: discord.Interaction[Any], post_id: int) -> None:
        await interaction.response.defer()
        view = await self.service.view(post_id)
        language = language_of(interaction)
        if view is None or view.post.chat_id != chat_of(interaction):
            await send_private(interaction, t(language, "verdict.invalid"))
            return
        control = await self.runner.reveal(post_id, player_of(interaction), is_admin(interaction))
        if control is Control.NOT_ALLOWED:
            await send_private(interaction, t(language, "round.not_allowed"))


def make_bot(
    store: Store,
    quizzes: Mapping[str, Quiz],
    guild_id: int | None = None,
    sharding: Sharding | None = None,
    formulas: FormulaPictures | None = None,
) -> QuizBot:
    """The bot exactly as `quizbot run discord` builds it."""
    return QuizBot(store, quizzes, sync_guild_id=guild_id, sharding=sharding, formulas=formulas)
