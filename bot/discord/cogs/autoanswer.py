"""Auto-answers: questions in channels a server opted into, only above its threshold."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.discord.send import message_kwargs, send_safely
from bot.discord.views import recorded_answer_view
from bot.render import limits
from bot.service.auto_answer import decide

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
        if not opted_in(message.channel, settings.auto_answer_channels):
            return
        # the same decision as `rulesbot console --channel auto` (bot.service.auto_answer);
        # a message that also has [[card]] gets its inline lookups from the inline cog too
        key = (message.guild.id, message.channel.id, message.author.id)
        decision = await decide(
            self.app.service,
            message.content,
            threshold=settings.threshold,
            cooldowns=self.app.cooldowns,
            key=key,
        )
        log.debug("auto-answer %s: %s", message.id, decision.why())
        reply = decision.reply
        if reply is None:
            return
        text = message.content
        view = recorded_answer_view(
            self.app,
            reply,
            guild_id=message.guild.id,
            channel_id=message.channel.id,
            user_id=message.author.id,
            question=text,
        )
        kwargs = message_kwargs(reply, view)
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


def opted_in(channel: object, channels: frozenset[int]) -> bool:
    """A channel the server opted in, or a thread in one (a forum channel's posts are
    threads of the forum; a text channel's threads follow their channel)."""
    if getattr(channel, "id", None) in channels:
        return True
    return isinstance(channel, discord.Thread) and channel.parent_id in channels
