"""``rulesbot run``: start the Discord bot."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from pathlib import Path
from typing import cast

import click
import discord

from bot.cli import main
from bot.cli.errors import ExitCode
from bot.discord.app import SyncFunction
from bot.discord.config import BotConfig, ConfigError

log = logging.getLogger("rulesbot")

EXIT_CONFIG = ExitCode.USAGE  # no token, an unreadable config file, no knowledge base to serve
EXIT_REJECTED = ExitCode.DATA  # Discord refused the token or the intents


@main.command()
@click.option(
    "--config",
    "config_path",
    type=click.Path(path_type=Path),
    default=None,
    help="TOML config file (a [discord] table or top-level keys; see docs/discord.md).",
)
@click.option(
    "--db", "db_path", type=click.Path(path_type=Path), default=None, help="Knowledge-base file."
)
@click.option(
    "--state",
    "state_path",
    type=click.Path(path_type=Path),
    default=None,
    help="State database (server settings, feedback); never touched by a sync.",
)
@click.option(
    "--dev-guild",
    type=int,
    default=None,
    help="Sync slash commands to this one server (instant) instead of globally.",
)
@click.option(
    "--shards",
    type=int,
    default=None,
    help="Run sharded (AutoShardedClient); 0 lets Discord pick the count.",
)
@click.option(
    "--message-content/--no-message-content",
    default=None,
    help="Use the privileged Message Content intent (inline [[card]], auto-answers).",
)
@click.option(
    "--refresh-hours",
    type=float,
    default=None,
    help="Refresh the knowledge base from the network every N hours (0: never).",
)
@click.option(
    "--log-level",
    default="INFO",
    show_default=True,
    type=click.Choice(["DEBUG", "INFO", "WARNING", "ERROR"], case_sensitive=False),
)
def run(
    config_path: Path | None,
    db_path: Path | None,
    state_path: Path | None,
    dev_guild: int | None,
    shards: int | None,
    message_content: bool | None,
    refresh_hours: float | None,
    log_level: str,
) -> None:
    """Run the Discord bot (token from $DISCORD_TOKEN or the config file)."""
    discord.utils.setup_logging(level=getattr(logging, log_level.upper()), root=True)
    try:
        config = BotConfig.load(
            config_path,
            db_path=db_path,
            state_path=state_path,
            dev_guild=dev_guild,
            shards=shards,
            message_content=message_content,
            refresh_hours=refresh_hours,
        )
        token = config.require_token()
    except ConfigError as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(EXIT_CONFIG) from None
    raise SystemExit(asyncio.run(serve(config, token)))


async def serve(config: BotConfig, token: str, **bot_options: object) -> int:
    """Open the data, log in, serve until SIGINT/SIGTERM; the process exit code."""
    from bot.discord.app import BotApp, create_bot
    from bot.service import RulesService
    from bot.state import SqliteState
    from rulings_db.knowledge import KnowledgeBaseError

    try:
        service = RulesService.open(config.db_path, timeout=config.lookup_timeout)
    except KnowledgeBaseError as exc:
        log.error("%s", exc)
        return EXIT_CONFIG
    state = SqliteState(config.state_path)
    app = BotApp(service, state, config, sync=_network_sync())
    bot = create_bot(app, **bot_options)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        # not available off the main thread or on Windows: Ctrl-C then ends the process
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        return await _run_until_stopped(bot, token, stop)
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
        if not bot.is_closed():
            await bot.close()
        service.close()
        state.close()


async def _run_until_stopped(bot: discord.Client, token: str, stop: asyncio.Event) -> int:
    runner = asyncio.create_task(bot.start(token))
    stopper = asyncio.create_task(stop.wait())
    done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
    if stopper in done:
        log.info("shutting down")
        await bot.close()
        await asyncio.gather(runner, return_exceptions=True)
        return 0
    stopper.cancel()
    exc = runner.exception()
    if isinstance(exc, discord.LoginFailure):
        log.error("Discord rejected the token (401 Unauthorized): check DISCORD_TOKEN")
        return EXIT_REJECTED
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        log.error(
            "Message Content intent not granted: enable it for the bot in the Developer "
            "Portal, or run without --message-content (slash commands still work)"
        )
        return EXIT_REJECTED
    if exc is not None:
        log.error("the bot stopped: %s", exc)
        return ExitCode.DATA
    return ExitCode.FOUND


def _network_sync() -> SyncFunction:
    """The knowledge base's network sync, run on the refresh schedule (with the engine's
    reader of card mechanics for the build, bot/mechanics.py)."""
    from functools import partial

    from bot.mechanics import engine_mechanics
    from rulings_db.fetch import sync_from_network

    return cast(SyncFunction, partial(sync_from_network, mechanics_of=engine_mechanics))
