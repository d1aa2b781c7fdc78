"""Auto-answers: questions in channels a server opted into, only above its threshold."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.discord.cogs.ask import source_labels
from bot.discord.send import message_kwargs, send_safely
from bot.discord.views import feedback_view
from bot.render import limits
from bot.service import ServiceError, inline_requests, looks_like_question, meets_threshold

if TYPE_CHECKING:
    from bot.discord.app import BotApp

log = logging.getLogger(__name__)


class AutoAnswerCog(commands.Cog):
    def __init__(self, app: BotApp) -> None:
        self.app = app

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        # never answer bots (including itself), DMs, or channels that did not opt in
        if message.author.bot or message.guild is None or message.webhook_id is not None:
            return
        settings = self.app.state.settings(message.guild.id)
        if message.channel.id not in settings.auto_answer_channels:
            return
        text = message.content
        if inline_requests(text) or not looks_like_question(text):
            return
        key = (message.guild.id, message.channel.id, message.author.id)
        if not self.app.cooldowns.ready(*key):
            return
        try:
            reply = await self.app.service.ask(text)
        except ServiceError as exc:
            log.warning("auto-answer lookup failed: %s", exc)
            return
        # silence beats a wrong answer: below the server's threshold, say nothing
        if not reply.feedback or not meets_threshold(reply.confidence, settings.threshold):
            return
        if not self.app.cooldowns.ready(*key):
            return
        self.app.cooldowns.hit(*key)
        answer_id = self.app.state.record_answer(
            guild_id=message.guild.id,
            channel_id=message.channel.id,
            user_id=message.author.id,
            question=text,
            confidence=reply.confidence or "none",
            sources=source_labels(reply),
        )
        kwargs = message_kwargs(reply, feedback_view(answer_id))
        if settings.reply_mode == "thread" and isinstance(message.channel, discord.TextChannel):
            thread = await send_safely(
                message.create_thread(
                    name=limits.truncate(limits.clean_input(text, 200), 90) or "Rules question"
                )
            )
            if thread is not None:
                await send_safely(thread.send(**kwargs))
                return
        await send_safely(message.reply(**kwargs, mention_author=False))
