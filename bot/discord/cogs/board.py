"""/board: a board spec (text or attached file) -> the rules engine's answers with CR steps."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.send import refused_as_too_soon, respond
from bot.render.reply import Reply, error
from bot.service.core import MAX_BOARD_BYTES

if TYPE_CHECKING:
    from bot.discord.app import BotApp

import engine.questions  # noqa: F401  (the cog is only loaded when the engine is installed)


class BoardCog(commands.Cog):
    def __init__(self, app: BotApp) -> None:
        self.app = app

    @app_commands.command(name="board", description="Ask the rules engine about a concrete board")
    @app_commands.describe(
        spec="The board spec as YAML/JSON text (one line), or attach a file instead",
        file="A board spec file (.yaml or .json), see docs/board-spec.md",
    )
    async def board(
        self,
        interaction: discord.Interaction,
        spec: str | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        if await refused_as_too_soon(interaction, self.app.board_limiter, "boards"):
            return
        await respond(
            interaction, self._answer(spec, file), defer_after=self.app.config.defer_after
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
        if spec:
            return await self.app.service.board(spec, "board")
        return error("Give the board as text (spec:) or attach a file (file:).")
