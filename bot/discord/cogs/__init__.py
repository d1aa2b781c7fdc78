"""One cog per feature; ``load_cogs`` adds the ones this configuration can serve."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

if TYPE_CHECKING:
    from bot.discord.app import BotApp


async def load_cogs(bot: commands.Bot | commands.AutoShardedBot, app: BotApp) -> None:
    from bot.discord.cogs.about import AboutCog
    from bot.discord.cogs.ask import AskCog
    from bot.discord.cogs.autoanswer import AutoAnswerCog
    from bot.discord.cogs.help import HelpCog
    from bot.discord.cogs.inline import InlineCog
    from bot.discord.cogs.lookup import LookupCog
    from bot.discord.cogs.server_config import ConfigCog

    await bot.add_cog(LookupCog(app))
    await bot.add_cog(AskCog(app))
    await bot.add_cog(ConfigCog(app))
    await bot.add_cog(AboutCog(app))
    await bot.add_cog(HelpCog(app))
    if app.config.message_content:
        # reading ordinary messages needs the privileged Message Content intent
        await bot.add_cog(InlineCog(app))
        await bot.add_cog(AutoAnswerCog(app))
    try:
        from bot.discord.cogs.board import BoardCog
    except ImportError:  # the engine is not installed in this build
        return
    await bot.add_cog(BoardCog(app))
