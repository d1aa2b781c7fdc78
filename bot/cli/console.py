"""``rulesbot console``: try the bot without a token. Type what you would type in chat."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import click

from bot.cli import main
from bot.paths import default_db_path


@main.command()
@click.option(
    "--db",
    "db_path",
    type=click.Path(path_type=Path),
    default=None,
    help="Knowledge-base file (default: $RULESBOT_DB or the per-user data folder).",
)
def console(db_path: Path | None) -> None:
    """A local prompt that prints what the bot would post (embeds as text).

    Reads lines from stdin, so it works piped: echo '/card vizier' | rulesbot console
    """
    from bot.service import RulesService
    from rulings_db.knowledge import KnowledgeBaseError

    path = db_path or default_db_path()
    try:
        service = RulesService.open(path)
    except KnowledgeBaseError as exc:
        raise click.ClickException(str(exc)) from None
    try:
        asyncio.run(_loop(service, interactive=sys.stdin.isatty()))
    finally:
        service.close()


async def _loop(service: object, *, interactive: bool) -> None:
    from bot.service import RulesService, respond_to_line
    from bot.service.core import HELP

    assert isinstance(service, RulesService)
    if interactive:
        click.echo(HELP + "\n(/quit or Ctrl-D to leave)")
    while True:
        if interactive:
            click.echo("> ", nl=False)
        line = await asyncio.to_thread(sys.stdin.readline)
        if not line:
            break
        if line.strip() in ("/quit", "/exit"):
            break
        for reply in await respond_to_line(service, line):
            click.echo(reply.to_text())
            click.echo("")
