"""/board: a board spec (text or attached file) or a plain description of a board (read as
``/ask`` reads one) -> the rules engine's answers with CR steps."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.send import refused_as_too_soon, respond
from bot.discord.views import recorded_answer_view
from bot.render.reply import Reply, error
from bot.service.board_questions import is_board_spec_text
from bot.service.core import MAX_BOARD_BYTES

if TYPE_CHECKING:
    from bot.discord.app import BotApp

import engine.questions  # noqa: F401  (the cog is only loaded when the engine is installed)

MAX_SPEC_TEXT = 6000  # the most text Discord lets a string option carry; a longer board is a file


class BoardCog(commands.Cog):
    def __init__(self, app: BotApp) -> None:
        self.app = app

    @app_commands.command(name="board", description="Ask the rules engine about a concrete board")
    @app_commands.describe(
        spec="Your board in words (I control X, it came in this turn; can I tap it?) or a spec",
        file="A board spec file (.yaml or .json), see docs/board-spec.md",
    )
    async def board(
        self,
        interaction: discord.Interaction,
        spec: app_commands.Range[str, 1, MAX_SPEC_TEXT] | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        if await refused_as_too_soon(interaction, self.app.board_limiter, "boards"):
            return

        def view_for(reply: Reply) -> discord.ui.View | None:
            if not reply.board_spec or spec is None:
                return None  # a spec's answers have no buttons; a read description has
            return recorded_answer_view(
                self.app,
                reply,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id,
                question=spec,
            )

        await respond(
            interaction,
            self._answer(spec, file),
            defer_after=self.app.config.defer_after,
            view_for=view_for,
        )

    async def _answer(self, spec: str | None, file: discord.Attachment | None) -> Reply:
        if file is not None:
            if file.size > MAX_BOARD_BYTES:
                return error(f"That file is larger than {MAX_BOARD_BYTES // 1000} kB.")
            try:
                raw = await file.read()
            except discord.HTTPException:
                return error("I couldn't download that attachment. Please try again.")
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                return error("That file isn't UTF-8 text (a YAML or JSON board spec).")
            return await self.app.service.board(text, file.filename)
        if spec and not is_board_spec_text(spec):
            return await self.app.service.described_board(spec)
        if spec:
            return await self.app.service.board(spec, "board")
        return error("Give the board as text (spec:) or attach a file (file:).")
