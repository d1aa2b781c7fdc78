"""Inline syntax in messages: [[card]] embed, [[?card]] rulings, [[!card]] image (at most 5)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.discord.send import NO_MENTIONS, message_kwargs, pack_embeds, send_safely, to_embed
from bot.discord.views import first_page_view
from bot.render import limits
from bot.render.reply import Embed, choice_list
from bot.service import ServiceError, inline_requests

if TYPE_CHECKING:
    from bot.discord.app import BotApp

log = logging.getLogger(__name__)


class InlineCog(commands.Cog):
    def __init__(self, app: BotApp) -> None:
        self.app = app

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or not inline_requests(message.content):
            return
        if (
            message.guild is not None
            and not self.app.state.settings(message.guild.id).inline_enabled
        ):
            return
        guild_key = message.guild.id if message.guild else 0
        if not self.app.inline_limiter.allow((guild_key, message.author.id)):
            log.info("inline burst limit reached for user %s", message.author.id)
            return
        try:
            replies = await self.app.service.inline(message.content)
        except ServiceError as exc:
            replies = []
            log.warning("inline lookup failed: %s", exc)
        paged = [r for r in replies if len(r.pages) > 1]  # [[?card]]: its own message, buttons
        replies = [r for r in replies if len(r.pages) <= 1]
        notes = [r.message_content() + _choices(r.choices) for r in replies if not r.first_embeds()]
        embeds: list[Embed] = [e for r in replies for e in r.first_embeds()]
        groups = pack_embeds(embeds) or [[]]
        text = limits.truncate("\n".join(n for n in notes if n), limits.MESSAGE) or None
        for reply in paged:
            await send_safely(
                message.reply(
                    **message_kwargs(reply, first_page_view(reply, message.author.id)),
                    mention_author=False,
                )
            )
        for index, group in enumerate(groups):
            content = text if index == 0 else None
            if not content and not group:
                continue
            await send_safely(
                message.reply(
                    content=content,
                    embeds=[to_embed(e) for e in group],
                    allowed_mentions=NO_MENTIONS,
                    mention_author=False,
                )
            )


def _choices(choices: list[str]) -> str:
    if not choices:
        return ""
    return "\n" + choice_list(choices[:10], 600)
