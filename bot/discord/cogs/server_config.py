"""/config: per-server settings, for members with Manage Server only."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.send import NO_MENTIONS, refused_as_too_soon, send_safely
from bot.state import GuildSettings

if TYPE_CHECKING:
    from bot.discord.app import BotApp


def describe(settings: GuildSettings) -> str:
    channels = ", ".join(f"<#{c}>" for c in sorted(settings.auto_answer_channels)) or "none"
    return (
        f"Auto-answer channels: {channels}\n"
        f"Confidence threshold: {settings.threshold}\n"
        f"Inline [[card]] lookups: {'on' if settings.inline_enabled else 'off'}\n"
        f"Auto-answers reply: {'in a thread' if settings.reply_mode == 'thread' else 'as a reply'}"
    )


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ConfigCog(commands.GroupCog, group_name="config", group_description="Server settings"):
    def __init__(self, app: BotApp) -> None:
        self.app = app
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if await refused_as_too_soon(interaction, self.app.lookup_limiter, "setting changes"):
            return False
        # default_permissions hides the command; a server can override that, so check again.
        if interaction.guild_id is not None and interaction.permissions.manage_guild:
            return True
        text = (
            "Only members with the Manage Server permission can change these settings."
            if interaction.guild_id is not None
            else "Settings are per server: use /config in a server."
        )
        await send_safely(
            interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        )
        return False

    async def _save(self, interaction: discord.Interaction, settings: GuildSettings) -> None:
        self.app.state.save_settings(settings)
        await send_safely(
            interaction.response.send_message(
                "Saved.\n" + describe(settings), ephemeral=True, allowed_mentions=NO_MENTIONS
            )
        )

    def _current(self, interaction: discord.Interaction) -> GuildSettings:
        assert interaction.guild_id is not None
        return self.app.state.settings(interaction.guild_id)

    @app_commands.command(name="show", description="Show this server's settings")
    async def show(self, interaction: discord.Interaction) -> None:
        settings = self._current(interaction)
        votes = self.app.state.feedback_summary(settings.guild_id)
        text = (
            f"{describe(settings)}\n"
            f"Answers given here: {votes.answers} (👍 {votes.up}, 👎 {votes.down})"
        )
        await send_safely(
            interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        )

    @app_commands.command(name="autoanswer", description="Answer questions in a channel unasked")
    @app_commands.describe(
        enabled="Answer rules questions there without being asked",
        channel="A text or forum channel (default: this one); its threads follow it",
    )
    async def autoanswer(
        self,
        interaction: discord.Interaction,
        enabled: bool,
        channel: discord.TextChannel | discord.ForumChannel | None = None,
    ) -> None:
        channel_id = channel.id if channel is not None else interaction.channel_id
        if channel_id is None:
            return
        await self._save(interaction, self._current(interaction).with_channel(channel_id, enabled))

    @app_commands.command(name="threshold", description="Least confidence for auto-answers")
    @app_commands.describe(level="high: only confident answers (default); low: answer more often")
    async def threshold(
        self, interaction: discord.Interaction, level: Literal["high", "medium", "low"]
    ) -> None:
        await self._save(interaction, replace(self._current(interaction), threshold=level))

    @app_commands.command(name="inline", description="Turn [[card]] lookups on or off")
    @app_commands.describe(enabled="Answer [[card]], [[?card]] and [[!card]] in messages")
    async def inline(self, interaction: discord.Interaction, enabled: bool) -> None:
        await self._save(interaction, replace(self._current(interaction), inline_enabled=enabled))

    @app_commands.command(name="replies", description="Auto-answer as a reply or in a thread")
    @app_commands.describe(mode="reply: under the question; thread: in a new thread from it")
    async def replies(
        self, interaction: discord.Interaction, mode: Literal["reply", "thread"]
    ) -> None:
        await self._save(interaction, replace(self._current(interaction), reply_mode=mode))
