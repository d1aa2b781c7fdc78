"""The bot process: what every cog shares (``BotApp``) and the discord.py client classes."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.config import BotConfig
from bot.discord.send import NO_MENTIONS, retry_when_unavailable, send_safely
from bot.render.reply import Reply
from bot.service import RulesService
from bot.service.cooldowns import (
    ASK_BURST,
    BOARD_BURST,
    INLINE_BURST,
    LOOKUP_BURST,
    AutoAnswerCooldowns,
    RateLimiter,
)
from bot.state import StateStore

log = logging.getLogger(__name__)

SyncFunction = Callable[[Path], object]
AnyBot = commands.Bot | commands.AutoShardedBot


class BotApp:
    """Service, state, settings and limiters shared by the cogs; no Discord connection here."""

    def __init__(
        self,
        service: RulesService,
        state: StateStore,
        config: BotConfig,
        *,
        clock: Callable[[], float] = time.monotonic,
        sync: SyncFunction | None = None,
    ) -> None:
        self.service = service
        self.state = state
        self.config = config
        self.clock = clock
        self.cooldowns = AutoAnswerCooldowns(config.user_cooldown, config.channel_cooldown, clock)
        # spam bursts per person: inline lookups (per server), /ask and /board (across servers)
        self.inline_limiter = RateLimiter.per(INLINE_BURST, clock)
        self.ask_limiter = RateLimiter.per(ASK_BURST, clock)
        self.board_limiter = RateLimiter.per(BOARD_BURST, clock)
        self.lookup_limiter = RateLimiter.per(LOOKUP_BURST, clock)  # every other command
        self.sync = sync
        self.refresh_failures = 0
        self.refreshes = 0  # times a refresh reopened a newly swapped-in database
        self.refresh_task: asyncio.Task[None] | None = None

    async def rulings_reply_by_id(self, oracle_id: str) -> Reply:
        return await self.service.rulings_by_id(oracle_id)

    async def refresh_once(self) -> bool:
        """One scheduled refresh: rebuild from the network, then reopen if the file changed.

        A failure is logged and the bot keeps answering from the database it has (the sync
        swaps files atomically, so a failed build never touches the live one).
        """
        try:
            if self.sync is not None and self.service.db_path is not None:
                await asyncio.to_thread(self.sync, self.service.db_path)
            return await self.service.refresh()
        except Exception as exc:
            self.refresh_failures += 1
            log.warning("knowledge-base refresh failed, still serving the current data: %s", exc)
            return False

    async def refresh_forever(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            changed = await self.refresh_once()
            if changed:
                self.refreshes += 1
                log.info("knowledge base refreshed: %s", self.service.cr_date)


def intents_for(config: BotConfig) -> discord.Intents:
    """Only what the bot needs: guilds (+ guild and DM messages for inline and auto-answers).

    Message Content is privileged; without it slash commands still work and the message
    features stay off.
    """
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    if config.message_content:
        intents.message_content = True
        intents.dm_messages = True
    return intents


async def setup_bot(bot: AnyBot, app: BotApp) -> None:
    from bot.discord.cogs import load_cogs
    from bot.discord.views import (
        AnswerPageButton,
        FeedbackButton,
        NotMyBoardButton,
        PageButton,
        PickCard,
    )

    bot.add_dynamic_items(PageButton, FeedbackButton, PickCard, AnswerPageButton, NotMyBoardButton)
    if app.config.warm_board_workers:
        app.service.warm_board_workers()
    await asyncio.to_thread(app.service.warm_lookups)
    bot.tree.on_error = on_command_error  # type: ignore[method-assign]
    await load_cogs(bot, app)
    guild = discord.Object(app.config.dev_guild) if app.config.dev_guild else None
    if guild is not None:
        bot.tree.copy_global_to(guild=guild)
    synced = await bot.tree.sync(guild=guild)
    log.info(
        "synced %d commands %s",
        len(synced),
        f"to guild {app.config.dev_guild}" if guild else "globally",
    )
    if app.config.refresh_hours > 0:
        app.refresh_task = asyncio.create_task(app.refresh_forever(app.config.refresh_hours * 3600))


async def on_command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    """Every command failure becomes a short ephemeral message, never a traceback in chat."""
    if isinstance(error, app_commands.NoPrivateMessage):
        text = "That command only works in a server."
    elif isinstance(error, app_commands.MissingPermissions):
        text = "You need the Manage Server permission for that."
    elif isinstance(error, app_commands.CheckFailure):
        text = "You can't use that command here."
    else:
        log.error("command %s failed", getattr(interaction.command, "name", "?"), exc_info=error)
        text = "Something went wrong answering that. Please try again."
    if interaction.response.is_done():
        return
    await send_safely(
        interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    )


def _bot_kwargs(config: BotConfig, extra: dict[str, Any]) -> dict[str, Any]:
    return {
        "command_prefix": commands.when_mentioned,
        "help_command": None,
        "intents": intents_for(config),
        "allowed_mentions": discord.AllowedMentions.none(),
        **extra,
    }


class RulesBot(commands.Bot):
    def __init__(self, app: BotApp, **extra: Any) -> None:
        super().__init__(**_bot_kwargs(app.config, extra))
        retry_when_unavailable(self.http)
        self.app = app

    async def setup_hook(self) -> None:
        await setup_bot(self, self.app)


class ShardedRulesBot(commands.AutoShardedBot):
    def __init__(self, app: BotApp, **extra: Any) -> None:
        if app.config.shards:
            extra.setdefault("shard_count", app.config.shards)
        if app.config.shard_ids is not None:
            extra.setdefault("shard_ids", list(app.config.shard_ids))
        super().__init__(**_bot_kwargs(app.config, extra))
        retry_when_unavailable(self.http)
        self.app = app

    async def setup_hook(self) -> None:
        await setup_bot(self, self.app)


def create_bot(app: BotApp, **extra: Any) -> AnyBot:
    """A ``RulesBot``, or the AutoSharded one when ``shards`` is set (0: Discord decides)."""
    if app.config.shards is not None:
        return ShardedRulesBot(app, **extra)
    return RulesBot(app, **extra)
