"""/help: what the bot answers and how to ask (the same text as the console's /help)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.send import refused_as_too_soon, respond
from bot.render import content
from bot.render.reply import Reply

if TYPE_CHECKING:
    from bot.discord.app import BotApp


class HelpCog(commands.Cog):
    def __init__(self, app: BotApp) -> None:
        self.app = app

    @app_commands.command(name="help", description="What I answer and how to ask")
    async def help(self, interaction: discord.Interaction) -> None:
        if await refused_as_too_soon(interaction, self.app.lookup_limiter, "lookups"):
            return

        async def reply() -> Reply:
            return content.help_reply()

        await respond(interaction, reply(), defer_after=self.app.config.defer_after)
