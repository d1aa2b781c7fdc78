"""/about: what the bot is, how fresh its data is, and attribution."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.send import refused_as_too_soon, respond

if TYPE_CHECKING:
    from bot.discord.app import BotApp


class AboutCog(commands.Cog):
    def __init__(self, app: BotApp) -> None:
        self.app = app

    @app_commands.command(name="about", description="Data freshness, sources and attribution")
    async def about(self, interaction: discord.Interaction) -> None:
        if await refused_as_too_soon(interaction, self.app.lookup_limiter, "lookups"):
            return
        await respond(
            interaction, self.app.service.about(), defer_after=self.app.config.defer_after
        )
