"""/ask: a free rules question answered with cited sources, confidence and feedback buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.send import refused_as_too_soon, respond
from bot.discord.views import recorded_answer_view
from bot.render.reply import Reply
from bot.service.parsing import MAX_QUESTION

if TYPE_CHECKING:
    from bot.discord.app import BotApp


class AskCog(commands.Cog):
    def __init__(self, app: BotApp) -> None:
        self.app = app

    @app_commands.command(name="ask", description="Ask a rules question in plain English")
    @app_commands.describe(question="e.g. can I tap a creature for mana the turn it came in?")
    async def ask(
        self,
        interaction: discord.Interaction,
        question: app_commands.Range[str, 3, MAX_QUESTION],
    ) -> None:
        if await refused_as_too_soon(interaction, self.app.ask_limiter, "questions"):
            return

        def view_for(reply: Reply) -> discord.ui.View | None:
            if not reply.feedback:
                return None
            return recorded_answer_view(
                self.app,
                reply,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id,
                question=question,
            )

        await respond(
            interaction,
            self.app.service.ask(question),
            defer_after=self.app.config.defer_after,
            view_for=view_for,
        )
